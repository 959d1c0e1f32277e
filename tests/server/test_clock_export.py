"""The export carries the clock's record (the time control, the start, every ClockEvent:
vacations, time given, the claim), so a finished game's clock and its timeout verify
offline; a record with an event taken out or moved does not."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from games.models import ClockEvent, Game
from games.verify import check_game, verify_export

from .clock_support import START

pytestmark = pytest.mark.django_db

DAY = 86400


@pytest.fixture
def claimed_game(client_for, make_user, test_clock) -> Game:
    """A correspondence game (1 day, "claim"): the seat at turn takes a vacation, stops it
    after 12 hours, runs out of time; the opponent gives a day, then claims the win."""
    anna, bert = make_user("anna"), make_user("bert")
    tc = {"kind": "correspondence", "seconds": DAY}
    body = (
        client_for(anna)
        .post("/api/games/", {"opponent": "invite", "time_control": tc}, format="json")
        .json()
    )
    game = Game.objects.get(pk=body["id"])
    client_for(bert).post(f"/api/games/invite/{game.invite_code}/join/")
    game.refresh_from_db()
    late = game.seats.get(index=game.current_seat).user
    other = game.seats.get(index=1 - game.current_seat).user
    test_clock.tick(3600)
    assert (
        client_for(late).post("/api/account/vacation/", {"days": 2}, format="json").status_code
        == 200
    )
    test_clock.tick(12 * 3600)
    assert client_for(late).delete("/api/account/vacation/").status_code == 200
    test_clock.tick(DAY)  # 25 h of clock used: out of time
    claim = f"/api/games/{game.pk}/claim/"
    assert client_for(other).post(claim, {"choice": "wait"}, format="json").status_code == 200
    test_clock.tick(DAY + 60)  # the day given is gone too
    assert client_for(other).post(claim, {"choice": "win"}, format="json").status_code == 200
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result["reason"] == "timeout"
    return game


def exported(client_for, game: Game) -> dict:
    return json.loads(json.dumps(client_for(None).get(f"/api/games/{game.pk}/export/").json()))


def test_the_export_carries_the_clock_events_and_verifies_offline(client_for, claimed_game):
    export = exported(client_for, claimed_game)
    assert [e["kind"] for e in export["clock_events"]] == [
        "paused",
        "resumed",
        "time_given",
        "claimed",
    ]
    assert export["time_control"]["kind"] == "correspondence"
    assert export["clock"] == claimed_game.clock
    report = verify_export(export)
    assert report.ok, report.problem
    assert any("every timeout was due" in check for check in report.checks)
    assert check_game(claimed_game).ok


def _drop(kind):
    def tamper(export):
        export["clock_events"] = [e for e in export["clock_events"] if e["kind"] != kind]

    return tamper


def _earlier_claim(export):
    claim = next(e for e in export["clock_events"] if e["kind"] == "time_given")
    claim["at"] = (START + timedelta(hours=2)).isoformat()  # before the time ran out


@pytest.mark.parametrize(
    ("tamper", "problem"),
    [
        (_drop("paused"), "does not fold"),  # a resumption without a pause
        (_drop("resumed"), "does not fold"),  # still paused: nothing could be claimed
        (_drop("claimed"), "not due yet"),  # no claim: the grace was not over
        (_drop("time_given"), "differs"),  # the clock at the end is not the one folded
        (_earlier_claim, "does not fold"),
    ],
    ids=["paused", "resumed", "claimed", "time_given", "moved"],
)
def test_a_tampered_clock_record_does_not_verify(client_for, claimed_game, tamper, problem):
    export = exported(client_for, claimed_game)
    tamper(export)
    report = verify_export(export)
    assert not report.ok
    assert problem in report.problem


def test_a_game_without_clock_events_still_verifies_and_says_what_it_checked(
    client_for, claimed_game
):
    assert ClockEvent.objects.filter(game=claimed_game).count() == 4
    export = exported(client_for, claimed_game)
    export["clock_seq"] = 3  # an export of a game stored before time controls
    report = verify_export(export)
    assert report.ok and "not checked" in report.checks[-1]
