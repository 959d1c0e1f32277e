"""The move notation (docs/notation.md) for the walk phase: JSON round-trips, malformed moves
are InvalidMove, moves the rules refuse are IllegalMove, and a refused move leaves the state
exactly as it was."""

from __future__ import annotations

import pytest

from engine import EngineError, IllegalMove, InvalidMove, Move, Step, apply, full_state, legal_moves
from engine.state import Tile

from .helpers import EMPTY, WATER, crossroads, house, refusal, refuse, straight, walk_state

E, E2 = (1, 0), (2, 0)

WALK_MOVES = [
    {"type": "roll_walk"},
    {"type": "buy_step"},
    {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0]}]},
    {"type": "walk", "pawn": 3, "plan": [{"rotate": [1, -1], "dir": "ccw"}, {"enter": [1, -1]}]},
    {"type": "walk", "pawn": 2, "plan": [{"cross": [2, 0]}, {"rotate": [3, 0], "dir": "cw"}]},
    {"type": "clear", "pawn": 2, "hex": [-1, 1]},
    {"type": "end_walk"},
    {"type": "end_walk", "auto": True},
]


@pytest.mark.parametrize("data", WALK_MOVES, ids=lambda d: d["type"])
def test_every_walk_move_round_trips_through_its_json(data):
    move = Move.from_json(data)
    assert move.to_json() == data
    assert Move.from_json(move.to_json()) == move


def test_steps_have_one_json_form():
    assert Step("enter", (1, -2)).to_json() == {"enter": [1, -2]}
    assert Step("rotate", (0, 1), "cw").to_json() == {"rotate": [0, 1], "dir": "cw"}
    assert Step.from_json({"cross": [2, 0]}) == Step("cross", (2, 0))


def test_legal_walk_moves_round_trip():
    s = walk_state({E: straight(1), (-1, 0): WATER, (0, 1): EMPTY})
    moves = legal_moves(s)
    assert {m.type for m in moves} == {"buy_step", "walk", "clear", "end_walk"}
    for m in moves:
        assert Move.from_json(m.to_json()) == m


@pytest.mark.parametrize(
    "data",
    [
        {"type": "walk", "plan": [{"enter": [1, 0]}]},  # no pawn
        {"type": "walk", "pawn": 4, "plan": [{"enter": [1, 0]}]},
        {"type": "walk", "pawn": "1", "plan": [{"enter": [1, 0]}]},
        {"type": "walk", "pawn": True, "plan": [{"enter": [1, 0]}]},
        {"type": "walk", "pawn": 1, "plan": []},
        {"type": "walk", "pawn": 1, "plan": {"enter": [1, 0]}},
        {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0], "cross": [2, 0]}]},
        {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0], "dir": "cw"}]},
        {"type": "walk", "pawn": 1, "plan": [{"rotate": [1, 0]}]},
        {"type": "walk", "pawn": 1, "plan": [{"rotate": [1, 0], "dir": "left"}]},
        {"type": "walk", "pawn": 1, "plan": [{"enter": [1]}]},
        {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0, 0]}]},
        {"type": "walk", "pawn": 1, "plan": [{"enter": [True, 0]}]},
        {"type": "walk", "pawn": 1, "plan": [{"enter": "1,0"}]},
        {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0]}] * 65},
        {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0]}], "seat": 0},
        {"type": "clear", "pawn": 1},
        {"type": "clear", "pawn": 1, "hex": [1.5, 0]},
        {"type": "buy_step", "n": 2},
        {"type": "roll_walk", "dice": [6, 6]},
        {"type": "end_walk", "auto": False},
        {"type": "walk_fast"},
        {"pawn": 1},
        ["walk"],
    ],
)
def test_malformed_moves_are_invalid_not_illegal(data):
    with pytest.raises(InvalidMove):
        apply(walk_state(), data)


def test_invalid_and_illegal_are_different_errors():
    assert issubclass(InvalidMove, EngineError) and issubclass(IllegalMove, EngineError)
    assert not issubclass(InvalidMove, IllegalMove) and not issubclass(IllegalMove, InvalidMove)


def test_a_move_is_applied_to_a_copy():
    s = walk_state()
    before = full_state(s)
    new = apply(s, {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0]}]})
    assert full_state(s) == before and new is not s
    assert new.log[-1] == {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0]}]}


