"""Many games at once (issue 23): my games filtered to those where it is my turn and ordered
by my time left (the game that needs me soonest first), the lobby filtered by kind, a live
open game listed only while its creator is online, and each game's clock read once per list."""

from __future__ import annotations

from datetime import timedelta

import pytest

import clocks
import engine
from games import selectors, services
from games.models import Game
from notifications.models import Presence
from notifications.services import PRESENCE_TTL, presence_add, presence_remove

from .realtime_support import user_at_turn

pytestmark = pytest.mark.django_db


ONWARDS = ("end_turn", "end_actions", "end_walk", "settle", "lock", "roll", "roll_walk")


def play_turn(game: Game) -> None:
    """The seat at turn plays until the turn passes, with the moves that move the turn on
    when there is one (a dozen moves instead of the first legal move's fifty), at the test
    clock's now."""
    game.refresh_from_db()
    seat = game.current_seat
    while game.status == Game.Status.ACTIVE and game.current_seat == seat:
        legal = engine.legal_moves(selectors.game_state(game))
        by_type = {move.to_json()["type"]: move for move in reversed(legal)}
        move = next((by_type[t] for t in ONWARDS if t in by_type), legal[0])
        services.move_submit(game=game, user=user_at_turn(game), move=move, expected_seq=game.seq)
        game.refresh_from_db()


