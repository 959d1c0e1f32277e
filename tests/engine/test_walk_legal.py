"""The walk phase's listing (`walk_legal`) against the walking rules' own checks, on random
hand-made states (Hypothesis): boards of every tile kind, pawns anywhere a pawn may stand,
any steps, relaties, geld, clears, bought steps, tiles turned before, resting pawns, free
rotation and both rulesets.

`walk_legal` keeps a shortcut for speed (the round's terms read once, rotate-then-enter
plans from a table); these properties are what keep it equal to the rules: every listed
move is accepted, and every one-step plan, rotate-then-enter orientation, paid turn and
clear the rules accept is listed.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Move, apply, legal_moves, rulesets, walk_legal
from engine.errors import IllegalMove
from engine.hexes import DIRECTIONS, Hex, neighbours, rotate_mask, spiral
from engine.moves import Step
from engine.state import PAWNS, State
from engine.walk_plan import simulate
from engine.walking import buy_step_refusal, confirmable

from .helpers import (
    EMPTY,
    FOREST,
    PLAZA,
    WATER,
    bridge,
    crossroads,
    curve,
    straight,
    tee,
    walk_state,
)

RADIUS = 3
TILES = st.one_of(
    st.builds(crossroads, toll=st.booleans()),
    st.builds(straight, st.integers(0, 5), toll=st.booleans()),
    st.builds(curve, st.integers(0, 5), toll=st.booleans()),
    st.builds(tee, st.integers(0, 5), toll=st.booleans()),
    st.builds(bridge, st.integers(0, 2)),
    st.sampled_from([WATER, FOREST, EMPTY]),
)
HEXES = [h for h in spiral(PLAZA, RADIUS) if h != PLAZA]


@st.composite
def walk_states(draw) -> State:
    tiles = {h: draw(TILES) for h in HEXES}
    standable = [PLAZA] + [h for h, t in tiles.items() if t.passable]
    pawns = {p: draw(st.sampled_from(standable)) for p in PAWNS}
    state = walk_state(
        tiles,
        radius=RADIUS,
        pawns=pawns,
        opponent={p: draw(st.sampled_from(standable)) for p in PAWNS},
        steps=draw(st.integers(0, 6)),
        resources={"relaties": draw(st.integers(0, 4)), "geld": draw(st.integers(0, 3))},
    )
    t, me = state.turn, state.me
    t.bought_steps = draw(st.integers(0, 4))
    t.rested = draw(st.lists(st.sampled_from(PAWNS), unique=True, max_size=2))
    t.rotated = draw(st.lists(st.sampled_from(HEXES), unique=True, max_size=4))
    me.clears = draw(st.integers(0, 2))
    for office in ("wegvoogd", "landmeter"):  # free rotation, cheaper clearing
        if draw(st.booleans()):
            state.offices[office] = state.current
    state.rules = rulesets.get(draw(st.sampled_from(["1", "2"])))
    return state


def accepted(state: State, pawn: int, plan) -> bool:
    """Would `walk` accept this plan? (Its own simulation, and only a plan that counts.)"""
    sim = simulate(state, pawn, plan)
    return sim.error is None and confirmable(state, sim.moved, bool(sim.rotated))


def handler_accepts(state: State, move: Move) -> bool:
    try:
        apply(state, move)
    except IllegalMove:
        return False
    return True


def in_line(h: Hex) -> list[Hex]:
    return [(h[0] + 2 * dq, h[1] + 2 * dr) for dq, dr in DIRECTIONS]


def orientation(openings: int, plan) -> int:
    """The openings a tile has after the plan's turns of it."""
    for step in plan:
        if step.op == "rotate":
            openings = rotate_mask(openings, 1 if step.dir == "cw" else -1)
    return openings


def one_step(m: Move) -> bool:
    return len(m.plan) == 1 and m.plan[0].op in ("enter", "cross")


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(state=walk_states())
def test_the_listed_one_step_walks_are_exactly_the_ones_the_rules_accept(state):
    moves = walk_legal.legal(state)
    listed = {(m.pawn, m.plan[0]) for m in moves if m.type == "walk" and one_step(m)}
    expected = set()
    for pawn in PAWNS:
        pos = state.me.pawns[pawn]
        for op, targets in (("enter", neighbours(pos)), ("cross", in_line(pos))):
            for h in targets:
                if accepted(state, pawn, [Step(op, h)]):
                    expected.add((pawn, Step(op, h)))
    assert listed == expected


@SETTINGS
@given(state=walk_states())
def test_every_listed_walk_is_accepted_and_each_orientation_is_listed_once(state):
    moves = [m for m in walk_legal.legal(state) if m.type == "walk"]
    for m in moves:
        assert accepted(state, m.pawn, m.plan), m
    rotations = [m for m in moves if not one_step(m) and m.plan[-1].op == "enter"]
    listed = [
        (m.pawn, m.plan[-1].hex, orientation(state.board[m.plan[-1].hex].openings, m.plan))
        for m in rotations
    ]
    assert len(listed) == len(set(listed))  # each orientation once
    assert all(len(m.plan) <= 4 for m in rotations)  # by the shorter way: at most 3 turns
    expected = set()
    for pawn in PAWNS:
        for n in neighbours(state.me.pawns[pawn]):
            tile = state.board.get(n)
            if tile is None:
                continue
            for k in range(1, 6):
                turned = rotate_mask(tile.openings, k)
                plan = [Step("rotate", n, "cw")] * k + [Step("enter", n)]
                if turned != tile.openings and accepted(state, pawn, plan):
                    expected.add((pawn, n, turned))
    assert set(listed) == expected


@SETTINGS
@given(state=walk_states())
def test_the_listed_turns_are_the_paid_turns_the_rules_accept(state):
    moves = walk_legal.legal(state)
    listed = {
        (m.pawn, m.plan[0].hex) for m in moves if m.type == "walk" and m.plan[-1].op == "rotate"
    }
    expected = set()
    for pawn in PAWNS:
        for n in neighbours(state.me.pawns[pawn]):
            plan = [Step("rotate", n, "cw")]
            if accepted(state, pawn, plan) and simulate(state, pawn, plan).paid:
                expected.add((pawn, n))
    assert listed == expected


@SETTINGS
@given(state=walk_states())
def test_the_listed_clears_and_step_purchase_are_what_the_moves_accept(state):
    moves = walk_legal.legal(state)
    listed = {(m.pawn, m.hex) for m in moves if m.type == "clear"}
    expected = {
        (pawn, n)
        for pawn in PAWNS
        for n in neighbours(state.me.pawns[pawn])
        if handler_accepts(state, Move("clear", pawn=pawn, hex=n))
    }
    assert listed == expected
    assert (Move("buy_step") in moves) == handler_accepts(state, Move("buy_step"))
    assert (Move("buy_step") in moves) == (buy_step_refusal(state) is None)


@SETTINGS
@given(state=walk_states())
def test_the_walk_ends_by_itself_exactly_when_only_end_walk_is_listed(state):
    assert walk_legal.auto_end(state) == (legal_moves(state) == [Move("end_walk")])
