"""An in-process LRU cache of engine states keyed by (game id, seed, seq), and of the views
of each game's newest state (what a move's answer and its socket push both send).

A game's log is append-only and its seed never changes, so the state after `seq` entries is
fixed once written: a cached State is never stale, only missing. (The seed is part of the key
so that a reused id in a fresh test database cannot hit an old entry.) Engine states are
never mutated (`engine.apply` clones), so sharing them between requests is safe.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from django.conf import settings

import engine
from engine.view import Views

_lock = threading.Lock()
_states: OrderedDict[tuple[int, str, int], engine.State] = OrderedDict()
# (game id, seed) -> the seqs of that game held in _states: `nearest` looks at one game's
# entries, not at every entry of the cache (a move on another process's game misses).
_seqs: dict[tuple[int, str], set[int]] = {}

# Every audience of a game: both seats and the spectators (None).
AUDIENCES: tuple[int | None, ...] = (0, 1, None)
# A move's views are read twice, by its answer and its push, moments apart, and a read of a
# game wants its newest state: each game's newest views are kept, for the last few games.
# Older seqs are never asked for again, and a set of views is over a thousand small lists
# and dicts that every full garbage collection has to scan.
VIEWS_KEPT = 16
# game id -> (seed, seq, the views of that state)
_views: OrderedDict[int, tuple[str, int, Views]] = OrderedDict()


def get(game_id: int, seed: str, seq: int) -> engine.State | None:
    key = (game_id, seed, seq)
    with _lock:
        state = _states.get(key)
        if state is not None:
            _states.move_to_end(key)
        return state


def nearest(game_id: int, seed: str, seq: int) -> engine.State | None:
    """The cached state of this game with the highest seq at or below `seq`, if any."""
    with _lock:
        best = max((s for s in _seqs.get((game_id, seed), ()) if s <= seq), default=None)
        return None if best is None else _states[(game_id, seed, best)]


def put(game_id: int, state: engine.State) -> None:
    key = (game_id, state.seed, state.seq)
    with _lock:
        _states[key] = state
        _states.move_to_end(key)
        _seqs.setdefault(key[:2], set()).add(key[2])
        while len(_states) > settings.DWAALHOF_STATE_CACHE_SIZE:
            (old_game, old_seed, old_seq), _old = _states.popitem(last=False)
            held = _seqs[old_game, old_seed]
            held.discard(old_seq)
            if not held:
                del _seqs[old_game, old_seed]


def views(game_id: int, state: engine.State) -> Views:
    """The views of `state` for every audience, each built once when first asked for (the
    move's answer builds the mover's, its push those of the audiences that watch). They
    are shared: read them, never change them."""
    with _lock:
        kept = _views.get(game_id)
        if kept is not None and kept[:2] == (state.seed, state.seq):
            _views.move_to_end(game_id)
            return kept[2]
        found = Views(state)  # builds nothing yet: cheap under the lock
        if kept is None or kept[0] != state.seed or kept[1] <= state.seq:  # never step back
            _views[game_id] = (state.seed, state.seq, found)
        _views.move_to_end(game_id)
        while len(_views) > VIEWS_KEPT:
            _views.popitem(last=False)
    return found


# The legal moves (as JSON) of the last states asked for, by the State object: a move's
# answer and its push both send the moves of the seat at turn when the mover stays at turn
# (the same object: the answer reads the state this cache was given at the commit).
LEGAL_KEPT = 16
_legal: OrderedDict[int, tuple[engine.State, list[dict[str, Any]]]] = OrderedDict()


def legal_moves(state: engine.State) -> list[dict[str, Any]]:
    """engine.legal_moves of `state` as JSON, worked out once per state. Shared: read the
    list, never change it."""
    key = id(state)  # the entry holds the state: the id is not reused while it is kept
    with _lock:
        kept = _legal.get(key)
        if kept is not None and kept[0] is state:
            _legal.move_to_end(key)
            return kept[1]
    found = [m.to_json() for m in engine.legal_moves(state)]  # outside the lock
    with _lock:
        _legal[key] = (state, found)
        _legal.move_to_end(key)
        while len(_legal) > LEGAL_KEPT:
            _legal.popitem(last=False)
    return found


def clear() -> None:
    with _lock:
        _states.clear()
        _seqs.clear()
        _views.clear()
        _legal.clear()
