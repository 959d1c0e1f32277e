"""Phase 2's moves (IV, V, VI): roll_walk, buy_step, walk, clear and end_walk, each applying
the walking rules (`walking`) to the state. A walk applies its plan's simulation
(`walk_plan.simulate`) when it is valid: rotations, the pawn, costs, then what it collected.
"""

from __future__ import annotations

from typing import TypeVar

from . import rng
from .content.tokens import TOKENS
from .dice import roll_dice
from .hexes import ALL_SIDES
from .modifiers import clear_cost, walk_bonus
from .moves import Move
from .state import State, Tile
from .walk_plan import Simulation, simulate
from .walking import (
    LOT_GAIN,
    MEETING_GAIN,
    NO_MOVE,
    NOT_ROLLED,
    ROLLED,
    STEP_PRICE,
    WALK_DICE,
    buy_step_refusal,
    clear_refusal,
    confirmable,
)

_T = TypeVar("_T")


def roll_walk(state: State, move: Move) -> None:
    t = state.turn
    if t.walk_dice:
        raise ROLLED.illegal()
    bonus = walk_bonus(state)
    t.walk_dice = roll_dice(state, "walk", WALK_DICE)
    t.steps = sum(t.walk_dice) + bonus
    state.me.effects.pop("extra_steps", None)  # a one-turn bonus, used now


def buy_step(state: State, move: Move) -> None:
    refusal = buy_step_refusal(state)
    if refusal:
        raise refusal.illegal()
    state.me.resources["relaties"] -= STEP_PRICE
    state.turn.bought_steps += 1
    state.turn.steps += 1


def walk(state: State, move: Move) -> None:
    assert move.pawn is not None  # a walk move names its pawn (moves.MOVE_FIELDS)
    sim = simulate(state, move.pawn, move.plan or ())
    if sim.error:
        raise sim.error.illegal()
    if not confirmable(state, sim.moved, bool(sim.rotated)):
        raise NO_MOVE.illegal()
    _confirm(state, sim)


def _confirm(state: State, sim: Simulation) -> None:
    """Make a valid plan real: rotations, the pawn, costs, then what it collected, in order."""
    t, me = state.turn, state.me
    if sim.tiles:
        state.own_board().update(sim.tiles)
    me.pawns[sim.pawn] = sim.position
    t.steps -= sim.steps
    me.resources["relaties"] -= sim.relaties
    for h in sim.rotated:
        _add(t.rotated, h)
        _add(me.rotated_tiles, h)
    for h in sim.paid:
        _add(me.paid_rotations, h)
    _add(t.walked, sim.pawn)
    for what, h in sim.gains:
        if what == "meeting":
            me.resources["relaties"] += MEETING_GAIN
            _add(t.met, sim.pawn)
        else:
            _take_token(state, state.tokens.pop(h))
    if sim.rests:
        _add(t.rested, sim.pawn)


def _add(items: list[_T], item: _T) -> None:
    if item not in items:
        items.append(item)


def _take_token(state: State, kind: str) -> None:
    tk = TOKENS[kind]
    res = state.me.resources
    for r, n in tk.gives:
        res[r] += n
    for r, n in tk.takes:
        res[r] = max(0, res[r] - n)  # nothing to levy when there is nothing
    if tk.lot:
        res[rng.choice(state.seed, state.rng_counters, "token-lot", tk.lot)] += LOT_GAIN


def clear(state: State, move: Move) -> None:
    assert move.pawn is not None and move.hex is not None  # required fields of clear
    refusal = clear_refusal(state, move.pawn, move.hex)
    if refusal:
        raise refusal.illegal()
    state.me.resources["geld"] -= clear_cost(state)
    state.me.clears += 1
    state.own_board()[move.hex] = Tile("path", ALL_SIDES, "cross", cleared=True)


def end_walk(state: State, move: Move) -> None:
    if not state.turn.walk_dice:
        raise NOT_ROLLED.illegal()
    state.phase = "actions"
