"""The game's one source of chance.

Every random outcome is HMAC-SHA256(seed, "purpose:counter"), so the seed plus the move log
replays a game exactly on any machine and any Python version, and anyone given the seed
after the game can recompute every die. Counters live in the state (State.rng_counters).
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from _hashlib import HASH

_T = TypeVar("_T")

_BLOCK = 64  # SHA-256's block size in bytes
_KEYED_MAX = 256  # seeds kept in _KEYED
# A digest's first 8 bytes as a big-endian number: int.from_bytes(digest[:8], "big").
_FIRST_U64 = struct.Struct(">Q").unpack_from
# seed -> its keyed hashes (see _keyed). A plain dict, not lru_cache: a draw looks its seed
# up every time, and a dict lookup is a fraction of an lru_cache call.
_KEYED: dict[str, tuple[HASH, HASH]] = {}


def _keyed(seed: str) -> tuple[HASH, HASH]:
    """SHA-256 already fed with the seed's inner and outer HMAC pads (RFC 2104): a draw then
    hashes only its message. Same digest as hmac.new(seed, msg, sha256), a third of the time
    (a game draws a few hundred times; replaying one spent a fifth of its time here). Kept in
    _KEYED: a draw reads that first and calls this only for a seed it does not hold."""
    if len(_KEYED) >= _KEYED_MAX:
        _KEYED.clear()
    key = seed.encode()
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    key = key.ljust(_BLOCK, b"\0")
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in key))
    outer = hashlib.sha256(bytes(b ^ 0x5C for b in key))
    _KEYED[seed] = (inner, outer)
    return inner, outer


def _draw(seed: str, counters: dict[str, int], purpose: str) -> int:
    """The first 8 bytes of HMAC-SHA256(seed, "purpose:n") as a number; n counts the draws
    for `purpose` so far."""
    n = counters.get(purpose, 0)
    counters[purpose] = n + 1
    inner_pad, outer_pad = _KEYED.get(seed) or _keyed(seed)
    inner = inner_pad.copy()
    inner.update(f"{purpose}:{n}".encode())
    outer = outer_pad.copy()
    outer.update(inner.digest())
    first: int = _FIRST_U64(outer.digest())[0]
    return first


def randbelow(seed: str, counters: dict[str, int], purpose: str, n: int) -> int:
    """A uniform integer in [0, n); rejection sampling keeps it unbiased."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = _draw(seed, counters, purpose)
        if x < limit:
            return x % n


def shuffle(seed: str, counters: dict[str, int], purpose: str, items: Iterable[_T]) -> list[_T]:
    """A Fisher-Yates shuffle into a new list."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = randbelow(seed, counters, purpose, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def choice(seed: str, counters: dict[str, int], purpose: str, items: Iterable[_T]) -> _T:
    items = list(items)
    return items[randbelow(seed, counters, purpose, len(items))]


def weighted_choice(
    seed: str, counters: dict[str, int], purpose: str, weights: Mapping[_T, int]
) -> _T:
    """Pick a key of `weights` (in its declared order) with probability proportional to its weight."""
    total = sum(weights.values())
    x = randbelow(seed, counters, purpose, total)
    for key, w in weights.items():
        if x < w:
            return key
        x -= w
    raise AssertionError("unreachable")
