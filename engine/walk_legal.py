"""What can be done in phase 2 now: the walk phase's legal moves, and whether nothing is left
to choose (the automatic end_walk).

Listing runs after every walking move (`auto_end`), so it is one pass over each pawn's
neighbours. Entering and crossing are decided by the walking rules' own predicates
(`walking.enter_refusal`, `walking.cross_refusal`), buying a step by `buy_step_refusal`.
Rotations and clears keep a shortcut: the round's rotation and clearing terms are read once
per listing and rotate-then-enter plans come from a table of orientations, which calling
`check_rotate` and `clear_refusal` per neighbour would make about a tenth slower.
tests/engine/test_walk_legal.py proves on random states that the listing is exactly what
the rules' checks accept.
"""

from __future__ import annotations

from functools import lru_cache

from .hexes import around, rotate_mask
from .modifiers import clear_cost, rotation_free
from .moves import Move, Step, shared
from .state import PAWNS, State
from .walking import (
    CROSSABLE,
    FIRST_ROTATION_COST,
    MAX_CLEARS,
    SHORTER_WAYS,
    buy_step_refusal,
    cross_refusal,
    enter_cost,
    enter_refusal,
)


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


# What depends only on a tile's openings or on a hex is worked out once, and the (immutable)
# moves are reused.
TURNS_OPENING = {(m, back): _turns_opening(m, back) for m in range(64) for back in range(6)}


@lru_cache(maxsize=8192)
def _step_move(pawn: int, op: str, h: tuple[int, int]) -> Move:
    return Move("walk", pawn=pawn, plan=(Step(op, h),))


@lru_cache(maxsize=8192)
def _rotate_move(pawn: int, h: tuple[int, int], direction: str, times: int) -> Move:
    return Move(
        "walk", pawn=pawn, plan=(Step("rotate", h, direction),) * times + (Step("enter", h),)
    )


@lru_cache(maxsize=8192)
def _turn_move(pawn: int, h: tuple[int, int]) -> Move:
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
    relaties = me.resources["relaties"]
    # The round's terms, read once per listing (walking.rotation_cost, clear_refusal).
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
        here = board[pos]
        openings = here.openings
        for side, n in enumerate(around(pos)):
            nt = board.get(n)
            if nt is None:
                continue
            kind = nt.kind
            if kind == "empty" and can_clear:
                clears.append(shared("clear", pawn=pawn, hex=n))
            if resting:
                continue
            if kind in CROSSABLE:
                landing = around(n)[side]
                if cross_refusal(nt, board.get(landing), steps, relaties) is None:
                    walks.append(_step_move(pawn, "cross", landing))
            elif enter_refusal(here, side, nt, steps) is None:
                walks.append(_step_move(pawn, "enter", n))
            if kind == "path" and nt.shape != "cross":  # Tile.rotatable
                cost = FIRST_ROTATION_COST if rotation_paid and n not in t.rotated else 0
                # Any turn of TURNS_OPENING opens back towards the pawn (enter_refusal).
                if openings >> side & 1 and cost + enter_cost(nt) <= steps:
                    for direction, times in TURNS_OPENING[nt.openings, (side + 3) % 6]:
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
    out = [_BUY_STEP] if buy_step_refusal(state) is None else []
    for moves in _walk_options(state):
        out.extend(moves)
    out.append(_END_WALK)
    return out


def auto_end(state: State) -> bool:
    """True when the dice are rolled and nothing is left to choose: no step, crossing,
    paid rotation or clearing affordable, no step to buy. (A longer plan always starts with one of the
    one-step plans `legal` lists, so none of those means no plan at all.)"""
    if not state.turn.walk_dice or buy_step_refusal(state) is None:
        return False
    return not any(_walk_options(state, any_will_do=True))
