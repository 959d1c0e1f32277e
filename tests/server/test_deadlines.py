"""Turn deadlines with a controllable clock: the reminder near the end (once), and the loss
on time when the deadline passes (once), logged as a system entry."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.models import Game, Move
from notifications import reminders as reminder_jobs
from notifications.models import Notification
from worker import loop as worker

from .factories import GameFactory, UserFactory
from .helpers import staff_client
from .realtime_support import (  # noqa: F401  (fixtures)
    fresh_channel_layer,
    play_first_legal,
)

pytestmark = pytest.mark.django_db(transaction=True)

HOUR = 3600
Kind = Notification.Kind


def at(game: Game, fraction: float):
    """The moment when `fraction` of the current turn's time is gone."""
    game.refresh_from_db()
    return game.turn_started_at + timedelta(seconds=game.turn_seconds * fraction)


def reminders(user) -> int:
    return Notification.objects.filter(user=user, kind=Kind.DEADLINE_NEAR).count()


def test_a_new_game_gets_the_default_deadline_of_24_hours():
    game = GameFactory(creator=UserFactory(username="anna"), joiner=UserFactory(username="bram"))
    assert game.turn_seconds == 24 * HOUR
    assert game.deadline_at - game.turn_started_at == timedelta(hours=24)


def test_the_reminder_comes_once_when_80_percent_of_the_turn_is_gone():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b, turn_seconds=10 * HOUR)
    at_turn = game.seats.get(index=game.current_seat).user
    waiting = b if at_turn == a else a
    worker.tick(at(game, 0.79))
    assert reminders(at_turn) == 0
    worker.tick(at(game, 0.8))
    assert reminders(at_turn) == 1
    worker.tick(at(game, 0.9))
    worker.tick(at(game, 0.99))
    assert reminders(at_turn) == 1
    assert reminders(waiting) == 0
    note = Notification.objects.get(user=at_turn, kind=Kind.DEADLINE_NEAR)
    assert note.text.startswith(f"Je bedenktijd in partij {game.pk} is bijna om")


def test_each_turn_has_its_own_reminder():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b, turn_seconds=HOUR)
    first = game.seats.get(index=game.current_seat).user
    worker.tick(at(game, 0.85))
    while Game.objects.get(pk=game.pk).current_seat == game.current_seat:
        play_first_legal(game)
    game.refresh_from_db()
    second = game.seats.get(index=game.current_seat).user
    assert second != first
    worker.tick(at(game, 0.5))
    assert reminders(second) == 0
    worker.tick(at(game, 0.85))
    assert (reminders(first), reminders(second)) == (1, 1)


def test_the_deadline_passing_ends_the_game_once_as_a_loss_on_time_for_the_seat_to_move():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b, turn_seconds=HOUR)
    late = game.current_seat
    worker.tick(at(game, 0.999))
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
    deadline = Game.objects.get(pk=game.pk).deadline_at
    assert worker.tick(deadline)["timeouts"] == 1
    assert worker.tick(deadline + timedelta(minutes=1))["timeouts"] == 0
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result["reason"] == "timeout" and game.result["loser"] == late
    assert game.result["winners"] == [1 - late]
    system = Move.objects.filter(game=game, payload__type="timeout")
    assert [(m.seat, m.payload) for m in system] == [(late, {"type": "timeout", "seat": late})]
    assert system.get().seq == game.seq - 1  # appended like any move, at the end of the log


def test_the_opponent_and_the_late_player_are_told_it_was_a_loss_on_time():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b, turn_seconds=HOUR)
    late_user = game.seats.get(index=game.current_seat).user
    winner = b if late_user == a else a
    worker.tick(at(game, 1.0))
    over = Notification.objects.get(user=winner, kind=Kind.GAME_OVER).text
    assert f"je hebt gewonnen ({late_user.username} heeft niet op tijd gezet)" in over
    over = Notification.objects.get(user=late_user, kind=Kind.GAME_OVER).text
    assert "je hebt verloren (je hebt niet op tijd gezet)" in over


def test_the_admin_sees_that_the_game_ended_on_time(client):
    from django.contrib.auth import get_user_model

    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b, turn_seconds=HOUR)
    worker.tick(at(game, 1.0))
    admin = get_user_model().objects.create_superuser("beheer", "b@example.org", "x-geheim-123")
    page = staff_client(admin).get(f"/admin/games/game/{game.pk}/change/").content.decode()
    assert "timeout" in page


def test_a_worker_that_was_down_past_the_deadline_ends_the_game_without_a_late_reminder():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b, turn_seconds=HOUR)
    at_turn = game.seats.get(index=game.current_seat).user
    done = worker.tick(at(game, 3.0))
    assert done["timeouts"] == 1 and done["reminders"] == 0
    assert reminders(at_turn) == 0


def test_reminder_moment_is_80_percent_of_the_chosen_turn_time():
    game = GameFactory(
        creator=UserFactory(username="anna"),
        joiner=UserFactory(username="bram"),
        turn_seconds=14 * 24 * HOUR,
    )
    [(left, when)] = reminder_jobs.reminders_of(game)
    assert when - game.turn_started_at == timedelta(seconds=0.8 * 14 * 24 * HOUR)
    assert left == 0.2 * 14 * 24 * HOUR * 1000  # ms left when it goes out
    assert worker.tick(at(game, 0.81))["reminders"] == 1
