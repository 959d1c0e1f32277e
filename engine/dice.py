"""Dice: from the seed, or from a scripted sequence that tests inject (docs/design.md#randomness-and-replay)."""

from __future__ import annotations

from . import rng
from .state import State


def roll_die(state: State, purpose: str) -> int:
    """One die, 1..6. Scripted dice are used first, in order; after them the seed rolls."""
    if state.scripted_dice is not None and state.dice_used < len(state.scripted_dice):
        value = state.scripted_dice[state.dice_used]
        state.dice_used += 1
        return value
    return 1 + rng.randbelow(state.seed, state.rng_counters, purpose, 6)


def roll_dice(state: State, purpose: str, n: int) -> tuple[int, ...]:
    return tuple(roll_die(state, purpose) for _ in range(n))
