"""The engine's edges: every way in (apply with a Move object or JSON, preview, view) refuses
bad input with InvalidMove or IllegalMove and leaves the state exactly as it was; what it
accepts always replays from the log."""

from __future__ import annotations

import importlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    IllegalMove,
    InvalidMove,
    Move,
    ReplayError,
    Step,
    apply,
    full_state,
    legal_moves,
    new_game,
    preview,
    replay,
    replay_from,
    view,
)
from engine.moves import MAX_PLAN_STEPS, MOVE_FIELDS
from engine.refusals import LANGUAGES

from .helpers import walk_state

view_module = importlib.import_module("engine.view")  # engine.view is also the function


def fingerprint(state):
    """Everything a refused move must leave alone."""
    return (full_state(state), list(state.log), state.dice_used, dict(state.turn.choice_targets))


def _states_in_every_phase() -> list:
    """States of one random game: the first two of each phase, and the end."""
    rnd = random.Random(7)
    state, seen, out = new_game("edges"), {}, []
    while not state.over:
        if seen.get(state.phase, 0) < 2:
            seen[state.phase] = seen.get(state.phase, 0) + 1
            out.append(state)
        state = apply(state, rnd.choice(legal_moves(state)))
    return [*out, state]


STATES = _states_in_every_phase()


def draw_state():
    state = new_game("edges-draw")
    assert state.phase == "draw" and len(state.conveyor) == 4
    return state


# --- the cases the issue names ------------------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [
        Move("take_task", slot=-4),  # was accepted: paid out 4 relaties
        Move("take_card", slot=-1),  # took slot 3; the log then failed to replay
        Move("take_card", slot="0"),  # raised TypeError
        Move("take_card", slot=True),
        Move("take_card", slot=4),
        Move("take_card"),  # slot missing
        Move("take_card", slot=0, pawn=1),  # a field take_card does not take
        Move("fly", slot=0),
        Move(None),
    ],
    ids=repr,
)
def test_a_malformed_move_object_in_phase_1_is_invalid_and_changes_nothing(move):
    state = draw_state()
    before = fingerprint(state)
    with pytest.raises(InvalidMove):
        apply(state, move)
    assert fingerprint(state) == before


@pytest.mark.parametrize(
    "move",
    [
        Move("walk", pawn=7, plan=()),  # raised KeyError
        Move("walk", pawn=1, plan=()),
        Move("walk", pawn=1, plan=None),
        Move("walk", pawn=1, plan=(Step("enter", (1, 0)),) * (MAX_PLAN_STEPS + 1)),
        Move("walk", pawn=1, plan=(Step("fly", (1, 0)),)),
        Move("walk", pawn=1, plan=(Step("enter", "10"),)),
        Move("walk", pawn=1, plan=(Step("enter", None),)),
        Move("walk", pawn=1, plan=(Step("rotate", (1, 0), "left"),)),
        Move("walk", pawn=1, plan=({"enter": [1, 0]},)),
        Move("walk", pawn=1, plan="enter"),
        Move("clear", pawn=1, hex=(1.0, 0)),
        Move("end_walk", auto="yes", seat=0),
        "walk",
        None,
    ],
    ids=repr,
)
def test_a_malformed_walk_move_is_invalid_and_changes_nothing(move):
    state = walk_state()
    before = fingerprint(state)
    with pytest.raises(InvalidMove):
        apply(state, move)
    assert fingerprint(state) == before


def test_a_move_object_is_applied_in_its_canonical_form():
    state = walk_state()
    new = apply(state, Move("walk", pawn=1, plan=[Step("enter", [1, 0])]))  # list, not tuple
    assert new.log[-1] == {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0]}]}
    assert str(new.log[-1]) and apply(state, new.log[-1]).log == new.log


@pytest.mark.parametrize(
    "pawn, plan",
    [(1, None), (True, []), (0, []), (4, []), ("1", []), (1.0, []), (1, "enter"), (1, [None])],
)
def test_preview_refuses_bad_input_as_invalid(pawn, plan):
    state = walk_state()
    before = fingerprint(state)
    with pytest.raises(InvalidMove):
        preview(state, pawn, plan)
    assert fingerprint(state) == before


def test_a_plan_is_capped_in_the_engine_and_refused_at_once():
    # refused by its length, not by running it (engine/bench.py prints how fast)
    state = walk_state()
    with pytest.raises(InvalidMove) as preview_refusal:
        preview(state, 1, [Step("enter", (1, 0))] * 200_000)
    with pytest.raises(InvalidMove) as move_refusal:
        apply(state, Move("walk", pawn=1, plan=(Step("enter", (1, 0)),) * 200_000))
    for refusal in (preview_refusal.value, move_refusal.value):
        assert refusal.code == "bad_plan" and refusal.params["max"] == MAX_PLAN_STEPS
    assert preview(state, 1, [Step("enter", (1, 0))] * MAX_PLAN_STEPS)["error_step"] is not None


