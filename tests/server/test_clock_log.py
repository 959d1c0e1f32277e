"""The log is the clock's truth: verify_game folds the clock again from the log's timestamps
and the clock events, accepts a timeout that was due and refuses a forged early one; and the
'time running low' reminders follow the clock's reminder instants, each once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction

import engine
from appendonly.models import AppendOnlyError
from games import clock, selectors, services
from games.models import ClockEvent, Game
from games.verify import check_game
from notifications.models import Notification
from worker import loop as worker

from .clock_support import play_turn
from .test_clocks_in_play import opponent_of_seat_at_turn, started

pytestmark = pytest.mark.django_db


def claim(client_for, game: Game, choice: str):
    answer = client_for(opponent_of_seat_at_turn(game)).post(
        f"/api/games/{game.pk}/claim/", {"choice": choice}, format="json"
    )
    assert answer.status_code == 200, answer.json()


def test_verify_game_accepts_timeouts_that_were_due(client_for, make_user, test_clock):
    claimed = started(client_for, make_user, time_control="live_10_20")
    test_clock.tick(40)
    play_turn(claimed)
    claimed.refresh_from_db()
    test_clock.at(claimed.deadline_at + timedelta(seconds=5))
    claim(client_for, claimed, "wait")  # two minutes more, then the claim after they ran out
    claimed.refresh_from_db()
    test_clock.at(claimed.deadline_at)
    claim(client_for, claimed, "win")
    graced = started(client_for, make_user, ("cor", "dien"), time_control="correspondence_3d_1d_7d")
    worker.tick(graced.deadline_at + timedelta(hours=72))
    for game in (claimed, graced):
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED and game.result["reason"] == "timeout"
        report = check_game(game)
        assert report.ok, report.problem
        assert "the stored clock equals the one folded from the log" in report.checks
    call_command("verify_game", str(graced.pk))


def forge_timeout(game: Game, monkeypatch, at) -> None:
    """What a forger with the server's own code could log: a timeout at `at`, the clock's
    check left out (the service itself refuses to fold an early one)."""
    monkeypatch.setattr(clock, "state_of", lambda _game: None)
    with transaction.atomic():
        locked = services._lock(game.pk)
        seat = locked.current_seat
        services._system_move(locked, engine.Move("timeout", seat=seat), seat, at)
    monkeypatch.undo()


@pytest.mark.parametrize(
    ("control", "early"),
    [
        ({"kind": "live", "seconds": 600, "on_timeout": "auto"}, timedelta(seconds=-1)),
        ("live_10_20", timedelta(seconds=30)),  # past the deadline, in the grace, unclaimed
    ],
)
def test_verify_game_refuses_a_timeout_logged_before_it_was_due(
    client_for, make_user, monkeypatch, control, early
):
    game = started(client_for, make_user, time_control=control)
    forge_timeout(game, monkeypatch, game.deadline_at + early)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    report = check_game(game)
    assert not report.ok
    assert report.problem == f"the timeout at entry {game.seq - 1} was not due yet"
    with pytest.raises(CommandError, match="not due yet"):
        call_command("verify_game", str(game.pk))


def test_a_move_logged_after_the_time_ran_out_does_not_verify(client_for, make_user, monkeypatch):
    game = started(client_for, make_user, time_control="live_5_10")
    late = game.deadline_at + timedelta(seconds=1)
    monkeypatch.setattr(clock, "state_of", lambda _game: None)  # a server without the check
    services.move_submit(
        game=game,
        user=game.seats.get(index=game.current_seat).user,
        move=engine.legal_moves(selectors.game_state(game))[0],
        expected_seq=game.seq,
        now=late,
    )
    monkeypatch.undo()
    game.refresh_from_db()
    assert check_game(game).problem == "entry 0 came after its seat's time ran out"


# --- reminders ----------------------------------------------------------------------------------


def low_time(user) -> int:
    return Notification.objects.filter(user=user, kind=Notification.Kind.DEADLINE_NEAR).count()


def test_correspondence_reminds_at_a_fifth_of_the_bank_and_at_one_hour_each_once(
    client_for, make_user
):
    game = started(client_for, make_user, time_control="correspondence_1d_12h_3d")
    at_turn = game.seats.get(index=game.current_seat).user
    deadline = game.deadline_at
    fifth = deadline - timedelta(hours=24 / 5)
    assert worker.tick(fifth - timedelta(seconds=1))["reminders"] == 0
    assert worker.tick(fifth)["reminders"] == 1
    assert worker.tick(fifth + timedelta(minutes=5))["reminders"] == 0
    assert worker.tick(deadline - timedelta(hours=1))["reminders"] == 1
    assert worker.tick(deadline - timedelta(minutes=1))["reminders"] == 0
    assert low_time(at_turn) == 2
    assert low_time(opponent_of_seat_at_turn(game)) == 0


def test_time_given_after_a_timeout_does_not_remind_again(client_for, make_user, test_clock):
    game = started(client_for, make_user, time_control="correspondence_1d_12h_3d")
    at_turn = game.seats.get(index=game.current_seat).user
    worker.tick(test_clock.at(game.deadline_at - timedelta(minutes=30)))  # both thresholds
    assert low_time(at_turn) == 1  # one reminder for the two passed at once
    test_clock.at(game.deadline_at + timedelta(hours=1))
    claim(client_for, game, "wait")  # one day more: below a fifth of the bank, above 1 h
    game.refresh_from_db()
    assert worker.tick(game.deadline_at - timedelta(minutes=59))["reminders"] == 0
    assert low_time(at_turn) == 1


def test_a_live_game_reminds_at_a_fifth_of_the_bank(client_for, make_user):
    game = started(client_for, make_user, time_control="live_5_10")
    assert worker.tick(game.deadline_at - timedelta(seconds=61))["reminders"] == 0
    assert worker.tick(game.deadline_at - timedelta(seconds=60))["reminders"] == 1


def test_clock_events_are_read_only_in_the_admin(admin_client, client_for, make_user, test_clock):
    game = started(client_for, make_user, time_control="live_10_20")
    test_clock.at(game.deadline_at)
    claim(client_for, game, "wait")
    event = ClockEvent.objects.get(game=game)
    page = admin_client.get(f"/admin/games/clockevent/{event.pk}/change/").content.decode()
    assert "time_given" in page or "tijd gegeven" in page
    assert 'name="_save"' not in page and "deletelink" not in page
    delete = admin_client.post(f"/admin/games/clockevent/{event.pk}/delete/", {"post": "yes"})
    assert delete.status_code == 403 and ClockEvent.objects.filter(pk=event.pk).exists()
    with pytest.raises(AppendOnlyError):
        ClockEvent.objects.filter(pk=event.pk).update(ms=1)
