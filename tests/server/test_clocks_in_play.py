"""Time controls in play, with a test clock: chosen at creation (presets, custom, refusals in
Dutch and English), read after moves, a move out of time refused, the worker's timeout on
the clock ("auto" at the deadline; "claim": the opponent claims the win or gives time, or the
claim happens by itself after the grace)."""

from __future__ import annotations

from datetime import timedelta

import pytest

import clocks
from games import services
from games.models import ClockEvent, Game, Move
from games.verify import check_game
from worker import loop as worker

from .clock_support import play_turn
from .realtime_support import first_legal, user_at_turn

pytestmark = pytest.mark.django_db

MINUTE = 60


def create(client, **body):
    return client.post("/api/games/", {"opponent": "invite", **body}, format="json")


def started(client_for, make_user, names=("anna", "bert"), **body) -> Game:
    """anna creates an invite with `body`, bert joins: the game runs."""
    anna, bert = make_user(names[0]), make_user(names[1])
    answer = create(client_for(anna), **body)
    assert answer.status_code == 201, answer.json()
    game = Game.objects.get(pk=answer.json()["id"])
    joined = client_for(bert).post(f"/api/games/invite/{game.invite_code}/join/")
    assert joined.status_code == 200
    game.refresh_from_db()
    return game


def detail(client_for, game: Game, user=None) -> dict:
    game.refresh_from_db()
    user = user or game.seats.get(index=0).user
    return client_for(user).get(f"/api/games/{game.pk}/").json()


def opponent_of_seat_at_turn(game: Game):
    game.refresh_from_db()
    return game.seats.get(index=1 - game.current_seat).user


# --- creation -----------------------------------------------------------------------------------


def test_a_preset_is_stored_as_its_control_with_vacation(client_for, make_user):
    answer = create(client_for(make_user("anna")), time_control="correspondence_3d_1d_7d")
    assert answer.status_code == 201
    assert answer.json()["time_control"] == {
        "kind": "correspondence",
        "seconds": 3 * 86400,
        "increment": 86400,
        "cap": 7 * 86400,
        "vacation": True,
        "on_timeout": "claim",
    }
    assert answer.json()["clock"] is None  # not started: nobody's clock runs yet


def test_a_custom_control_takes_its_defaults(client_for, make_user):
    custom = {"kind": "live", "seconds": 15 * MINUTE, "increment": 5, "on_timeout": "auto"}
    answer = create(client_for(make_user("anna")), time_control=custom)
    assert answer.status_code == 201
    assert answer.json()["time_control"] == {**custom, "cap": None, "vacation": False}


def test_a_preset_with_the_automatic_loss_goes_as_its_values_and_ends_at_the_deadline(
    client_for, make_user, test_clock
):
    """A preset's name carries "claim"; the form sends a preset with "automatic loss" as the
    preset's values with `on_timeout: "auto"` (docs/api.md, "Time controls")."""
    preset = clocks.PRESETS["correspondence_3d_1d_7d"].to_json()
    game = started(client_for, make_user, time_control={**preset, "on_timeout": "auto"})
    assert game.time_control == {**preset, "on_timeout": "auto"}
    late, deadline = game.current_seat, game.deadline_at
    assert worker.tick(deadline)["timeouts"] == 1  # no grace: lost at the deadline
    game.refresh_from_db()
    assert game.result["reason"] == "timeout" and game.result["loser"] == late


def test_without_a_time_control_a_game_keeps_todays_per_turn_deadline(client_for, make_user):
    answer = create(client_for(make_user("anna")), turn_seconds=7200)
    control = answer.json()["time_control"]
    assert control == clocks.TimeControl.stored(7200).to_json()
    assert control["on_timeout"] == "auto" and answer.json()["turn_seconds"] == 7200


