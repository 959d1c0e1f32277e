"""The computer opponent's choice of move, behind one function.

Uses the engine's greedy bot when it is there; otherwise the first legal move.
"""

from __future__ import annotations

import hashlib

import engine


def bot_rng_seed(seed: str, seq: int) -> int:
    """A per-move seed for the bot, derived from (but not revealing) the game's seed."""
    return int.from_bytes(hashlib.sha256(f"bot:{seed}:{seq}".encode()).digest()[:8], "big")


# The lobby's levels (Game.Level) and the engine's players that play them.
KIND_OF_LEVEL = {"easy": "easy", "normal": "greedy", "strong": "strong"}


def choose_move(state: engine.State, level: str = "normal") -> engine.Move:
    """The computer's move at `level`; the strong level searches for at most ~1.5 s."""
    try:
        from engine import bots
    except ImportError:
        bots = None
    if bots is not None and hasattr(bots, "choose_move"):
        kind = KIND_OF_LEVEL[level]
        return bots.choose_move(state, kind=kind, rng_seed=bot_rng_seed(state.seed, state.seq))
    return engine.legal_moves(state)[0]
