"""The tutorial's lessons as checks on the engine: which lessons one of the learner's moves
teaches, read from the state before and after it (pure Python, the engine only).

`script.json` stores a seed and the learner's moves; `lessons_of` is what both the seed
search (`manage.py find_tutorial_seed`) and the replay test (tests/server/test_tutorial.py)
use to say which move meets which lesson, so the script cannot drift from the engine.
"""

from __future__ import annotations

from typing import Any

import engine

# The lessons in the order the tutorial means to teach them (docs/tutorial.md).
LESSONS = (
    "rotation",  # a walk that turns a tile
    "meeting",  # a pawn enters a hex with an opponent pawn: +1 relatie
    "toll",  # a walk over a toll tile: 2 steps
    "resource",  # an action at a house without a threshold ("altijd")
    "post",  # the first resource action at a house lays a trading post
    "court",  # a court action: a threshold to reach
    "bend",  # favour (gunst) bends the roll
    "card",  # a court card played after the lock
    "task",  # a task met at the end of the turn
    "office",  # an office bought at court
)


def _posts(state: engine.State, seat: int) -> int:
    return sum(seat in house.posts for house in state.houses.values())


def lessons_of(before: engine.State, move: dict[str, Any], after: engine.State) -> list[str]:
    """The lessons `move` (the learner's, seat `before.current`) meets, in LESSONS order."""
    seat = before.current
    kind = move["type"]
    met: set[str] = set()
    if kind == "walk":
        plan = move["plan"]
        if any("rotate" in step for step in plan) and any("rotate" not in s for s in plan):
            met.add("rotation")
        if len(after.turn.met) > len(before.turn.met):
            met.add("meeting")
        for step in plan:
            hex_ = step.get("enter") or step.get("cross")
            if hex_ is not None and before.board[tuple(hex_)].toll:
                met.add("toll")
    elif kind == "choose":
        if move.get("action") == "resource":
            met.add("resource")
        elif move.get("action") == "court":
            met.add("court")
    elif kind == "bend":
        met.add("bend")
    elif kind == "activate":
        met.add("card")
    elif kind == "buy_office":
        met.add("office")
    me_before, me_after = before.players[seat], after.players[seat]
    if _posts(after, seat) > _posts(before, seat):
        met.add("post")
    if len(me_after.done_tasks) > len(me_before.done_tasks):
        met.add("task")
    return [lesson for lesson in LESSONS if lesson in met]
