"""The background worker: the computer's turns, and work that survives a restart without
being lost or repeated. The worker is driven here one pass at a time (`tick`)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command

from games import services
from games.models import Game, Move
from notifications.models import Notification
from worker import loop as worker

from .factories import GameFactory, UserFactory
from .realtime_support import (  # noqa: F401  (fixtures)
    fresh_channel_layer,
    play_first_legal,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def in_worker(settings):
    settings.DWAALHOF_BOT_MOVES = "worker"


def computer_game(user) -> Game:
    return GameFactory(creator=user, opponent="computer")


def computer_index(game: Game) -> int:
    return game.seats.get(is_computer=True).index


def human_plays_turn(game: Game) -> None:
    game.refresh_from_db()
    human = 1 - computer_index(game)
    while game.status == Game.Status.ACTIVE and game.current_seat == human:
        play_first_legal(game)
        game.refresh_from_db()


def test_the_computer_plays_its_turn_in_the_worker_through_the_same_log(in_worker):
    anna = UserFactory(username="anna")
    game = computer_game(anna)
    bot = computer_index(game)
    human_plays_turn(game)
    game.refresh_from_db()
    assert game.current_seat == bot  # nothing happens until the worker runs
    before = game.seq
    done = worker.tick()
    game.refresh_from_db()
    assert done["computer_moves"] > 0
    assert game.current_seat == 1 - bot
    moves = Move.objects.filter(game=game, seq__gte=before)
    assert {m.seat for m in moves if not m.auto} == {bot}
    assert [m.seq for m in moves] == list(range(before, game.seq))
    assert worker.tick()["computer_moves"] == 0  # the human's turn: nothing to do


def test_a_game_against_the_computer_can_be_played_to_the_end_with_no_one_else_online(in_worker):
    anna = UserFactory(username="anna")
    game = computer_game(anna)
    for _ in range(40):  # 12 turns: 6 for each side
        human_plays_turn(game)
        worker.tick()
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
    assert game.status == Game.Status.FINISHED
    assert game.result["reason"] == "end"
    assert Notification.objects.filter(user=anna, kind="game_over").count() == 1


def test_the_inline_setting_plays_the_computer_right_after_the_human_move(settings):
    settings.DWAALHOF_BOT_MOVES = "inline"
    anna = UserFactory(username="anna")
    game = computer_game(anna)
    bot = computer_index(game)
    while not Move.objects.filter(game=game, seat=bot).exists():
        play_first_legal(game)  # the human's moves, until the computer has had a turn
    game.refresh_from_db()
    assert game.current_seat == 1 - bot  # its whole turn was played within that request


def test_due_work_left_by_a_stopped_worker_is_done_by_the_next_one_once(in_worker, mailoutbox):
    anna = UserFactory(username="anna", email="anna@example.org")
    bram = UserFactory(username="bram", email="bram@example.org")
    game = GameFactory(creator=anna, joiner=bram, turn_seconds=3600)
    # Nobody ran the worker: a mail waits, and later the deadline passes.
    assert Notification.objects.filter(email=Notification.Email.PENDING).count() == 1
    call_command("run_worker", "--once")
    assert len(mailoutbox) == 1
    late = game.deadline_at + timedelta(seconds=1)
    first, second = worker.tick(late), worker.tick(late)  # e.g. two workers, or a restart
    assert (first["timeouts"], second["timeouts"]) == (1, 0)
    assert (first["emails"], second["emails"]) == (0, 0)
    assert Move.objects.filter(game=game, payload__type="timeout").count() == 1
    assert len(mailoutbox) == 1


def test_a_mail_that_failed_to_send_stays_queued_and_goes_out_on_the_next_pass(
    mailoutbox, monkeypatch
):
    from notifications import emails

    anna = UserFactory(username="anna", email="anna@example.org")
    bram = UserFactory(username="bram", email="bram@example.org")
    GameFactory(creator=anna, joiner=bram)

    def mail_server_down(*args, **kwargs):
        raise OSError("connection refused")

    monkeypatch.setattr(emails.EmailMessage, "send", mail_server_down)
    assert worker.tick()["emails"] == 0
    assert Notification.objects.filter(email=Notification.Email.PENDING).count() == 1
    monkeypatch.undo()
    assert worker.tick()["emails"] == 1
    assert len(mailoutbox) == 1


def test_a_computer_turn_interrupted_half_way_is_finished_by_the_next_pass(in_worker, monkeypatch):
    anna = UserFactory(username="anna")
    game = computer_game(anna)
    human_plays_turn(game)
    real_submit = services.move_submit
    calls = {"n": 0}

    def crash_after_two_moves(**kwargs):
        calls["n"] += 1
        if calls["n"] > 2:
            raise RuntimeError("worker killed")
        return real_submit(**kwargs)

    monkeypatch.setattr(services, "move_submit", crash_after_two_moves)
    worker.tick()
    game.refresh_from_db()
    assert game.current_seat == computer_index(game)  # stopped in the middle of its turn
    half = game.seq
    monkeypatch.undo()
    worker.tick()
    game.refresh_from_db()
    assert game.current_seat == 1 - computer_index(game)
    seqs = list(Move.objects.filter(game=game).values_list("seq", flat=True))
    assert seqs == list(range(game.seq)) and game.seq > half
