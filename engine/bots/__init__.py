"""Computer players: a random-legal-move player, a greedy player, and the levels built on
it (easy: a greedy that blunders; strong: a search player, `engine.bots.search`).

`choose_move(state, kind, rng_seed)` returns one legal move for the current player; the same
state, kind and seed always give the same move. The greedy player never looks at hidden
information (the deck order, the seed's future dice): it decides chance moves (rolling,
buying dice, bending) by their expected value, and it only "tries" moves whose outcome is
already fixed (activating cards after the roll is locked).

The greedy player plays a whole turn with one idea: each pawn goes to the house where its
next action is worth the most aanzien (a trading post first, then the court action), the
roll is bought up and bent when that lifts a threshold, and the court is visited when a
purchase pays back more than its price in expected aanzien.

The modules, in the direction of their imports: `values` (what things are worth, the dice
arithmetic) and `paths` (distances and walk plans); `decision` (one decision's state, moves
and valuations); `phase_draw`, `phase_walk`, `phase_actions`, `phase_roll` (the greedy's
play in each phase); `greedy` (dispatches by phase); `search` (easy and strong).
"""

from __future__ import annotations

from .. import rng
from ..game import legal_moves
from ..moves import Move
from ..state import State
from .greedy import Greedy
from .search import easy_move, strong_move
from .values import evaluation, p_at_least

KINDS = ("random", "easy", "greedy", "strong")


def choose_move(state: State, kind: str, rng_seed: int | str = 0) -> Move:
    """The move `kind` (see KINDS) plays now. Deterministic given `rng_seed` (strong: while
    its time limit is not reached)."""
    moves = legal_moves(state)
    if not moves:
        raise ValueError("no legal move: the game is over")
    if kind == "random":
        return moves[rng.randbelow(str(rng_seed), {}, f"bot:{state.seq}", len(moves))]
    if kind == "greedy":
        return Greedy(state, moves).choose()
    if kind == "easy":
        return easy_move(state, moves, rng_seed)
    if kind == "strong":
        return strong_move(state, moves, rng_seed)
    raise ValueError(f"unknown bot kind {kind!r}")


__all__ = ["KINDS", "Greedy", "choose_move", "evaluation", "p_at_least"]