@pytest.mark.parametrize("seat", [True, 2, -1, "0"])
def test_view_refuses_a_seat_that_does_not_exist(seat):
    with pytest.raises(InvalidMove):
        view(new_game("edges-view"), seat)


# --- random junk ----------------------------------------------------------------------------------

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-10, 10),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=5),
    st.sampled_from(["resource", "court", "reroll", "raise", "add", "cw", "c1", "hofmeester"]),
    st.tuples(st.integers(-5, 5), st.integers(-5, 5)),
    st.lists(st.integers(-3, 3), max_size=3),
)
STEPS = st.builds(
    Step,
    st.sampled_from(["enter", "rotate", "cross", "jump", None]),
    st.one_of(st.tuples(st.integers(-4, 4), st.integers(-4, 4)), JUNK),
    st.sampled_from([None, "cw", "ccw", "left"]),
)
PLANS = st.one_of(JUNK, st.lists(STEPS, max_size=4).map(tuple), st.lists(STEPS, max_size=3))
MOVES = st.builds(
    Move,
    type=st.one_of(st.sampled_from(sorted(MOVE_FIELDS)), JUNK),
    slot=JUNK,
    pawn=st.one_of(st.integers(0, 4), JUNK),
    plan=PLANS,
    hex=JUNK,
    action=JUNK,
    target=JUNK,
    office=JUNK,
    foundation=JUNK,
    kind=JUNK,
    card=JUNK,
    seat=JUNK,
    auto=st.one_of(st.booleans(), JUNK),
)
# Mostly well-typed moves of the right shape, so that many reach the rules.
TYPED = st.builds(
    lambda mtype, slot, pawn, plan: Move(
        mtype,
        slot=slot if "slot" in MOVE_FIELDS[mtype][0] else None,
        pawn=pawn if "pawn" in MOVE_FIELDS[mtype][0] else None,
        plan=plan if mtype == "walk" else None,
    ),
    st.sampled_from(sorted(MOVE_FIELDS)),
    st.integers(-2, 5),
    st.integers(0, 4),
    st.lists(STEPS, min_size=1, max_size=3).map(tuple),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(STATES) - 1), move=st.one_of(MOVES, TYPED))
def test_junk_moves_are_refused_cleanly_or_replay(index, move):
    state = STATES[index]
    before = fingerprint(state)
    try:
        new = apply(state, move)
    except (InvalidMove, IllegalMove) as err:
        assert fingerprint(state) == before
        assert all(err.text(lang) != err.code for lang in LANGUAGES)  # a catalogued code
        return
    assert fingerprint(state) == before
    assert full_state(replay(state.seed, new.log)) == full_state(new)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(STATES) - 1), pawn=st.one_of(st.integers(0, 4), JUNK), plan=PLANS)
def test_junk_previews_are_refused_cleanly(index, pawn, plan):
    state = STATES[index]
    before = fingerprint(state)
    try:
        answer = preview(state, pawn, plan)
    except (InvalidMove, IllegalMove) as err:
        assert all(err.text(lang) != err.code for lang in LANGUAGES)
    else:
        assert answer["ok"] or answer["error"] != answer["code"]
    assert fingerprint(state) == before


# --- the view is a whitelist ------------------------------------------------------------------------


def test_a_new_field_of_the_full_state_appears_in_no_view(monkeypatch):
    real = view_module.full_state

    def with_new_fields(state):
        data = real(state)
        data["new_secret"] = 1
        data["players"][0]["new_secret"] = 1
        data["players"][1]["new_secret"] = 1
        data["turn"]["new_secret"] = 1
        data["board"][0]["new_secret"] = 1
        data["tokens"] and data["tokens"][0].update(new_secret=1)
        next(iter(data["houses"].values()))["new_secret"] = 1
        data["market"][0]["new_secret"] = 1
        return data

    monkeypatch.setattr(view_module, "full_state", with_new_fields)
    for state in (STATES[0], STATES[-1]):
        for seat in (0, 1, None):
            assert "new_secret" not in repr(view(state, seat))


def test_the_view_shows_the_seed_only_at_the_end_and_never_the_decks():
    running, over = STATES[0], STATES[-1]
    for seat in (0, 1, None):
        v = view(running, seat)
        assert not {"seed", "deck", "task_deck", "event_deck", "rng_counters"} & set(v)
        assert view(over, seat)["seed"] == over.seed


# --- replaying from a cached state -----------------------------------------------------------------


def test_replay_from_a_state_equals_replay_from_the_seed_and_checks_the_rest():
    final = STATES[-1]
    middle = replay(final.seed, final.log[:40])
    assert full_state(replay_from(middle, final.log[40:])) == full_state(final)
    assert middle.seq == 40  # untouched
    bad = [*final.log[40:45], {"type": "take_card", "slot": 9}]
    with pytest.raises(ReplayError) as err:
        replay_from(middle, bad)
    assert err.value.index == 45