def clocked(client_for, me, other, control: str) -> Game:
    """A game of `control` between `me` (its creator) and `other`, with `me` at turn."""
    answer = client_for(me).post(
        "/api/games/", {"opponent": "invite", "time_control": control}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    game = Game.objects.get(pk=answer.json()["id"])
    joined = client_for(other).post(f"/api/games/invite/{game.invite_code}/join/")
    assert joined.status_code == 200
    game.refresh_from_db()
    if game.seats.get(index=game.current_seat).user != me:
        play_turn(game)
    game.refresh_from_db()
    assert game.seats.get(index=game.current_seat).user == me
    return game


def ids(answer) -> list[int]:
    assert answer.status_code == 200, answer.json()
    return [g["id"] for g in answer.json()]


@pytest.fixture
def many(client_for, make_user, test_clock):
    """anna's games: three clocked ones at her turn (made in an order that is not the order of
    her time left), one where bert is at turn, one against the computer."""
    anna, bert = make_user("anna"), make_user("bert")
    short = clocked(client_for, anna, bert, "live_5_10")
    test_clock.tick(1)
    slow = clocked(client_for, anna, bert, "correspondence_1d_12h_3d")
    test_clock.tick(1)
    medium = clocked(client_for, anna, bert, "live_10_20")
    test_clock.tick(1)
    waiting = clocked(client_for, anna, bert, "live_45_45")
    play_turn(waiting)  # now bert is at turn
    computer = client_for(anna).post("/api/games/", {"opponent": "computer"}, format="json")
    vs_computer = Game.objects.get(pk=computer.json()["id"])
    if vs_computer.current_seat != 0:  # the computer opens: it moves (the worker's job)
        services.bot_move(vs_computer.pk)
    test_clock.tick(60)  # anna has thought a minute in every game at her turn
    return {
        "anna": anna,
        "short": short.pk,
        "slow": slow.pk,
        "medium": medium.pk,
        "waiting": waiting.pk,
        "computer": computer.json()["id"],
    }


def test_my_turn_ordered_by_my_time_left_least_first(client_for, many):
    client = client_for(many["anna"])
    mine = ids(client.get("/api/games/?turn=mine&order=time_left"))
    # clocked games by time left (about 4 and 9 minutes, a day), the computer's game (no clock) after
    assert mine == [many["short"], many["medium"], many["slow"], many["computer"]]
    listed = client.get("/api/games/?turn=mine&order=time_left").json()
    left = [g["clock"]["remaining"][g["your_seat"]] for g in listed[:3]]
    assert left == sorted(left) and left[0] == 5 * 60_000 - 63_000  # 3 s + a minute thought
    assert all(g["your_turn"] for g in listed)
    # the filter alone keeps the default order (newest first); the order alone keeps the
    # games where bert is at turn, after mine
    assert ids(client.get("/api/games/?turn=mine")) == [
        many["computer"],
        many["medium"],
        many["slow"],
        many["short"],
    ]
    everything = ids(client.get("/api/games/?order=time_left"))
    assert everything == [*mine, many["waiting"]]
    assert ids(client.get("/api/games/")) == [*sorted(mine, reverse=True), many["waiting"]]


def test_my_games_by_kind(client_for, many):
    client = client_for(many["anna"])
    assert ids(client.get("/api/games/?kind=live&order=time_left")) == [
        many["short"],
        many["medium"],
        many["waiting"],
    ]
    assert ids(client.get("/api/games/?kind=correspondence")) == [many["slow"]]
    assert ids(client.get("/api/games/?kind=per_turn")) == []


@pytest.mark.parametrize(
    "query",
    ["turn=theirs", "order=deadline", "kind=blitz", "turn=", "turn=mine&turn=mine"],
)
def test_a_wrong_filter_is_a_clear_400(client_for, make_user, query):
    answer = client_for(make_user("anna")).get(f"/api/games/?{query}")
    assert answer.status_code == 400 and answer.json()["code"] == "invalid"
    name = query.split("=")[0]
    assert name in answer.json()["errors"]
    lobby = client_for(make_user("bert")).get("/api/games/open/?kind=blitz")
    assert lobby.status_code == 400 and "kind" in lobby.json()["errors"]


# --- the lobby ------------------------------------------------------------------------------


def open_game(client_for, user, control: str) -> int:
    answer = client_for(user).post(
        "/api/games/", {"opponent": "open", "time_control": control}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    return answer.json()["id"]


def test_a_live_open_game_is_listed_only_while_its_creator_is_online(
    client_for, make_user, test_clock
):
    anna, bert = make_user("anna"), make_user("bert")
    live = open_game(client_for, anna, "live_10_20")
    slow = open_game(client_for, anna, "correspondence_3d_1d_7d")
    per_turn = open_game(client_for, anna, "per_turn_1d")
    lobby = client_for(bert)
    # anna has no socket open: her live game waits unseen, the others are listed
    assert ids(lobby.get("/api/games/open/")) == [slow, per_turn]
    presence_add(anna, "anna-tab-1")
    assert ids(lobby.get("/api/games/open/")) == [live, slow, per_turn]
    assert ids(client_for(None).get("/api/games/open/")) == [live, slow, per_turn]
    # the lobby's filter by kind
    assert ids(lobby.get("/api/games/open/?kind=live")) == [live]
    assert ids(lobby.get("/api/games/open/?kind=correspondence")) == [slow]
    assert ids(lobby.get("/api/games/open/?kind=per_turn")) == [per_turn]
    # a crashed server's row goes stale: she counts as gone
    test_clock.tick(PRESENCE_TTL.total_seconds() + 1)
    assert ids(lobby.get("/api/games/open/?kind=live")) == []
    Presence.objects.filter(user=anna).update(seen_at=test_clock.now)
    assert ids(lobby.get("/api/games/open/?kind=live")) == [live]
    # she closes the tab: gone; back: listed again
    presence_remove("anna-tab-1")
    assert ids(lobby.get("/api/games/open/")) == [slow, per_turn]
    presence_add(anna, "anna-tab-2")
    assert ids(lobby.get("/api/games/open/")) == [live, slow, per_turn]
    # someone else online does not list anna's game
    presence_remove("anna-tab-2")
    presence_add(bert, "bert-tab")
    assert ids(lobby.get("/api/games/open/?kind=live")) == []
    # and whoever joins still can join by the game's page (the list only hides it)
    assert lobby.post(f"/api/games/{live}/join/").status_code == 200


# --- one parse of the clock per game ------------------------------------------------------------


def test_the_list_parses_each_games_clock_once(client_for, many, monkeypatch):
    parse = clocks.ClockState.from_json
    calls: list[int] = []

    def counted(data):
        calls.append(1)
        return parse(data)

    monkeypatch.setattr(clocks.ClockState, "from_json", counted)
    listed = client_for(many["anna"]).get("/api/games/?order=time_left").json()
    with_clock = [g for g in listed if g["clock"] is not None]
    assert len(with_clock) == 4  # the computer's game has none
    assert len(calls) == len(with_clock)  # the reading, the timeout and the order: one parse
    calls.clear()
    detail = client_for(many["anna"]).get(f"/api/games/{many['short']}/").json()
    assert detail["clock"] is not None and len(calls) == 1


def test_a_late_turn_reads_no_time_left_and_comes_first(client_for, many, test_clock):
    """A game whose clock ran out at my turn (the timeout pending) needs me first of all."""
    short = Game.objects.get(pk=many["short"])
    test_clock.at(short.deadline_at + timedelta(seconds=5))
    listed = client_for(many["anna"]).get("/api/games/?turn=mine&order=time_left").json()
    assert listed[0]["id"] == many["short"]
    assert listed[0]["clock"]["remaining"][listed[0]["your_seat"]] == 0


def test_a_claim_waiting_for_me_counts_as_a_game_that_needs_me(client_for, make_user, test_clock):
    """My opponent's clock ran out and I may claim the win or give time: the game waits for
    me, so `turn=mine` lists it and `order=time_left` puts it by the time left to choose
    (until the claim happens by itself); once I chose, it no longer waits for me."""
    anna, bert = make_user("anna"), make_user("bert")
    flagged = clocked(client_for, bert, anna, "live_5_10")  # bert at turn, 5 minutes
    test_clock.tick(1)
    slow = clocked(client_for, anna, bert, "correspondence_1d_12h_3d")  # anna at turn
    test_clock.tick(1)
    calm = clocked(client_for, bert, anna, "live_45_45")  # bert at turn, plenty of time
    client = client_for(anna)
    assert ids(client.get("/api/games/?turn=mine&order=time_left")) == [slow.pk]

    flagged.refresh_from_db()
    test_clock.at(flagged.deadline_at + timedelta(seconds=5))
    listed = client.get("/api/games/?turn=mine&order=time_left").json()
    # 55 s left to choose before the claim happens by itself: before a day to think
    assert [g["id"] for g in listed] == [flagged.pk, slow.pk]
    claim = listed[0]
    assert not claim["your_turn"] and claim["timeout"]["seat"] != claim["your_seat"]
    assert ids(client.get("/api/games/?turn=mine")) == [slow.pk, flagged.pk]  # recent first
    assert ids(client.get("/api/games/?order=time_left")) == [flagged.pk, slow.pk, calm.pk]
    assert ids(client.get("/api/games/")) == [slow.pk, flagged.pk, calm.pk]

    given = client.post(f"/api/games/{flagged.pk}/claim/", {"choice": "wait"}, format="json")
    assert given.status_code == 200, given.json()
    assert ids(client.get("/api/games/?turn=mine&order=time_left")) == [slow.pk]


def test_a_game_that_needs_me_is_listed_however_many_newer_games_i_have(
    client_for, many, monkeypatch
):
    # The list's cap applies after the choice of the games that need me: a player with more
    # running games than the cap, the older ones at their turn, still finds those.
    monkeypatch.setattr(selectors, "LIST_LIMIT", 2)
    mine = ids(client_for(many["anna"]).get("/api/games/?turn=mine&order=time_left"))
    assert mine == [many["short"], many["medium"]]
    everything = ids(client_for(many["anna"]).get("/api/games/"))
    assert len(everything) == 2