@pytest.mark.parametrize(
    ("lang", "body", "said"),
    [
        ("nl", {"time_control": "blitz_1"}, "Onbekende tijdsinstelling: blitz_1."),
        ("en", {"time_control": "blitz_1"}, "Unknown time control: blitz_1."),
        (
            "nl",
            {"time_control": {"kind": "live", "seconds": 90}},
            "De bedenktijd moet tussen 180 en 3600 seconden liggen, in stappen van 60.",
        ),
        (
            "en",
            {"time_control": {"kind": "live", "seconds": 90}},
            "The thinking time must be between 180 and 3600 seconds, in steps of 60.",
        ),
        ("en", {"time_control": {"kind": "blitz", "seconds": 600}}, "Choose live, "),
        ("nl", {"time_control": {"kind": "live", "seconds": 600, "vacation": True}}, "hoort niet"),
        (
            "en",
            {"time_control": "live_10_20", "turn_seconds": 7200},
            "Give time_control or turn_seconds, not both.",
        ),
    ],
)
def test_a_refused_time_control_says_why_in_the_request_language(
    client_for, make_user, lang, body, said
):
    client = client_for(make_user("anna"))
    answer = client.post(
        "/api/games/", {"opponent": "invite", **body}, format="json", HTTP_ACCEPT_LANGUAGE=lang
    )
    assert answer.status_code == 400 and answer.json()["code"] == "invalid"
    assert said in answer.json()["errors"]["time_control"][0]
    assert Game.objects.count() == 0


