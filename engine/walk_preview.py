"""The walk panel's preview: what a plan would do, JSON-ready, with its texts for the player.

`preview` reports the plan's simulation (`walk_plan.simulate`, the one `walk` applies) and,
for where it leaves the pawn, what the walking rules (`walking`) allow next. The words come
from the refusal catalogues (`engine.refusals`) and the tokens' content; the meeting's name
is here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .content.tokens import TOKENS
from .errors import InvalidMove, Refusal
from .hexes import Hex, neighbour
from .moves import Step, parse_plan
from .refusals import DEFAULT_LANGUAGE
from .state import PAWNS, State, Tile
from .walk_plan import Simulation, StepDone, simulate
from .walking import (
    AFTER_HERBERG,
    CROSSABLE,
    CROSSING_PRICE,
    FIRST_ROTATION_COST,
    MEETING_GAIN,
    NOT_ROLLED,
    NOT_WALKING,
    RESTING,
    PlanTiles,
    check_cross,
    check_enter,
    confirmable,
    rotation_cost,
)

MEETING_NAME = "Ontmoeting"


def preview(
    state: State, pawn: int, plan: Sequence[Step | dict[str, Any]], *, lang: str = DEFAULT_LANGUAGE
) -> dict[str, Any]:
    """What `plan` would do for `pawn`, JSON-ready. Never changes the state.

    Reports the first refused step (its code, parameters and text in `lang`), the costs so far, the steps left, what
    each step collects, where the pawn ends up, which hexes it may enter next (gold) and at
    what cost, which neighbours are refused and why, and the tiles it could rotate.
    """
    if isinstance(pawn, bool) or not isinstance(pawn, int) or pawn not in PAWNS:
        raise InvalidMove("bad_number", field="pawn", lo=1, hi=3)
    steps = parse_plan(plan)
    sim = simulate(state, pawn, steps)
    t, me = state.turn, state.me
    steps_left = t.steps - sim.steps
    relaties_left = me.resources["relaties"] - sim.relaties
    err = sim.error
    ok = err is None
    results = [_step_json(state, done) for done in sim.done]
    out: dict[str, Any] = {
        "ok": ok,
        "confirmable": ok and confirmable(state, sim.moved, bool(sim.rotated)),
        "error": None if err is None else err.text(lang),
        "code": None if err is None else err.code,
        "params": None if err is None else err.params,
        "error_step": sim.error_index,
        "pawn": pawn,
        "start": list(sim.start),
        "position": list(sim.position),
        "cost": {"steps": sim.steps, "relaties": sim.relaties},
        "steps_left": steps_left,
        "relaties_left": relaties_left,
        "steps": results,
        "collects": [c for r in results for c in r.get("collects", ())],
        "resting": sim.rests or pawn in t.rested,
        "next": [],
        "refused": [],
        "rotatable": [],
    }
    if sim.error in (NOT_WALKING, NOT_ROLLED):
        return out
    _options(state, sim, out, steps_left, relaties_left, lang)
    return out


def _step_json(state: State, done: StepDone) -> dict[str, Any]:
    """One valid step as the panel shows it: a rotation, or an entry with what it collects."""
    out: dict[str, Any] = {
        "step": done.step.to_json(),
        "steps": done.steps,
        "relaties": done.relaties,
    }
    if done.toll is None:
        return out
    out["toll"] = done.toll
    out["collects"] = [
        _meeting_json() if what == "meeting" else _token_json(state.tokens[done.step.hex])
        for what in done.collects
    ]
    return out


def _meeting_json() -> dict[str, Any]:
    return {"kind": "meeting", "name": MEETING_NAME, "gives": {"relaties": MEETING_GAIN}}


def _token_json(kind: str) -> dict[str, Any]:
    tk = TOKENS[kind]
    return {
        "kind": "token",
        "token": kind,
        "name": tk.name,
        "text": tk.text,
        "gives": dict(tk.gives),
        "takes": dict(tk.takes),
        "lot": list(tk.lot),
        "rests": tk.rests,
    }


def _options(
    state: State,
    sim: Simulation,
    out: dict[str, Any],
    steps_left: int,
    relaties_left: int,
    lang: str,
) -> None:
    """Fill next / refused / rotatable for where the plan leaves the pawn."""
    tiles = PlanTiles(state.board, sim.tiles)
    pos = sim.position
    resting = RESTING if sim.pawn in state.turn.rested else AFTER_HERBERG if sim.rests else None
    met = sim.pawn in state.turn.met or any(g == "meeting" for g, _ in sim.gains)
    taken = {h for g, h in sim.gains if g == "token"}
    opponents = set(state.opponent.pawns.values())
    for side in range(6):
        n = neighbour(pos, side)
        nt = tiles.get(n)
        if nt is None:
            continue
        if resting:
            out["refused"].append(_refused(n, resting, "enter", lang))
            continue
        cost, err = check_enter(tiles, pos, n, steps_left)
        if err:
            out["refused"].append(_refused(n, err, "enter", lang))
        else:
            out["next"].append(_target(state, n, nt, cost, 0, "enter", met, taken, opponents))
        if nt.kind in CROSSABLE:
            landing = neighbour(n, side)
            lt = tiles.get(landing)
            if lt is not None:
                cost, err = check_cross(tiles, pos, landing, steps_left, relaties_left)
                if err:
                    out["refused"].append(_refused(landing, err, "cross", lang))
                else:
                    out["next"].append(
                        _target(
                            state, landing, lt, cost, CROSSING_PRICE, "cross", met, taken, opponents
                        )
                    )
        if nt.rotatable:
            cost = rotation_cost(state, n, sim.rotated)
            out["rotatable"].append(
                {
                    "hex": list(n),
                    "first_rotation_costs_step": cost == FIRST_ROTATION_COST,
                    "affordable": cost <= steps_left,
                }
            )


def _refused(h: Hex, why: Refusal, via: str, lang: str) -> dict[str, Any]:
    return {
        "hex": list(h),
        "via": via,
        "reason": why.code,
        "params": why.params,
        "text": why.text(lang),
    }


def _target(
    state: State,
    h: Hex,
    tile: Tile,
    steps: int,
    relaties: int,
    via: str,
    met: bool,
    taken: set[Hex],
    opponents: set[Hex],
) -> dict[str, Any]:
    kind = state.tokens.get(h) if h not in taken else None
    return {
        "hex": list(h),
        "via": via,
        "steps": steps,
        "relaties": relaties,
        "toll": tile.toll,
        "meeting": not met and h in opponents,
        "token": kind,
    }
