"""Seeing the game: the history of a game in facts, its state after any step, the live games.

Hidden information stays hidden here too: the opponent's card taken from the market is "a
card" until it is played or the game is over; a past state shows a seat only what it saw then.
"""

import hashlib
import hmac

import pytest

import engine
from games import selectors, services
from games.models import Game
from tests.server.helpers import play, user_of
from tests.server.test_hidden_information import assert_nothing_hidden, both_hold_secret_cards

from .factories import GameFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def midgame(started_game):
    game = play(started_game, until=both_hold_secret_cards)
    return game, selectors.game_state(game)


def history(client, game):
    r = client.get(f"/api/games/{game.pk}/history/")
    assert r.status_code == 200, r.content
    return r.json()


def facts(body, mtype):
    return [(step, f) for step in body["steps"] for f in step["entries"] if f["type"] == mtype]


def taken_cards(game):
    """(taker seat, card id, card key) of every card taken from the market, from the engine."""
    log = selectors.game_log(game)
    out = []
    for seq, entry in enumerate(log):
        if entry["type"] == "take_card":
            before = engine.replay(game.seed, log[:seq])
            cid = before.market[entry["slot"]]
            out.append((before.current, cid, before.cards[cid]))
    return out


def test_a_player_sees_own_cards_named_and_the_opponents_as_a_card(midgame, client_for):
    game, state = midgame
    played = {e["card"] for e in state.log if e["type"] in ("activate", "discard")}
    for seat in (0, 1):
        body = history(client_for(user_of(game, seat)), game)
        assert body["viewer"] == seat and body["revealed"] is False
        takes = facts(body, "take_card")
        assert {step["seat"] for step, _ in takes} == {0, 1}
        for step, fact in takes:
            if step["seat"] == seat:
                assert fact["card"] in engine_card_keys()
            else:
                cid = state_market_card(game, fact["seq"])
                assert fact["card"] is None or cid in played
        # and nothing secret anywhere in the answer (the hidden-information tests' check)
        r = client_for(user_of(game, seat)).get(f"/api/games/{game.pk}/history/")
        assert_nothing_hidden(r, state, seat)
        assert_no_secret_card_key(r.json(), state, seat)


def test_a_spectator_sees_no_card_taken_into_a_hand(midgame, client_for):
    game, state = midgame
    r = client_for(None).get(f"/api/games/{game.pk}/history/")
    assert r.status_code == 200
    assert_nothing_hidden(r, state, None)
    played = {e["card"] for e in state.log if e["type"] in ("activate", "discard")}
    for _, fact in facts(r.json(), "take_card"):
        cid = state_market_card(game, fact["seq"])
        assert (fact["card"] is None) == (cid not in played)
        if cid in played:  # on the table now: named
            assert fact["card"] == state.cards[cid]
    assert any(f["card"] is None for _, f in facts(r.json(), "take_card"))


def test_the_history_follows_the_log_entry_by_entry_in_rounds_and_turns(midgame, client_for):
    game, state = midgame
    body = history(client_for(user_of(game, 0)), game)
    seqs = [f["seq"] for step in body["steps"] for f in step["entries"]]
    assert seqs == list(range(game.seq))
    assert [e["type"] for step in body["steps"] for e in step["entries"]] == [
        e["type"] for e in state.log
    ]
    # a turn belongs to one seat; the turn number moves on after each "volgende speler"
    for step in body["steps"]:
        ends = [f for f in step["entries"] if f["type"] == "end_turn"]
        if ends and "next" in ends[0] and step["upto"] < game.seq:
            following = [x for x in body["steps"] if x["turn"] == step["turn"] + 1]
            assert following and following[0]["seat"] == ends[0]["next"]
    assert body["steps"][-1]["upto"] == game.seq
    assert {step["round"] for step in body["steps"]} <= set(range(1, 7))


def die(seed: str, purpose: str, n: int) -> int:
    digest = hmac.new(seed.encode(), f"{purpose}:{n}".encode(), hashlib.sha256).digest()
    return 1 + int.from_bytes(digest[:8], "big") % 6


