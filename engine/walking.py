"""Phase 2 (IV, V, VI): walking, rotating, crossing, clearing, meetings and tokens.

A walk plan (one pawn: enter / rotate / cross steps) is checked by one simulation,
`simulate`, which never changes the state. `preview` reports that simulation for the panel;
`walk` applies it when it is valid. Sharing it is what keeps the two from ever disagreeing.
Costs inside a plan are checked against what the player had when the plan started minus
the plan's own costs so far; what the plan collects is credited only on confirmation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TypeVar

from . import rng
from .content.tokens import TOKENS
from .dice import roll_dice
from .errors import InvalidMove, Refusal
from .hexes import (
    ALL_SIDES,
    DIRECTIONS,
    Hex,
    around,
    neighbour,
    opposite,
    rotate_mask,
    side_towards,
)
from .modifiers import clear_cost, rotation_free, walk_bonus
from .moves import Move, Step, parse_plan, shared
from .refusals import DEFAULT_LANGUAGE
from .state import PASSABLE, PAWNS, State, Tile

_T = TypeVar("_T")

STEP_PRICE = 1  # relaties per bought step
MAX_BOUGHT_STEPS = 4  # per turn
CROSSING_PRICE = 2  # relaties per crossing
ENTER_STEPS = 1  # entering a tile without a toll
TOLL_STEPS = 2  # entering a toll tile
MAX_CLEARS = 2  # per player per game
MEETING_GAIN = 1  # relaties, at most once per own pawn per turn
FIRST_ROTATION_COST = 1  # steps for a tile's first rotation in a turn; further ones free (V)
WALK_DICE = 2  # the walking roll (IV)
LOT_GAIN = 1  # of the resource the seed picks for a token with a lot (Gunstig voorval)
CROSSABLE = ("water", "forest")


NOT_ROLLED = Refusal("not_rolled")
ROLLED = Refusal("rolled")
NOT_WALKING = Refusal("not_walking")
RESTING = Refusal("resting")
AFTER_HERBERG = Refusal("herberg")
NO_MOVE = Refusal("no_move")  # rules 1: a plan must move the pawn
NOT_ADJACENT = Refusal("not_adjacent")
OFF_BOARD = Refusal("off_board")
NO_OPENING = Refusal("no_opening")
TOO_FEW_STEPS = Refusal("too_expensive", what="steps")
IMPASSABLE = {k: Refusal("impassable", kind=k) for k in ("water", "forest", "empty")}
ROTATE_OWN = Refusal("rotate_own")
ROTATE_NOT_ADJACENT = Refusal("rotate_not_adjacent")
ROTATE_FIXED = {
    k: Refusal("rotate_fixed", kind=k)
    for k in ("house", "plaza", "bridge", "water", "forest", "empty")
}
ROTATE_CROSS = Refusal("rotate_cross")
ROTATE_NO_STEP = Refusal("too_expensive", what="rotation")
CROSS_LINE = Refusal("cross_line")
CROSS_OVER = Refusal("cross_over")
CROSS_ONTO_WATER = Refusal("cross_no_road", kind="water")
BUY_MAX = Refusal("buy_max", max=MAX_BOUGHT_STEPS)
BUY_PRICE = Refusal("buy_price", price=STEP_PRICE)
CLEAR_MAX = Refusal("clear_max", max=MAX_CLEARS)
CLEAR_NOT_EMPTY = Refusal("clear_not_empty")
CLEAR_NOT_ADJACENT = Refusal("clear_not_adjacent")


def _cross_price() -> Refusal:
    return Refusal("too_expensive", what="crossing", price=CROSSING_PRICE)


def _clear_price(cost: int) -> Refusal:
    return Refusal("clear_price", cost=cost)


# --- the shared checks ------------------------------------------------------------------------


class _Tiles:
    """The board as a plan sees it: the state's tiles with the plan's rotations on top."""

    __slots__ = ("base", "over")

    def __init__(self, base: dict[Hex, Tile], over: dict[Hex, Tile] | None = None):
        self.base = base
        self.over = over if over is not None else {}

    def get(self, h: Hex) -> Tile | None:
        t = self.over.get(h)
        return t if t is not None else self.base.get(h)


def enter_cost(tile: Tile) -> int:
    return TOLL_STEPS if tile.toll else ENTER_STEPS


def check_enter(tiles: _Tiles, pos: Hex, target: Hex, steps: int) -> tuple[int, Refusal | None]:
    """Steps it costs to enter `target` from `pos`, or why not."""
    side = side_towards(pos, target)
    if side is None:
        return 0, NOT_ADJACENT
    t = tiles.get(target)
    if t is None:
        return 0, OFF_BOARD
    if not t.passable:
        return 0, IMPASSABLE[t.kind]
    here = tiles.get(pos)
    assert here is not None  # the pawn stands on the board
    if not (here.openings >> side & 1 and t.openings >> opposite(side) & 1):
        return 0, NO_OPENING
    cost = enter_cost(t)
    return cost, (TOO_FEW_STEPS if cost > steps else None)


def check_cross(
    tiles: _Tiles, pos: Hex, landing: Hex, steps: int, relaties: int
) -> tuple[int, Refusal | None]:
    """Steps it costs to cross to `landing` (plus CROSSING_PRICE relaties), or why not."""
    dq, dr = landing[0] - pos[0], landing[1] - pos[1]
    if dq % 2 or dr % 2 or (dq // 2, dr // 2) not in DIRECTIONS:
        return 0, CROSS_LINE
    over = (pos[0] + dq // 2, pos[1] + dr // 2)
    ot = tiles.get(over)
    if ot is None or ot.kind not in CROSSABLE:
        return 0, CROSS_OVER
    t = tiles.get(landing)
    if t is None:
        return 0, OFF_BOARD
    if t.kind == "water":
        return 0, CROSS_ONTO_WATER
    if not t.passable:
        return 0, Refusal("cross_no_road", kind=t.kind)
    if relaties < CROSSING_PRICE:
        return 0, _cross_price()
    cost = enter_cost(t)
    return cost, (TOO_FEW_STEPS if cost > steps else None)


def rotation_cost(state: State, h: Hex, rotated: Iterable[Hex] = ()) -> int:
    """1 step for the first rotation of a tile this turn, unless rotating is free now."""
    if rotation_free(state) or h in state.turn.rotated or h in rotated:
        return 0
    return FIRST_ROTATION_COST


def check_rotate(
    state: State, tiles: _Tiles, pos: Hex, h: Hex, steps: int, rotated: Iterable[Hex]
) -> tuple[int, Refusal | None]:
    if h == pos:
        return 0, ROTATE_OWN
    if side_towards(pos, h) is None:
        return 0, ROTATE_NOT_ADJACENT
    t = tiles.get(h)
    if t is None:
        return 0, OFF_BOARD
    if t.kind != "path":
        return 0, ROTATE_FIXED[t.kind]
    if t.shape == "cross":
        return 0, ROTATE_CROSS
    cost = rotation_cost(state, h, rotated)
    return cost, (ROTATE_NO_STEP if cost > steps else None)


# --- the simulation ---------------------------------------------------------------------------


@dataclass
class Simulation:
    """What a plan does, step by step, up to its first refused step."""

    pawn: int
    start: Hex
    position: Hex
    steps: int = 0  # steps the valid part costs
    relaties: int = 0  # relaties it costs
    results: list[dict[str, Any]] = field(default_factory=list)  # per valid step, JSON
    tiles: dict[Hex, Tile] = field(default_factory=dict)  # rotated tiles, final orientation
    rotated: list[Hex] = field(default_factory=list)  # distinct tiles rotated, in order
    paid: list[Hex] = field(default_factory=list)  # tiles whose first rotation cost a step
    gains: list[tuple[str, Hex]] = field(default_factory=list)  # ("meeting"|"token", hex)
    moved: bool = False
    rests: bool = False  # the plan ended at a Herberg
    error: Refusal | None = None
    error_index: int | None = None  # index of the refused step (None: the plan as a whole)


def simulate(state: State, pawn: int, plan: Iterable[Step], *, report: bool = True) -> Simulation:
    """Run `plan` for `pawn` on paper. Never changes `state`. With `report` False the steps'
    JSON (`results`, for the panel) is left out: `walk` only needs the outcome."""
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
    tiles = _Tiles(state.board, sim.tiles)
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
            if report:
                sim.results.append({"step": step.to_json(), "steps": cost, "relaties": 0})
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
        collects: list[dict[str, Any]] = []
        if not met and step.hex in opponents:
            met = True
            sim.gains.append(("meeting", step.hex))
            if report:
                collects.append(_meeting_json())
        kind = state.tokens.get(step.hex)
        if kind and step.hex not in taken:
            taken.add(step.hex)
            sim.gains.append(("token", step.hex))
            if report:
                collects.append(_token_json(kind))
            sim.rests = TOKENS[kind].rests
        if not report:
            continue
        sim.results.append(
            {
                "step": step.to_json(),
                "steps": cost,
                "relaties": price,
                "toll": tiles.get(step.hex).toll,  # type: ignore[union-attr]  # just entered
                "collects": collects,
            }
        )
    return sim


def _meeting_json() -> dict[str, Any]:
    return {"kind": "meeting", "name": "Ontmoeting", "gives": {"relaties": MEETING_GAIN}}


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


# --- moves ------------------------------------------------------------------------------------


def roll_walk(state: State, move: Move) -> None:
    t = state.turn
    if t.walk_dice:
        raise ROLLED.illegal()
    bonus = walk_bonus(state)
    t.walk_dice = roll_dice(state, "walk", WALK_DICE)
    t.steps = sum(t.walk_dice) + bonus
    state.me.effects.pop("extra_steps", None)  # a one-turn bonus, used now


def buy_step(state: State, move: Move) -> None:
    refusal = _buy_refusal(state)
    if refusal:
        raise refusal.illegal()
    state.me.resources["relaties"] -= STEP_PRICE
    state.turn.bought_steps += 1
    state.turn.steps += 1


def _buy_refusal(state: State) -> Refusal | None:
    t = state.turn
    if not t.walk_dice:
        return NOT_ROLLED
    if t.bought_steps >= MAX_BOUGHT_STEPS:
        return BUY_MAX
    if state.me.resources["relaties"] < STEP_PRICE:
        return BUY_PRICE
    return None


def walk(state: State, move: Move) -> None:
    assert move.pawn is not None  # a walk move names its pawn (moves.MOVE_FIELDS)
    sim = simulate(state, move.pawn, move.plan or (), report=False)
    if sim.error:
        raise sim.error.illegal()
    if not confirmable(state, sim):
        raise NO_MOVE.illegal()
    _confirm(state, sim)


def confirmable(state: State, sim: Simulation) -> bool:
    """A valid plan becomes real when it moves the pawn, or (rules 2, V: "Zo open je een
    route ... of sluit je die van je tegenstander") when it only turns tiles."""
    return sim.moved or (state.rules.rotation_only_plans and bool(sim.rotated))


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


def clear_refusal(state: State, pawn: int, h: Hex) -> Refusal | None:
    me = state.me
    if not state.turn.walk_dice:
        return NOT_ROLLED
    if me.clears >= MAX_CLEARS:
        return CLEAR_MAX
    tile = state.board.get(h)
    if tile is None:
        return OFF_BOARD
    if tile.kind != "empty":
        return CLEAR_NOT_EMPTY
    if side_towards(me.pawns[pawn], h) is None:
        return CLEAR_NOT_ADJACENT
    cost = clear_cost(state)
    if me.resources["geld"] < cost:
        return _clear_price(cost)
    return None


def end_walk(state: State, move: Move) -> None:
    if not state.turn.walk_dice:
        raise NOT_ROLLED.illegal()
    state.phase = "actions"


# --- what can be done now ---------------------------------------------------------------------

# (rotation steps, direction, repeats): each orientation of a tile by the shorter way.
SHORTER_WAYS = ((1, "cw", 1), (-1, "ccw", 1), (2, "cw", 2), (-2, "ccw", 2), (3, "cw", 3))


def _turns_opening(openings: int, back: int) -> tuple[tuple[str, int], ...]:
    """(direction, repeats) of each orientation of a tile, reached by the shorter way and
    listed once, that is open towards side `back`."""
    seen = {openings}
    out = []
    for k, direction, times in SHORTER_WAYS:
        turned = rotate_mask(openings, k)
        if turned in seen:
            continue
        seen.add(turned)
        if turned >> back & 1:
            out.append((direction, times))
    return tuple(out)


# Listing the legal moves runs after every walking move: what depends only on a tile's
# openings or on a hex is worked out once, and the (immutable) moves are reused.
TURNS_OPENING = {(m, back): _turns_opening(m, back) for m in range(64) for back in range(6)}


@lru_cache(maxsize=8192)
def _step_move(pawn: int, op: str, h: Hex) -> Move:
    return Move("walk", pawn=pawn, plan=(Step(op, h),))


@lru_cache(maxsize=8192)
def _rotate_move(pawn: int, h: Hex, direction: str, times: int) -> Move:
    return Move(
        "walk", pawn=pawn, plan=(Step("rotate", h, direction),) * times + (Step("enter", h),)
    )


@lru_cache(maxsize=8192)
def _turn_move(pawn: int, h: Hex) -> Move:
    return Move("walk", pawn=pawn, plan=(Step("rotate", h, "cw"),))


_ROLL_WALK, _BUY_STEP, _END_WALK = shared("roll_walk"), shared("buy_step"), shared("end_walk")


def _walk_options(
    state: State, *, any_will_do: bool = False
) -> tuple[list[Move], list[Move], list[Move], list[Move]]:
    """After the walking roll, in one pass over each pawn's neighbours (pawn order, then
    side order within each kind); with `any_will_do` (auto_end, after every walking move)
    it stops at the first neighbour that gives any:

    - one-step plans (enter, cross) of every pawn that may move;
    - rotate-then-enter plans: each orientation of an adjacent tile that lets the pawn in,
      once, reached by the shorter direction;
    - rules 2: one rotation-only plan (a quarter clockwise) per pawn and adjacent tile whose
      first rotation costs a step that is left. Other turns are legal too (checked by
      `walk`); a free rotation never holds the walk open, or it would never end by itself;
    - clears of adjacent empty fields (a resting pawn may clear too).
    """
    t, me, board = state.turn, state.me, state.board
    steps = t.steps
    can_cross = me.resources["relaties"] >= CROSSING_PRICE
    rotation_paid = not rotation_free(state)
    paid_turns = state.rules.rotation_only_plans and steps >= FIRST_ROTATION_COST
    can_clear = me.clears < MAX_CLEARS and me.resources["geld"] >= clear_cost(state)
    walks: list[Move] = []
    rotations: list[Move] = []
    turns: list[Move] = []
    clears: list[Move] = []
    for pawn in PAWNS:
        resting = pawn in t.rested
        if resting and not can_clear:
            continue
        pos = me.pawns[pawn]
        openings = 0 if resting else board[pos].openings
        for side, n in enumerate(around(pos)):
            nt = board.get(n)
            if nt is None:
                continue
            kind = nt.kind
            if kind == "empty" and can_clear:
                clears.append(shared("clear", pawn=pawn, hex=n))
            if resting:
                continue
            back = (side + 3) % 6
            if kind in PASSABLE:
                if (
                    openings >> side & 1
                    and nt.openings >> back & 1
                    and (TOLL_STEPS if nt.toll else ENTER_STEPS) <= steps
                ):
                    walks.append(_step_move(pawn, "enter", n))
            elif kind in CROSSABLE and can_cross:
                landing = around(n)[side]
                lt = board.get(landing)
                if (
                    lt is not None
                    and lt.kind in PASSABLE
                    and (TOLL_STEPS if lt.toll else ENTER_STEPS) <= steps
                ):
                    walks.append(_step_move(pawn, "cross", landing))
            if kind == "path" and nt.shape != "cross":  # Tile.rotatable
                cost = FIRST_ROTATION_COST if rotation_paid and n not in t.rotated else 0
                if (
                    openings >> side & 1
                    and cost + (TOLL_STEPS if nt.toll else ENTER_STEPS) <= steps
                ):
                    for direction, times in TURNS_OPENING[nt.openings, back]:
                        rotations.append(_rotate_move(pawn, n, direction, times))
                if paid_turns and cost == FIRST_ROTATION_COST:
                    turns.append(_turn_move(pawn, n))
            if any_will_do and (walks or rotations or turns or clears):
                return walks, rotations, turns, clears
    return walks, rotations, turns, clears


def legal(state: State) -> list[Move]:
    """The walk phase's moves in a fixed order: roll_walk before the roll; after it buy_step,
    one-step walks, rotate-then-enter walks, paid rotations (rules 2), clears, end_walk."""
    if not state.turn.walk_dice:
        return [_ROLL_WALK]
    out = [_BUY_STEP] if _buy_refusal(state) is None else []
    for moves in _walk_options(state):
        out.extend(moves)
    out.append(_END_WALK)
    return out


def auto_end(state: State) -> bool:
    """True when the dice are rolled and nothing is left to choose: no step, crossing,
    paid rotation or clearing affordable, no step to buy. (A longer plan always starts with one of the
    one-step plans `legal` lists, so none of those means no plan at all.)"""
    if not state.turn.walk_dice or _buy_refusal(state) is None:
        return False
    return not any(_walk_options(state, any_will_do=True))


# --- preview ----------------------------------------------------------------------------------


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
    out: dict[str, Any] = {
        "ok": ok,
        "confirmable": ok and confirmable(state, sim),
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
        "steps": sim.results,
        "collects": [c for r in sim.results for c in r.get("collects", ())],
        "resting": sim.rests or pawn in t.rested,
        "next": [],
        "refused": [],
        "rotatable": [],
    }
    if sim.error in (NOT_WALKING, NOT_ROLLED):
        return out
    _options(state, sim, out, steps_left, relaties_left, lang)
    return out


def _options(
    state: State,
    sim: Simulation,
    out: dict[str, Any],
    steps_left: int,
    relaties_left: int,
    lang: str,
) -> None:
    """Fill next / refused / rotatable for where the plan leaves the pawn."""
    tiles = _Tiles(state.board, sim.tiles)
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
