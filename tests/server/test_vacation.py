"""Vacation (docs/clocks.md, "Vacation"), with a test clock: the allowance as a running
balance of whole days, starting and stopping through the API, the clocks that stand still
(correspondence and per-turn games that allow it; never live, never "without vacation"),
what the opponent sees, a game that starts while a player is away, the worker ending a
vacation once at its end (also after an outage), and the record that verifies it all."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

import clocks
from accounts.models import Profile
from accounts.vacation import accrued, days_used
from games import services
from games.models import ClockEvent, Game
from games.verify import check_game
from worker import loop as worker

from .clock_support import START, play_turn

pytestmark = pytest.mark.django_db

DAY = timedelta(days=1)
CORRESPONDENCE = {"kind": "correspondence", "seconds": 7 * 86400}  # a week's bank, vacation


def started(client_for, anna, bert, time_control) -> Game:
    """anna creates an invite with `time_control`, bert joins: the game runs."""
    answer = client_for(anna).post(
        "/api/games/", {"opponent": "invite", "time_control": time_control}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    game = Game.objects.get(pk=answer.json()["id"])
    assert client_for(bert).post(f"/api/games/invite/{game.invite_code}/join/").status_code == 200
    game.refresh_from_db()
    return game


def seat_of(game: Game, user) -> int:
    return game.seats.get(user=user).index


def reading(client_for, game: Game, viewer) -> dict:
    return client_for(viewer).get(f"/api/games/{game.pk}/").json()


# --- the allowance ------------------------------------------------------------------------------


def test_the_allowance_grows_a_day_a_week_up_to_thirty():
    joined = datetime(2026, 1, 1, tzinfo=UTC)
    assert accrued(7, joined, joined + 6 * DAY).days == 7  # a new account
    assert accrued(7, joined, joined + 7 * DAY).days == 8
    assert accrued(7, joined, joined + 70 * DAY).days == 17
    assert accrued(7, joined, joined + 700 * DAY).days == 30  # never above 30
    # a day that would go above 30 is not kept: used days are earned again from there
    full = accrued(30, joined, joined + 7 * DAY)
    assert (full.days, full.accrued_at) == (30, joined + 7 * DAY)
    assert accrued(20, full.accrued_at, full.accrued_at + 14 * DAY).days == 22


def test_a_vacation_uses_every_day_it_began_and_at_least_one():
    start = datetime(2026, 1, 1, tzinfo=UTC)
    assert days_used(start, start, 5) == 1  # starting and stopping is never free
    assert days_used(start, start + timedelta(hours=23), 5) == 1
    assert days_used(start, start + timedelta(hours=25), 5) == 2
    assert days_used(start, start + 9 * DAY, 5) == 5  # never more than it took


def test_start_and_stop_through_the_api_refund_the_days_not_begun(
    client_for, make_user, test_clock
):
    anna = make_user("anna", date_joined=START - 70 * DAY)  # 7 + 10 days
    client = client_for(anna)
    assert client.get("/api/account/vacation/").json() | {"next_day_at": None} == {
        "days": 17,
        "max_days": 30,
        "next_day_at": None,
        "used": 0,
        "started_at": None,
        "until": None,
        "charged": 0,
    }
    answer = client.post("/api/account/vacation/", {"days": 5}, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["days"] == 12 and answer.json()["charged"] == 5
    until = START + 5 * DAY
    assert answer.json()["until"].startswith(until.strftime("%Y-%m-%dT%H:%M"))
    test_clock.tick(DAY.total_seconds() + 3600)  # 25 hours: two days begun
    stopped = client.delete("/api/account/vacation/")
    assert stopped.status_code == 200
    assert stopped.json() | {"next_day_at": None} == {
        "days": 15,
        "max_days": 30,
        "next_day_at": None,
        "used": 2,
        "started_at": None,
        "until": None,
        "charged": 0,
    }


@pytest.mark.parametrize(
    ("days", "code", "status"), [(8, "invalid", 400), (0, "invalid", 400), ("3", "invalid", 400)]
)
def test_more_days_than_the_allowance_are_refused_and_nothing_changes(
    client_for, make_user, test_clock, days, code, status
):
    anna = make_user("anna")
    answer = client_for(anna).post(
        "/api/account/vacation/", {"days": days}, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert answer.status_code == status and answer.json()["code"] == code
    assert "days" in answer.json()["errors"]
    anna.profile.refresh_from_db()
    assert (anna.profile.vacation_until, anna.profile.vacation_days) == (None, 7)


def test_one_vacation_at_a_time_and_no_stop_without_one(client_for, make_user, test_clock):
    client = client_for(make_user("anna"))
    assert client.delete("/api/account/vacation/").json()["code"] == "not_on_vacation"
    assert client.post("/api/account/vacation/", {"days": 2}, format="json").status_code == 200
    again = client.post("/api/account/vacation/", {"days": 2}, format="json")
    assert (again.status_code, again.json()["code"]) == (409, "on_vacation")
    assert client.get("/api/account/vacation/").json()["days"] == 5
    assert client_for().get("/api/account/vacation/").status_code in (401, 403)


# --- the clocks ---------------------------------------------------------------------------------


def test_the_clock_stands_still_in_games_that_allow_it_and_the_opponent_sees_until(
    client_for, make_user, test_clock
):
    anna, bert, cees = make_user("anna"), make_user("bert"), make_user("cees")
    slow = started(client_for, anna, bert, CORRESPONDENCE)
    live = started(client_for, anna, cees, "live_10_20")
    strict = started(client_for, anna, cees, {**CORRESPONDENCE, "vacation": False})
    seat = seat_of(slow, anna)
    test_clock.tick(3600)
    client_for(anna).post("/api/account/vacation/", {"days": 3}, format="json")
    until = START + timedelta(hours=1) + 3 * DAY
    for game in (slow, live, strict):
        game.refresh_from_db()
    assert slow.clock["paused"][seat] is True
    assert live.clock["paused"] == [False, False]  # live games are not affected
    assert strict.clock["paused"] == [False, False]  # created without vacation
    assert list(ClockEvent.objects.values_list("game_id", "kind", "seat")) == [
        (slow.pk, "paused", seat)
    ]
    before = reading(client_for, slow, bert)["clock"]["remaining"][seat]
    test_clock.tick(2 * 86400)
    seen = reading(client_for, slow, bert)
    assert seen["clock"]["remaining"][seat] == before  # not a millisecond gone
    assert seen["clock"]["paused"][seat] is True
    plate = seen["players"][seat]
    assert datetime.fromisoformat(plate["vacation_until"]) == until
    assert seen["players"][1 - seat]["vacation_until"] is None
    other = reading(client_for, live, cees)["players"][seat_of(live, anna)]
    assert other["vacation_until"] is None  # her live clock runs: no "on vacation" there
    slow.refresh_from_db()
    assert slow.deadline_at is None or slow.current_seat != seat  # the worker waits
    assert check_game(slow).ok, check_game(slow).problem


def test_a_move_while_on_vacation_counts_no_time_and_stop_resumes(
    client_for, make_user, test_clock
):
    anna, bert = make_user("anna"), make_user("bert")
    game = started(client_for, anna, bert, CORRESPONDENCE)
    mover = game.seats.get(index=game.current_seat).user
    seat = game.current_seat
    client_for(mover).post("/api/account/vacation/", {"days": 4}, format="json")
    test_clock.tick(86400)
    play_turn(game)  # on vacation, a turn may still be played: no time used
    game.refresh_from_db()
    assert game.clock["banks"][seat] == 7 * 86400_000
    test_clock.tick(86400)
    play_turn(game)  # the opponent's turn: their clock ran a day
    client_for(mover).delete("/api/account/vacation/")
    test_clock.tick(3600)
    game.refresh_from_db()
    assert game.clock["paused"] == [False, False]
    left = reading(client_for, game, mover)["clock"]["remaining"][seat]
    assert left == 7 * 86400_000 - 3600_000  # runs again from the stop
    kinds = list(ClockEvent.objects.filter(game=game).values_list("kind", flat=True))
    assert kinds == ["paused", "resumed"]
    assert check_game(game).ok, check_game(game).problem


def test_a_game_that_starts_while_a_player_is_away_starts_paused_for_them(
    client_for, make_user, test_clock
):
    anna, bert = make_user("anna"), make_user("bert")
    client_for(bert).post("/api/account/vacation/", {"days": 2}, format="json")
    game = started(client_for, anna, bert, "per_turn_1d")
    seat = seat_of(game, bert)
    assert game.clock["paused"][seat] is True
    assert ClockEvent.objects.get(game=game).kind == "paused"
    assert reading(client_for, game, anna)["players"][seat]["vacation_until"] is not None
    test_clock.tick(1.5 * 86400)  # past a day's deadline: nothing happens to bert
    assert worker.tick(test_clock.now)["timeouts"] == 0
    test_clock.tick(86400)
    assert worker.tick(test_clock.now)["vacations"] == 1  # it ended at day 2
    resumed = ClockEvent.objects.get(game=game, kind="resumed")
    assert (resumed.at, resumed.seat) == (START + 2 * DAY, seat)
    assert reading(client_for, game, anna)["players"][seat]["vacation_until"] is None
    game.refresh_from_db()
    assert check_game(game).ok, check_game(game).problem


def test_the_worker_ends_a_vacation_once_at_its_end_also_after_an_outage(
    client_for, make_user, test_clock
):
    anna, bert = make_user("anna"), make_user("bert")
    game = started(client_for, anna, bert, CORRESPONDENCE)
    seat = game.current_seat
    away = game.seats.get(index=seat).user
    client_for(away).post("/api/account/vacation/", {"days": 2}, format="json")
    end = START + 2 * DAY
    assert worker.tick(end - timedelta(milliseconds=1))["vacations"] == 0
    test_clock.at(end + 3 * DAY)  # the worker was down for three days
    assert worker.tick(test_clock.now)["vacations"] == 1
    assert worker.tick(test_clock.now)["vacations"] == 0  # exactly once
    profile = Profile.objects.get(user=away)
    assert (profile.vacation_until, profile.vacation_used, profile.vacation_days) == (None, 2, 5)
    resumed = ClockEvent.objects.get(game=game, kind="resumed")
    assert resumed.at == end  # at its own end, not the worker's late instant
    game.refresh_from_db()
    left = reading(client_for, game, away)["clock"]["remaining"][seat]
    assert left == 7 * 86400_000 - 3 * 86400_000  # it ran from the end of the vacation
    assert game.deadline_at == end + 7 * DAY  # the worker's next act
    assert check_game(game).ok, check_game(game).problem


def test_a_seat_already_out_of_time_is_not_rescued_by_a_vacation(client_for, make_user, test_clock):
    anna, bert = make_user("anna"), make_user("bert")
    game = started(client_for, anna, bert, "per_turn_1d")
    late = game.seats.get(index=game.current_seat).user
    test_clock.tick(86400 + 1)  # past the deadline; "claim": the opponent may claim
    client_for(late).post("/api/account/vacation/", {"days": 3}, format="json")
    game.refresh_from_db()
    assert game.clock["paused"] == [False, False]
    assert not ClockEvent.objects.filter(game=game).exists()
    assert clocks.expired(clocks.ClockState.from_json(game.clock), clocks.to_ms(test_clock.now))


def test_a_paused_game_is_neither_timed_out_nor_reminded(client_for, make_user, test_clock):
    anna, bert = make_user("anna"), make_user("bert")
    game = started(
        client_for, anna, bert, {"kind": "per_turn", "seconds": 3600, "on_timeout": "auto"}
    )
    away = game.seats.get(index=game.current_seat).user
    client_for(away).post("/api/account/vacation/", {"days": 1}, format="json")
    for hours in (1, 2, 23):
        done = worker.tick(START + timedelta(hours=hours))
        assert (done["timeouts"], done["reminders"]) == (0, 0)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.deadline_at is None
    services.game_timeout(game=game, now=START + timedelta(hours=23))  # nothing due
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_the_schema_describes_the_vacation_api(client):
    paths = client.get("/api/schema/", {"format": "json"}).json()["paths"]
    operations = paths["/api/account/vacation/"]
    assert set(operations) >= {"get", "post", "delete"}
    started = operations["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert started["$ref"].endswith("/VacationStartRequest")
