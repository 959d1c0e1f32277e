"""III: court events. One revealed each round, in force that round; kinds: threshold shift
up/down, free rotation, longer walk, a closed house, a levy (resources only); every event
scatters fresh tokens."""

import pytest

from engine import board, court, market, modifiers
from engine.content.events import EVENTS
from engine.game import new_game
from engine.state import ROUNDS


def _reveal(state, key):
    state.event_deck.insert(0, key)
    market.on_round_start(state)
    return state


def test_the_event_deck_has_at_least_ten_designed_events_of_every_kind():
    assert len(EVENTS) >= 10
    kinds = {e.kind for e in EVENTS.values()}
    assert {"threshold", "rotation", "walk", "closed_house", "levy"} <= kinds
    shifts = {e.threshold_shift for e in EVENTS.values()}
    assert {-1, 1} <= shifts


def test_every_event_has_enough_for_the_six_rounds():
    assert len(EVENTS) >= ROUNDS


def test_round_one_has_an_event_revealed_at_setup_and_the_rest_stay_hidden_in_the_deck():
    s = new_game("event-setup")
    assert s.event in EVENTS
    assert s.event not in s.event_deck
    assert sorted([s.event] + s.event_deck) == sorted(EVENTS)


def test_each_new_round_reveals_the_next_event():
    s = new_game("event-next")
    nxt = s.event_deck[0]
    court.on_round_end(s)
    market.on_round_start(s)
    assert s.event == nxt


@pytest.mark.parametrize(
    "shift, expected", [(-1, {9: 9, 11: 9, 13: 11}), (1, {9: 11, 11: 13, 13: 13})]
)
def test_threshold_shift_moves_every_threshold_one_step_along_9_11_13_capped(shift, expected):
    key = next(k for k, e in EVENTS.items() if e.threshold_shift == shift)
    s = _reveal(new_game("shift"), key)
    assert {base: modifiers.threshold(s, base) for base in (9, 11, 13)} == expected


def test_free_rotation_event_makes_the_first_rotation_free():
    key = next(k for k, e in EVENTS.items() if e.free_rotation)
    s = new_game("free-rot")
    s.event = next(k for k, e in EVENTS.items() if not e.free_rotation)
    assert not modifiers.rotation_free(s)
    _reveal(s, key)
    assert modifiers.rotation_free(s)


def test_walk_event_adds_steps_to_the_walking_roll():
    key = max(EVENTS, key=lambda k: EVENTS[k].walk_bonus)
    s = _reveal(new_game("walk-bonus"), key)
    assert modifiers.walk_bonus(s) >= EVENTS[key].walk_bonus > 0


def test_closed_house_is_drawn_from_the_seed_and_closed_only_that_round():
    key = next(k for k, e in EVENTS.items() if e.closes_house)
    a = _reveal(new_game("closed"), key)
    b = _reveal(new_game("closed"), key)
    assert a.event_closed in a.houses
    assert a.event_closed == b.event_closed
    assert modifiers.house_closed(a, a.event_closed)
    open_key = next(k for k, e in EVENTS.items() if not e.closes_house)
    _reveal(a, open_key)
    assert a.event_closed is None


def test_a_levy_takes_resources_from_both_players_never_below_zero():
    key = next(k for k, e in EVENTS.items() if e.levy)
    s = new_game("levy")
    rich, poor = s.players
    for res, _ in EVENTS[key].levy:
        rich.resources[res] = 5
        poor.resources[res] = 0
    _reveal(s, key)
    for res, amount in EVENTS[key].levy:
        assert rich.resources[res] == 5 - amount
        assert poor.resources[res] == 0


def test_no_event_touches_aanzien_or_gives_or_takes_gunst():
    for e in EVENTS.values():
        assert all(res in ("geld", "relaties", "reputatie") for res, _ in e.levy), e.key
        assert all(amount > 0 for _, amount in e.levy), e.key
    s = new_game("no-aanzien")
    for p in s.players:
        p.aanzien, p.resources["gunst"] = 7, 3
    for key in EVENTS:
        _reveal(s, key)
    assert [(p.aanzien, p.resources["gunst"]) for p in s.players] == [(7, 3), (7, 3)]


@pytest.mark.parametrize("key", sorted(EVENTS))
def test_every_event_scatters_fresh_tokens(key, monkeypatch):
    s = new_game("tokens")
    calls = []
    monkeypatch.setattr(board, "scatter_tokens", lambda st, new_round: calls.append(new_round))
    _reveal(s, key)
    assert calls == [True]
    assert EVENTS[key].new_tokens >= 2
    assert s.event == key