def test_a_game_against_the_computer_runs_no_clock(client_for, make_user):
    client = client_for(make_user("anna"))
    refused = client.post(
        "/api/games/",
        {"opponent": "computer", "time_control": "live_5_10"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert refused.status_code == 400
    assert refused.json()["errors"]["time_control"] == ["No clock runs against the computer."]
    game = client.post("/api/games/", {"opponent": "computer"}, format="json").json()
    assert (game["time_control"], game["clock"], game["timeout"]) == (None, None, None)
    assert game["deadline_at"] is None  # the worker never times the person out


def test_a_rematch_keeps_the_time_control(client_for, make_user):
    game = started(client_for, make_user, time_control="live_20_30")
    anna = game.seats.get(index=0).user
    services.game_resign(game=game, user=anna)
    new, _created = services.game_rematch(game=game, user=anna)
    assert new.time_control == game.time_control
    assert new.time_control["kind"] == "live"


def test_the_content_offers_the_presets_and_the_bounds(client):
    offered = client.get("/api/content/").json()["time_controls"]
    names = [preset["name"] for preset in offered["presets"]]
    assert names == list(clocks.PRESETS)
    assert offered["bounds"]["live"]["seconds"] == [180, 3600, 60]
    assert offered["bounds"]["correspondence"]["cap"] == [86400, 14 * 86400, 3600]
    assert offered["bounds"]["per_turn"]["cap"] is None


# --- the clock in play --------------------------------------------------------------------------


def test_three_turns_of_30_seconds_in_a_10_plus_20_game(client_for, make_user, test_clock):
    game = started(client_for, make_user, time_control="live_10_20")
    first = game.current_seat
    for _turn in range(3):
        test_clock.tick(30)
        play_turn(game)
    test_clock.tick(5)  # the second seat has thought 5 s of its second turn
    clock = detail(client_for, game)["clock"]
    # first seat: two turns (-30 +20 each); second: one turn, and 5 s of the next
    left = {first: 600_000 - 2 * 30_000 + 2 * 20_000, 1 - first: 600_000 - 30_000 + 20_000 - 5_000}
    assert clock["remaining"] == [left[0], left[1]]
    assert clock["running"] == 1 - first
    assert clock["at"] == clocks.to_ms(test_clock.now)
    assert clock["deadline"] == clocks.to_ms(test_clock.now) + left[1 - first]
    assert sum(left.values()) + 5_000 == 2 * 600_000 - 90_000 + 60_000  # 3 x (30 s - 20 s)
    game.refresh_from_db()
    assert game.deadline_at == clocks.from_ms(clock["deadline"])  # when the worker acts next


def test_one_instant_rules_the_log_row_and_the_clock(client_for, make_user, test_clock):
    game = started(client_for, make_user, time_control="live_10_20")
    test_clock.tick(12.3456)
    play_turn(game)
    game.refresh_from_db()
    last = Move.objects.filter(game=game).order_by("-seq").first()
    assert last.created == game.turn_started_at == clocks.from_ms(game.clock["since"])


def test_a_move_at_the_deadline_is_refused_one_millisecond_before_it_is_taken(
    client_for, make_user, test_clock
):
    game = started(client_for, make_user, time_control="live_5_10")
    deadline = game.deadline_at
    mover = user_at_turn(game)
    test_clock.at(deadline)
    answer = client_for(mover).post(
        f"/api/games/{game.pk}/moves/",
        {"move": first_legal(game).to_json(), "expected_seq": game.seq},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert answer.status_code == 409
    assert answer.json()["code"] == "out_of_time"
    assert answer.json()["detail"] == "Your time is up."
    test_clock.at(deadline - timedelta(milliseconds=1))
    answer = client_for(mover).post(
        f"/api/games/{game.pk}/moves/",
        {"move": first_legal(game).to_json(), "expected_seq": game.seq},
        format="json",
    )
    assert answer.status_code == 201


def test_auto_the_timeout_comes_at_the_deadline(client_for, make_user, test_clock):
    custom = {"kind": "live", "seconds": 3 * MINUTE, "on_timeout": "auto"}
    game = started(client_for, make_user, time_control=custom)
    late = game.current_seat
    deadline = game.deadline_at
    assert worker.tick(deadline - timedelta(milliseconds=1))["timeouts"] == 0
    assert worker.tick(deadline)["timeouts"] == 1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result["loser"] == late
    assert game.clock["flagged"] == late


def test_claim_at_the_deadline_the_game_waits_for_the_opponent(client_for, make_user, test_clock):
    game = started(client_for, make_user, time_control="live_10_20")
    late = game.current_seat
    deadline = game.deadline_at
    assert worker.tick(test_clock.at(deadline))["timeouts"] == 0
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    grace = deadline + timedelta(seconds=60)
    assert game.deadline_at == grace  # the worker acts next when the grace is over
    shown = detail(client_for, game, opponent_of_seat_at_turn(game))
    # the panel's "give more time (+2 min)" reads what "wait" gives from the timeout itself
    assert shown["timeout"] == {"seat": late, "claim_until": clocks.to_ms(grace), "extra_time": 120}
    assert shown["clock"]["remaining"][late] == 0
    # the seat that ran out may not claim, nor move
    out = client_for(user_at_turn(game)).post(
        f"/api/games/{game.pk}/claim/", {"choice": "win"}, format="json"
    )
    assert out.status_code == 409 and out.json()["code"] == "not_claimable"


def test_claiming_the_win_ends_the_game_on_time(client_for, make_user, test_clock):
    game = started(client_for, make_user, time_control="live_10_20")
    late = game.current_seat
    test_clock.at(game.deadline_at + timedelta(seconds=10))
    claimer = opponent_of_seat_at_turn(game)
    answer = client_for(claimer).post(
        f"/api/games/{game.pk}/claim/", {"choice": "win"}, format="json"
    )
    assert answer.status_code == 200
    body = answer.json()
    assert body["status"] == "finished" and body["result"]["reason"] == "timeout"
    assert body["result"]["loser"] == late and body["timeout"] is None
    assert ClockEvent.objects.get(game=game).kind == ClockEvent.Kind.CLAIMED


def test_a_claim_before_the_deadline_is_refused(client_for, make_user, test_clock):
    game = started(client_for, make_user, time_control="live_10_20")
    test_clock.at(game.deadline_at - timedelta(milliseconds=1))
    answer = client_for(opponent_of_seat_at_turn(game)).post(
        f"/api/games/{game.pk}/claim/", {"choice": "win"}, format="json"
    )
    assert answer.status_code == 409 and answer.json()["code"] == "not_claimable"
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_waiting_gives_the_extra_time_and_play_goes_on(client_for, make_user, test_clock):
    game = started(client_for, make_user, time_control="live_10_20")
    late = game.current_seat
    worker.tick(test_clock.at(game.deadline_at))  # the opponent is told
    test_clock.tick(30)
    answer = client_for(opponent_of_seat_at_turn(game)).post(
        f"/api/games/{game.pk}/claim/", {"choice": "wait"}, format="json"
    )
    assert answer.status_code == 200
    body = answer.json()
    assert body["timeout"] is None and body["status"] == "active"
    assert body["clock"]["remaining"][late] == 120_000  # 2 minutes, counted from the gift
    assert body["clock"]["deadline"] == clocks.to_ms(test_clock.now) + 120_000
    given = ClockEvent.objects.get(game=game)
    assert (given.kind, given.seat, given.ms) == (ClockEvent.Kind.TIME_GIVEN, late, 120_000)
    test_clock.tick(60)
    play_turn(game)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.current_seat == 1 - late
    assert game.clock["banks"][late] == 60_000 + 20_000  # the gift's rest and the increment


def test_without_a_choice_the_claim_happens_by_itself_after_the_grace(
    client_for, make_user, test_clock
):
    game = started(client_for, make_user, time_control="correspondence_1d_12h_3d")
    late = game.current_seat
    deadline = game.deadline_at
    assert worker.tick(deadline)["timeouts"] == 0
    grace = deadline + timedelta(hours=72)
    assert worker.tick(grace - timedelta(milliseconds=1))["timeouts"] == 0
    assert worker.tick(grace)["timeouts"] == 1
    assert worker.tick(grace + timedelta(hours=1))["timeouts"] == 0
    game.refresh_from_db()
    assert game.result["reason"] == "timeout" and game.result["loser"] == late
    assert Move.objects.filter(game=game, payload__type="timeout").get().created == grace


def test_a_worker_down_past_the_grace_ends_the_game_in_one_pass(client_for, make_user):
    game = started(client_for, make_user, time_control="live_5_10")
    assert worker.tick(game.deadline_at + timedelta(hours=2))["timeouts"] == 1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED


def test_a_server_clock_a_little_behind_writes_at_the_clocks_last_event(
    client_for, make_user, test_clock
):
    game = started(client_for, make_user, time_control="live_10_20")
    test_clock.tick(-5)  # another server, its clock 5 s behind the one that started the game
    play_turn(game)
    game.refresh_from_db()
    last = Move.objects.filter(game=game).order_by("-seq").first()
    assert last.created == game.started_at  # the log's instants never go backwards
    assert game.clock["banks"][1 - game.current_seat] == 600_000 + 20_000  # no time used


# --- correspondence and per-turn games: a day given, 72 hours of grace --------------------------

DAY_MS = 86_400_000


@pytest.mark.parametrize("preset", ["correspondence_3d_1d_7d", "per_turn_1d"])
def test_waiting_gives_one_day_in_correspondence_and_per_turn_games(
    client_for, make_user, test_clock, preset
):
    game = started(client_for, make_user, time_control=preset)
    late = game.current_seat
    worker.tick(test_clock.at(game.deadline_at))  # the opponent is told
    shown = detail(client_for, game, opponent_of_seat_at_turn(game))
    assert shown["timeout"]["extra_time"] == 86400  # what the panel offers
    test_clock.tick(5 * 3600)  # the opponent answers five hours later
    answer = client_for(opponent_of_seat_at_turn(game)).post(
        f"/api/games/{game.pk}/claim/", {"choice": "wait"}, format="json"
    )
    assert answer.status_code == 200
    body = answer.json()
    assert body["timeout"] is None and body["status"] == "active"
    # one day, counted from the gift (not from the deadline), not capped
    assert body["clock"]["remaining"][late] == DAY_MS
    new_deadline = clocks.to_ms(test_clock.now) + DAY_MS
    assert body["clock"]["deadline"] == new_deadline
    given = ClockEvent.objects.get(game=game)
    assert (given.kind, given.seat, given.ms) == (ClockEvent.Kind.TIME_GIVEN, late, DAY_MS)
    game.refresh_from_db()
    assert game.deadline_at == clocks.from_ms(new_deadline)  # the worker waits the day out
    assert worker.tick(clocks.from_ms(new_deadline - 1))["timeouts"] == 0
    # the late seat uses the day: a move a second before its end is taken
    test_clock.at(clocks.from_ms(new_deadline - 1000))
    play_turn(game)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.current_seat == 1 - late
    assert check_game(game).ok


def test_per_turn_the_claim_happens_by_itself_72_hours_after_the_deadline_and_not_before(
    client_for, make_user, test_clock
):
    game = started(client_for, make_user, time_control="per_turn_1d")
    late = game.current_seat
    deadline = game.deadline_at
    assert deadline == game.started_at + timedelta(days=1)
    assert worker.tick(deadline)["timeouts"] == 0  # the game waits for the opponent
    grace = deadline + timedelta(hours=72)
    game.refresh_from_db()
    assert game.deadline_at == grace and game.status == Game.Status.ACTIVE
    assert worker.tick(deadline + timedelta(hours=71))["timeouts"] == 0
    assert worker.tick(grace - timedelta(milliseconds=1))["timeouts"] == 0
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert worker.tick(grace)["timeouts"] == 1
    assert worker.tick(grace + timedelta(hours=1))["timeouts"] == 0  # once
    game.refresh_from_db()
    assert game.result["reason"] == "timeout" and game.result["loser"] == late
    assert Move.objects.filter(game=game, payload__type="timeout").get().created == grace
    assert check_game(game).ok  # the timeout was due: the grace was over
