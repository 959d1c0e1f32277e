"""Phase 1, the market: the greedy player takes the card or task worth the most."""

from __future__ import annotations

from .. import market
from ..content.tasks import TASKS
from ..moves import Move
from ..tasks import progress
from .decision import Decision
from .values import INF, RESOURCE_VALUE, card_value, turns_left

# Rough progress per own turn on a counting task (the greedy's estimate).
TASK_RATES = {
    "posts": 0.7,
    "post_resources": 0.4,
    "houses": 0.8,
    "cleared": 0.4,
    "rotated": 0.6,
    "high_houses": 0.3,
}
POSITION_CHANCE = 0.35  # a position task: met by chance at the end of some turn


def choose(d: Decision) -> Move:
    best, best_v = d.moves[0], float(-INF)
    for m in d.moves:
        assert m.slot is not None  # phase 1 moves take a slot
        if m.type == "take_task":
            key = d.s.conveyor[m.slot]
            v = task_value(d, key) - market.task_cost(m.slot) * RESOURCE_VALUE["relaties"]
        else:
            v = card_value(d.s, d.s.market[m.slot])
        if v > best_v:
            best, best_v = m, v
    return best


def task_value(d: Decision, key: str) -> float:
    task = TASKS[key]
    have = progress(d.s, d.me.seat, key)
    if have >= task.n:
        return task.reward
    gap = task.n - have
    left = turns_left(d.s) + 1
    if task.check in TASK_RATES:
        rate = TASK_RATES[task.check]
        chance = min(1.0, rate * left / gap) if rate else 0.0
    else:
        chance = POSITION_CHANCE
    return task.reward * chance * 0.8
