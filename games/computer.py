"""The computer opponent's choice of move, behind one function: the engine's greedy bot."""

from __future__ import annotations

import hashlib

import engine
from engine import bots


def bot_rng_seed(seed: str, seq: int) -> int:
    """A per-move seed for the bot, derived from (but not revealing) the game's seed."""
    return int.from_bytes(hashlib.sha256(f"bot:{seed}:{seq}".encode()).digest()[:8], "big")


def choose_move(state: engine.State) -> engine.Move:
    return bots.choose_move(state, kind="greedy", rng_seed=bot_rng_seed(state.seed, state.seq))