# Every refusal of the walk phase, each with its own Dutch message.
REFUSALS = {
    "no opening": ({E: straight(1)}, {}, {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0]}]}),
    "too few steps": (
        {},
        {"steps": 1},
        {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0]}, {"enter": [2, 0]}]},
    ),
    "water": ({E: WATER}, {}, {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0]}]}),
    "empty field": ({E: EMPTY}, {}, {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0]}]}),
    "not adjacent": ({}, {}, {"type": "walk", "pawn": 1, "plan": [{"enter": [2, 0]}]}),
    "off the board": (
        {},
        {"radius": 1},
        {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0]}, {"enter": [2, 0]}]},
    ),
    "rotate a house": (
        {E: house("kerk")},
        {},
        {"type": "walk", "pawn": 1, "plan": [{"rotate": [1, 0], "dir": "cw"}, {"enter": [1, 0]}]},
    ),
    "rotate a bridge": (
        {E: Tile("bridge", 9, "straight")},
        {},
        {"type": "walk", "pawn": 1, "plan": [{"rotate": [1, 0], "dir": "cw"}, {"enter": [1, 0]}]},
    ),
    "rotate crossroads": (
        {},
        {},
        {"type": "walk", "pawn": 1, "plan": [{"rotate": [1, 0], "dir": "cw"}, {"enter": [1, 0]}]},
    ),
    "rotate far tile": (
        {},
        {},
        {"type": "walk", "pawn": 1, "plan": [{"rotate": [2, 0], "dir": "cw"}, {"enter": [1, 0]}]},
    ),
    "rotate own tile": (
        {},
        {"pawns": {1: E}},
        {"type": "walk", "pawn": 1, "plan": [{"rotate": [1, 0], "dir": "cw"}, {"enter": [2, 0]}]},
    ),
    "no step to rotate": (
        {E: straight(1)},
        {"steps": 0},
        {"type": "walk", "pawn": 1, "plan": [{"rotate": [1, 0], "dir": "ccw"}, {"enter": [1, 0]}]},
    ),
    "cross onto water": (
        {E: WATER, E2: WATER},
        {},
        {"type": "walk", "pawn": 1, "plan": [{"cross": [2, 0]}]},
    ),
    "cross no road": (
        {E: WATER, E2: EMPTY},
        {},
        {"type": "walk", "pawn": 1, "plan": [{"cross": [2, 0]}]},
    ),
    "cross over road": ({}, {}, {"type": "walk", "pawn": 1, "plan": [{"cross": [2, 0]}]}),
    "cross crooked": ({E: WATER}, {}, {"type": "walk", "pawn": 1, "plan": [{"cross": [1, 1]}]}),
    "cross too few relaties": (
        {E: WATER},
        {"resources": {"relaties": 1}},
        {"type": "walk", "pawn": 1, "plan": [{"cross": [2, 0]}]},
    ),
    "step after herberg": (
        {},
        {"tokens": {E: "herberg"}},
        {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0]}, {"enter": [2, 0]}]},
    ),
    "buy a fifth step": ({}, {"resources": {"relaties": 5}}, {"type": "buy_step"}),
    "buy without relaties": ({}, {"resources": {"relaties": 0}}, {"type": "buy_step"}),
    "third clearing": ({E: EMPTY}, {}, {"type": "clear", "pawn": 1, "hex": [1, 0]}),
    "clear no field": ({E: crossroads()}, {}, {"type": "clear", "pawn": 1, "hex": [1, 0]}),
    "clear far field": ({E2: EMPTY}, {}, {"type": "clear", "pawn": 1, "hex": [2, 0]}),
    "clear no geld": (
        {E: EMPTY},
        {"resources": {"geld": 0}},
        {"type": "clear", "pawn": 1, "hex": [1, 0]},
    ),
    "roll twice": ({}, {}, {"type": "roll_walk"}),
}


def _refused_state(name):
    tiles, kw, move = REFUSALS[name]
    s = walk_state(tiles, **kw)
    if name == "third clearing":
        s.players[s.current].clears = 2
    if name == "buy a fifth step":
        s.turn.bought_steps = 4
    return s, move


@pytest.mark.parametrize("name", list(REFUSALS))
def test_a_refused_move_is_illegal_and_leaves_the_state_untouched(name):
    s, move = _refused_state(name)
    assert refuse(s, move)  # refuse() compares the full state before and after


def test_every_refusal_has_its_own_code_or_parameters():
    messages = {}
    for name in REFUSALS:
        s, move = _refused_state(name)
        code, params = refusal(s, move)
        messages[name] = (code, tuple(sorted(params.items())))
    assert len(set(messages.values())) == len(messages), messages


def test_resting_pawn_refusal_differs_from_the_step_after_a_herberg():
    s = walk_state(tokens={E: "herberg"})
    after = refuse(s, {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0]}, {"enter": [2, 0]}]})
    s = apply(s, {"type": "walk", "pawn": 1, "plan": [{"enter": [1, 0]}]})
    resting = refuse(s, {"type": "walk", "pawn": 1, "plan": [{"enter": [2, 0]}]})
    assert (after, resting) == ("herberg", "resting")
