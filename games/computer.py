"""The computer opponent's choice of move, behind one function: the engine's player of the game's level."""

from __future__ import annotations

import hashlib

import engine
from engine import bots


def bot_rng_seed(seed: str, seq: int) -> int:
    """A per-move seed for the bot, derived from (but not revealing) the game's seed."""
    return int.from_bytes(hashlib.sha256(f"bot:{seed}:{seq}".encode()).digest()[:8], "big")


# The lobby's levels (Game.Level) and the engine's players that play them.
KIND_OF_LEVEL = {"easy": "easy", "normal": "greedy", "strong": "strong"}


def choose_move(state: engine.State, level: str = "normal") -> engine.Move:
    """The computer's move at `level`; the strong level searches for at most ~1.5 s."""
    kind = KIND_OF_LEVEL[level]
    return bots.choose_move(state, kind=kind, rng_seed=bot_rng_seed(state.seed, state.seq))
