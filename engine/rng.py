"""The game's one source of chance.

Every random outcome is HMAC-SHA256(seed, "purpose:counter"), so the seed plus the move log
replays a game exactly on any machine and any Python version, and anyone given the seed
after the game can recompute every die. Counters live in the state (State.rng_counters).
"""

from __future__ import annotations

import hashlib
import hmac


def _draw(seed: str, counters: dict[str, int], purpose: str) -> int:
    n = counters.get(purpose, 0)
    counters[purpose] = n + 1
    digest = hmac.new(seed.encode(), f"{purpose}:{n}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def randbelow(seed: str, counters: dict[str, int], purpose: str, n: int) -> int:
    """A uniform integer in [0, n); rejection sampling keeps it unbiased."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = _draw(seed, counters, purpose)
        if x < limit:
            return x % n


def shuffle(seed: str, counters: dict[str, int], purpose: str, items: list) -> list:
    """A Fisher-Yates shuffle into a new list."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = randbelow(seed, counters, purpose, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def choice(seed: str, counters: dict[str, int], purpose: str, items):
    items = list(items)
    return items[randbelow(seed, counters, purpose, len(items))]


def weighted_choice(seed: str, counters: dict[str, int], purpose: str, weights: dict):
    """Pick a key of `weights` (in its declared order) with probability proportional to its weight."""
    total = sum(weights.values())
    x = randbelow(seed, counters, purpose, total)
    for key, w in weights.items():
        if x < w:
            return key
        x -= w
    raise AssertionError("unreachable")
