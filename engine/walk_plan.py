"""A walk plan on paper: `simulate` runs one pawn's enter / rotate / cross steps through the
walking rules (`walking`) and never changes the state.

`walk` (`walk_moves`) applies the simulation when it is valid and `preview` (`walk_preview`)
reports it for the panel; sharing it is what keeps the two from ever disagreeing. Costs
inside a plan are checked against what the player had when the plan started minus the
plan's own costs so far; what the plan collects is credited only on confirmation.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from .content.tokens import TOKENS
from .errors import Refusal
from .hexes import Hex, rotate_mask
from .moves import Step
from .state import State, Tile
from .walking import (
    AFTER_HERBERG,
    CROSSING_PRICE,
    NOT_ROLLED,
    NOT_WALKING,
    RESTING,
    PlanTiles,
    check_cross,
    check_enter,
    check_rotate,
)


class StepDone(NamedTuple):
    """One valid step of a plan and what it cost and collected."""

    step: Step
    steps: int
    relaties: int
    toll: bool | None = None  # the tile entered is a toll tile (None: a rotation)
    collects: tuple[str, ...] = ()  # "meeting", "token", in the order they are collected


@dataclass
class Simulation:
    """What a plan does, step by step, up to its first refused step."""

    pawn: int
    start: Hex
    position: Hex
    steps: int = 0  # steps the valid part costs
    relaties: int = 0  # relaties it costs
    done: list[StepDone] = field(default_factory=list)  # the valid steps, in order
    tiles: dict[Hex, Tile] = field(default_factory=dict)  # rotated tiles, final orientation
    rotated: list[Hex] = field(default_factory=list)  # distinct tiles rotated, in order
    paid: list[Hex] = field(default_factory=list)  # tiles whose first rotation cost a step
    gains: list[tuple[str, Hex]] = field(default_factory=list)  # ("meeting"|"token", hex)
    moved: bool = False
    rests: bool = False  # the plan ended at a Herberg
    error: Refusal | None = None
    error_index: int | None = None  # index of the refused step (None: the plan as a whole)


def simulate(state: State, pawn: int, plan: Iterable[Step]) -> Simulation:
    """Run `plan` for `pawn` on paper. Never changes `state`."""
    t, me = state.turn, state.me
    start = me.pawns[pawn]
    sim = Simulation(pawn, start, start)
    if state.phase != "walk":
        sim.error = NOT_WALKING
        return sim
    if not t.walk_dice:
        sim.error = NOT_ROLLED
        return sim
    if pawn in t.rested:
        sim.error = RESTING
        return sim
    tiles = PlanTiles(state.board, sim.tiles)
    opponents = set(state.opponent.pawns.values())
    met = pawn in t.met
    taken: set[Hex] = set()
    relaties = me.resources["relaties"]
    for i, step in enumerate(plan):
        left = t.steps - sim.steps
        if sim.rests:
            sim.error, sim.error_index = AFTER_HERBERG, i
            break
        if step.op == "rotate":
            cost, err = check_rotate(state, tiles, sim.position, step.hex, left, sim.rotated)
            if err:
                sim.error, sim.error_index = err, i
                break
            tile = tiles.get(step.hex)
            assert tile is not None  # check_rotate refuses a hex off the board
            turned = rotate_mask(tile.openings, 1 if step.dir == "cw" else -1)
            sim.tiles[step.hex] = tile.with_openings(turned)
            if step.hex not in sim.rotated:
                sim.rotated.append(step.hex)
            if cost:
                sim.paid.append(step.hex)
            sim.steps += cost
            sim.done.append(StepDone(step, cost, 0))
            continue
        if step.op == "enter":
            cost, err = check_enter(tiles, sim.position, step.hex, left)
            price = 0
        else:
            cost, err = check_cross(tiles, sim.position, step.hex, left, relaties - sim.relaties)
            price = CROSSING_PRICE
        if err:
            sim.error, sim.error_index = err, i
            break
        sim.position = step.hex
        sim.moved = True
        sim.steps += cost
        sim.relaties += price
        collects: list[str] = []
        if not met and step.hex in opponents:
            met = True
            sim.gains.append(("meeting", step.hex))
            collects.append("meeting")
        kind = state.tokens.get(step.hex)
        if kind and step.hex not in taken:
            taken.add(step.hex)
            sim.gains.append(("token", step.hex))
            collects.append("token")
            sim.rests = TOKENS[kind].rests
        toll = tiles.get(step.hex).toll  # type: ignore[union-attr]  # just entered
        sim.done.append(StepDone(step, cost, price, toll, tuple(collects)))
    return sim
