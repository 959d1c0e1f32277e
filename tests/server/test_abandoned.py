"""A game against the computer that the person leaves untouched at their turn for 30 days
ends as abandoned (docs/clocks.md): the worker logs `abandon` once, also when it comes late,
unrated; the record verifies, and an `abandon` logged too early does not."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from games import services
from games.models import Game, Move
from games.verify import check_game, verify_export
from worker import loop as worker

from .clock_support import START

pytestmark = pytest.mark.django_db

THIRTY_DAYS = timedelta(days=30)


@pytest.fixture
def waiting(make_user, test_clock) -> Game:
    """A game against the computer, the person's turn, its last entry at START."""
    game = services.game_create(user=make_user("anna"), opponent="computer")
    services.bot_move(game)  # the computer's first turn, if it has one (no hooks here)
    game.refresh_from_db()
    assert game.current_seat == game.seats.get(is_computer=False).index
    return game


def test_an_untouched_game_is_abandoned_once_after_thirty_days(waiting, test_clock, client_for):
    touched = Move.objects.filter(game=waiting).order_by("-seq").first()
    since = touched.created if touched else waiting.started_at
    person = waiting.current_seat
    test_clock.at(since + THIRTY_DAYS - timedelta(milliseconds=1))
    assert worker.tick(test_clock.now)["abandoned"] == 0
    test_clock.at(since + THIRTY_DAYS + timedelta(days=4))  # the worker was down 4 days
    assert worker.tick(test_clock.now)["abandoned"] == 1
    assert worker.tick(test_clock.now)["abandoned"] == 0  # exactly once
    waiting.refresh_from_db()
    assert waiting.status == Game.Status.FINISHED and not waiting.rated
    assert waiting.result["reason"] == "abandon"
    assert (waiting.result["loser"], waiting.result["winners"]) == (person, [1 - person])
    last = Move.objects.filter(game=waiting).order_by("-seq").first()
    assert last.payload == {"type": "abandon", "seat": person} and last.seat == person
    assert check_game(waiting).ok, check_game(waiting).problem
    export = client_for(None).get(f"/api/games/{waiting.pk}/export/").json()
    assert verify_export(export).ok, verify_export(export).problem


def test_a_move_within_the_thirty_days_starts_them_again(waiting, test_clock):
    from .clock_support import play_turn

    test_clock.at(START + timedelta(days=29))
    play_turn(waiting)  # the person plays; the computer's answer needs the worker
    worker.tick(test_clock.now)
    test_clock.at(START + timedelta(days=31))
    assert worker.tick(test_clock.now)["abandoned"] == 0
    waiting.refresh_from_db()
    assert waiting.status == Game.Status.ACTIVE


def test_an_abandon_logged_too_early_does_not_verify(waiting, test_clock, client_for):
    test_clock.at(START + THIRTY_DAYS + timedelta(days=1))
    worker.tick(test_clock.now)
    export = json.loads(json.dumps(client_for(None).get(f"/api/games/{waiting.pk}/export/").json()))
    export["log"][-1]["created"] = (START + timedelta(days=29)).isoformat()
    report = verify_export(export)
    assert not report.ok and "30 days" in report.problem


def test_a_person_cannot_send_abandon(waiting, client_for):
    anna = waiting.seats.get(is_computer=False).user
    answer = client_for(anna).post(
        f"/api/games/{waiting.pk}/moves/",
        {"move": {"type": "abandon", "seat": 1}, "expected_seq": waiting.seq},
        format="json",
    )
    assert answer.status_code == 400
    waiting.refresh_from_db()
    assert waiting.status == Game.Status.ACTIVE