def test_after_the_end_every_card_is_named_and_every_die_comes_from_the_seed(midgame, client_for):
    game, _ = midgame
    game = play(game, moves=40)
    services.game_resign(game=game, user=user_of(game, 0))
    game = Game.objects.get(pk=game.pk)
    body = history(client_for(None), game)
    assert body["revealed"] is True
    assert [f["card"] for _, f in facts(body, "take_card")] == [k for _, _, k in taken_cards(game)]
    # the dice the game showed are the seed's: HMAC-SHA256(seed, "purpose:n")
    counters = {"walk": 0, "court": 0}
    rolled = 0
    for step in body["steps"]:
        for d in step["dice"]:
            for value in d["values"]:
                assert value == die(game.seed, d["purpose"], counters[d["purpose"]])
                counters[d["purpose"]] += 1
                rolled += 1
    assert rolled >= 4
    final = selectors.game_state(game)
    assert counters == {k: final.rng_counters.get(k, 0) for k in counters}
    last = body["steps"][-1]["entries"][-1]
    assert last["type"] == "resign" and last["result"]["winners"] == [1]


def test_a_past_state_shows_a_seat_only_what_it_saw_then(midgame, client_for):
    game, state = midgame
    earlier = game.seq - 3
    past = engine.replay(game.seed, selectors.game_log(game, upto=earlier))
    for seat in (0, 1, None):
        client = client_for(None if seat is None else user_of(game, seat))
        r = client.get(f"/api/games/{game.pk}/replay/?seq={earlier}")
        assert r.status_code == 200, r.content
        body = r.json()
        assert body["seq"] == past.seq and body["last"] == game.seq
        assert body["revealed"] is False and body["view"]["viewer"] == seat
        assert_nothing_hidden(r, past, seat)
        assert_nothing_hidden(r, state, seat)


def test_a_finished_game_replays_with_both_hands(midgame, client_for):
    game, _ = midgame
    services.game_resign(game=game, user=user_of(game, 1))
    game = Game.objects.get(pk=game.pk)
    state = selectors.game_state(game)
    body = client_for(None).get(f"/api/games/{game.pk}/replay/?seq={game.seq}").json()
    assert body["revealed"] is True
    for p in state.players:
        assert [c["id"] for c in body["view"]["players"][p.seat]["hand"]] == p.hand
    start = client_for(None).get(f"/api/games/{game.pk}/replay/?seq=0").json()
    assert start["seq"] == 0 and start["view"]["round"] == 1


def test_replay_refuses_bad_input_and_hides_private_games(started_game, client_for, make_user):
    game = started_game
    anna = client_for(user_of(game, 0))
    assert anna.get(f"/api/games/{game.pk}/replay/?seq=-1").status_code == 400
    assert anna.get(f"/api/games/{game.pk}/replay/?seq=x").status_code == 400
    assert anna.get(f"/api/games/{game.pk}/replay/?seq=99999").json()["seq"] == game.seq
    Game.objects.filter(pk=game.pk).update(public=False)
    stranger = client_for(make_user("carla"))
    for path in ("history", "replay"):
        assert stranger.get(f"/api/games/{game.pk}/{path}/").status_code == 404
        assert client_for(None).get(f"/api/games/{game.pk}/{path}/").status_code == 404
        assert anna.get(f"/api/games/{game.pk}/{path}/").status_code == 200
    assert anna.get("/api/games/999999/history/").status_code == 404


def test_live_games_lists_only_public_games_in_progress(started_game, client_for, make_user):
    carla = make_user("carla")
    open_game = GameFactory(creator=carla, opponent="open")
    private = GameFactory(creator=carla, opponent="computer", public=False)
    done = GameFactory(creator=make_user("dirk"), opponent="computer", loser=0)
    r = client_for(None).get("/api/games/live/")
    assert r.status_code == 200
    ids = [g["id"] for g in r.json()]
    assert started_game.pk in ids
    assert not {open_game.pk, private.pk, done.pk} & set(ids)
    assert all("state" not in g for g in r.json())


# --- helpers ---------------------------------------------------------------------------------


def engine_card_keys():
    from engine.content.cards import CARDS

    return set(CARDS)


def state_market_card(game, seq):
    """The card id at the market slot that the take_card entry `seq` names."""
    log = selectors.game_log(game, upto=seq + 1)
    before = engine.replay(game.seed, log[:seq])
    assert before.seq == seq
    return before.market[log[seq]["slot"]]


def assert_no_secret_card_key(body, state, seat):
    """No take_card fact names a card that is still hidden in the other hand."""
    for step, fact in facts(body, "take_card"):
        if step["seat"] != seat and fact["card"] is not None:
            hidden = {
                state.cards[c]
                for p in state.players
                if p.seat != seat
                for c in set(p.hand) - set(p.active)
            }
            # a named card must have been played since (then it is on the table)
            assert fact["card"] not in hidden or fact["card"] in {
                state.cards[e["card"]] for e in state.log if e["type"] in ("activate", "discard")
            }
