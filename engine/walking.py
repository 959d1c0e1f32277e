"""Phase 2 (IV, V, VI): the walking rules. Each condition is written here once.

The rules' numbers, their refusals, and one check per rule: entering a tile, crossing water
or forest, rotating a tile, buying a step, clearing a field. The rest of the phase reads
these: `walk_plan` (a plan on paper), `walk_moves` (the moves), `walk_legal` (what can be
done now) and `walk_preview` (the panel's report, with its texts).
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import Refusal
from .hexes import DIRECTIONS, Hex, side_towards
from .modifiers import clear_cost, rotation_free
from .state import PASSABLE, State, Tile

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
# (rotation steps, direction, repeats): each orientation of a tile by the shorter way.
SHORTER_WAYS = ((1, "cw", 1), (-1, "ccw", 1), (2, "cw", 2), (-2, "ccw", 2), (3, "cw", 3))

_NOT_PASSABLE = ("water", "forest", "empty")

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
IMPASSABLE = {k: Refusal("impassable", kind=k) for k in _NOT_PASSABLE}
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
CROSS_NO_ROAD = {k: Refusal("cross_no_road", kind=k) for k in _NOT_PASSABLE}
CROSS_PRICE = Refusal("too_expensive", what="crossing", price=CROSSING_PRICE)
BUY_MAX = Refusal("buy_max", max=MAX_BOUGHT_STEPS)
BUY_PRICE = Refusal("buy_price", price=STEP_PRICE)
CLEAR_MAX = Refusal("clear_max", max=MAX_CLEARS)
CLEAR_NOT_EMPTY = Refusal("clear_not_empty")
CLEAR_NOT_ADJACENT = Refusal("clear_not_adjacent")


def _clear_price(cost: int) -> Refusal:
    return Refusal("clear_price", cost=cost)


class PlanTiles:
    """The board as a plan sees it: the state's tiles with the plan's rotations on top."""

    __slots__ = ("base", "over")

    def __init__(self, base: dict[Hex, Tile], over: dict[Hex, Tile] | None = None):
        self.base = base
        self.over = over if over is not None else {}

    def get(self, h: Hex) -> Tile | None:
        t = self.over.get(h)
        return t if t is not None else self.base.get(h)


# --- entering and crossing (IV) ---------------------------------------------------------------


def enter_cost(tile: Tile) -> int:
    return TOLL_STEPS if tile.toll else ENTER_STEPS


def enter_refusal(here: Tile, side: int, there: Tile, steps: int) -> Refusal | None:
    """Why a pawn on `here` may not enter `there`, its neighbour across `side`, with `steps`
    left; None when it may. (`walk_legal` calls this for every neighbour: keep it lean, so
    the opposite side is worked out here rather than by `hexes.opposite`.)"""
    if there.kind not in PASSABLE:
        return IMPASSABLE[there.kind]
    if not (here.openings >> side & 1 and there.openings >> (side + 3) % 6 & 1):
        return NO_OPENING
    return TOO_FEW_STEPS if enter_cost(there) > steps else None


def check_enter(tiles: PlanTiles, pos: Hex, target: Hex, steps: int) -> tuple[int, Refusal | None]:
    """Steps it costs to enter `target` from `pos`, or why not."""
    side = side_towards(pos, target)
    if side is None:
        return 0, NOT_ADJACENT
    t = tiles.get(target)
    if t is None:
        return 0, OFF_BOARD
    here = tiles.get(pos)
    assert here is not None  # the pawn stands on the board
    refusal = enter_refusal(here, side, t, steps)
    return (0, refusal) if refusal else (enter_cost(t), None)


def cross_refusal(
    over: Tile | None, landing: Tile | None, steps: int, relaties: int
) -> Refusal | None:
    """Why a pawn may not cross the tile `over` onto `landing` (beyond it, in line) with
    `steps` and `relaties` left; None when it may. (Called by `walk_legal` too.)"""
    if over is None or over.kind not in CROSSABLE:
        return CROSS_OVER
    if landing is None:
        return OFF_BOARD
    if landing.kind not in PASSABLE:
        return CROSS_NO_ROAD[landing.kind]
    if relaties < CROSSING_PRICE:
        return CROSS_PRICE
    return TOO_FEW_STEPS if enter_cost(landing) > steps else None


def check_cross(
    tiles: PlanTiles, pos: Hex, landing: Hex, steps: int, relaties: int
) -> tuple[int, Refusal | None]:
    """Steps it costs to cross to `landing` (plus CROSSING_PRICE relaties), or why not."""
    dq, dr = landing[0] - pos[0], landing[1] - pos[1]
    if dq % 2 or dr % 2 or (dq // 2, dr // 2) not in DIRECTIONS:
        return 0, CROSS_LINE
    over = (pos[0] + dq // 2, pos[1] + dr // 2)
    t = tiles.get(landing)
    refusal = cross_refusal(tiles.get(over), t, steps, relaties)
    return (0, refusal) if refusal else (enter_cost(t), None)  # type: ignore[arg-type]  # on board


# --- rotating (V) -----------------------------------------------------------------------------


def rotation_cost(state: State, h: Hex, rotated: Iterable[Hex] = ()) -> int:
    """1 step for the first rotation of a tile this turn, unless rotating is free now."""
    if rotation_free(state) or h in state.turn.rotated or h in rotated:
        return 0
    return FIRST_ROTATION_COST


def check_rotate(
    state: State, tiles: PlanTiles, pos: Hex, h: Hex, steps: int, rotated: Iterable[Hex]
) -> tuple[int, Refusal | None]:
    if h == pos:
        return 0, ROTATE_OWN
    if side_towards(pos, h) is None:
        return 0, ROTATE_NOT_ADJACENT
    t = tiles.get(h)
    if t is None:
        return 0, OFF_BOARD
    if not t.rotatable:
        return 0, ROTATE_CROSS if t.kind == "path" else ROTATE_FIXED[t.kind]
    cost = rotation_cost(state, h, rotated)
    return cost, (ROTATE_NO_STEP if cost > steps else None)


def confirmable(state: State, moved: bool, turned: bool) -> bool:
    """A valid plan becomes real when it moves the pawn, or (rules 2, V: "Zo open je een
    route ... of sluit je die van je tegenstander") when it only turns tiles."""
    return moved or (state.rules.rotation_only_plans and turned)


# --- buying steps and clearing (IV) -----------------------------------------------------------


def buy_step_refusal(state: State) -> Refusal | None:
    t = state.turn
    if not t.walk_dice:
        return NOT_ROLLED
    if t.bought_steps >= MAX_BOUGHT_STEPS:
        return BUY_MAX
    if state.me.resources["relaties"] < STEP_PRICE:
        return BUY_PRICE
    return None


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
