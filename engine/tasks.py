"""Task requirements (XIII): named checks over the board state, never over resources.

Counters count over the whole game; positions are read on the board now (the end of the
holder's turn, when tasks are settled).
"""

from __future__ import annotations

from collections.abc import Callable

from .content.houses import HOUSES
from .content.tasks import TASKS
from .hexes import distance
from .state import Player, State, Tile

PLAZA = (0, 0)


def post_houses(state: State, seat: int) -> list[str]:
    """The houses where `seat` has a trading post."""
    return [k for k, h in state.houses.items() if seat in h.posts]


def _tiles_under(state: State, p: Player) -> list[Tile | None]:
    return [state.board.get(h) for h in p.pawns.values()]


def _posts(state: State, p: Player) -> int:
    return len(post_houses(state, p.seat))


def _post_resources(state: State, p: Player) -> int:
    return len({HOUSES[k].resource for k in post_houses(state, p.seat)})


def _on_houses(state: State, p: Player) -> int:
    return len({t.house for t in _tiles_under(state, p) if t is not None and t.house})


def _far(state: State, p: Player) -> int:
    return max(distance(h, PLAZA) for h in p.pawns.values())


def _meeting(state: State, p: Player) -> int:
    theirs = set(state.players[1 - p.seat].pawns.values())
    return int(any(h in theirs for h in p.pawns.values()))


def _rival_post(state: State, p: Player) -> int:
    rival = 1 - p.seat
    return int(
        any(
            t is not None and t.house and rival in state.houses[t.house].posts
            for t in _tiles_under(state, p)
        )
    )


CHECKS: dict[str, Callable[[State, Player], int]] = {
    "posts": _posts,
    "post_resources": _post_resources,
    "houses": lambda s, p: len(p.acted_houses),
    "cleared": lambda s, p: p.clears,
    "rotated": lambda s, p: len(p.rotated_tiles),
    "high_houses": lambda s, p: len(p.high_houses),
    "plaza": lambda s, p: int(PLAZA in p.pawns.values()),
    "on_houses": _on_houses,
    "bridge": lambda s, p: int(
        any(t is not None and t.kind == "bridge" for t in _tiles_under(s, p))
    ),
    "far": _far,
    "toll": lambda s, p: int(any(t is not None and t.toll for t in _tiles_under(s, p))),
    "meeting": _meeting,
    "rival_post": _rival_post,
}


def progress(state: State, seat: int, key: str) -> int:
    """How far `seat` is on task `key` (compare with TASKS[key].n)."""
    task = TASKS[key]
    return CHECKS[task.check](state, state.players[seat])


def fulfilled(state: State, seat: int, key: str) -> bool:
    return progress(state, seat, key) >= TASKS[key].n
