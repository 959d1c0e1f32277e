"""Phase 2, the walk: each pawn goes to the house where its next action is worth the most
(a trading post first, then the court action); steps are bought only to arrive this turn;
a pawn with nowhere to go walks onto a hex that meets a held position task."""

from __future__ import annotations

from .. import walking
from ..content.tasks import TASKS
from ..hexes import Hex, distance
from ..moves import Move
from ..tasks import PLAZA, progress
from .decision import Decision
from .values import INF

REACH_DISCOUNT = 0.45  # a house out of reach this turn: worth this much per 7 steps further


def choose(d: Decision) -> Move:
    roll_walk = d.first("roll_walk")
    if roll_walk:
        return roll_walk
    clear = d.first("clear")
    if clear is not None and wants_clear(d):
        return clear
    t = d.s.turn
    targets = assign_targets(d)
    spare = [p for p in d.me.pawns if p not in targets]
    task = task_walk(d, spare)  # a position task for a pawn with nothing else to do
    if task is not None:
        return task
    buy = d.first("buy_step")
    extra = buyable_steps(d) if buy else 0
    reach, partial = [], []
    for pawn, goal in targets.items():
        here = d.me.pawns[pawn]
        if here == goal or pawn in t.rested:
            continue
        dmap = d.paths.distances(goal)
        arrive, closer = d.paths.search(pawn, goal, dmap, t.steps + extra)
        house = d.s.house_at(goal)
        assert house is not None  # assign_targets picks house hexes
        value = d.house_value(house.key)
        if arrive is not None:
            reach.append((arrive[0] > t.steps, -value, arrive[0], pawn, arrive[1]))
        if closer is not None:
            before = d.paths.from_hex(dmap, here, goal)
            gain = (before - closer[0]) / max(1, closer[1])
            if gain > 0:
                partial.append((-gain * value, pawn, closer[2]))
    reach.sort(key=lambda x: x[:4])
    if reach:
        needs_buy, _v, _cost, pawn, plan = reach[0]
        if not needs_buy:
            move = d.paths.walk_move(pawn, plan)
            if move is not None:
                return move
        elif buy is not None:
            return buy
    if partial:
        partial.sort(key=lambda x: x[:2])
        move = d.paths.walk_move(partial[0][1], partial[0][2])
        if move is not None:
            return move
    task = task_walk(d, list(d.me.pawns))
    return task or d.first("end_walk") or d.moves[0]


def buyable_steps(d: Decision) -> int:
    """Steps the player would still buy this turn: the rule's maximum, keeping one relatie."""
    t, relaties = d.s.turn, d.me.resources["relaties"]
    return min(
        walking.MAX_BOUGHT_STEPS - t.bought_steps, max(0, relaties - 1) // walking.STEP_PRICE
    )


def task_goals(d: Decision, check: str, n: int) -> list[Hex]:
    """Hexes where one pawn meets a held position task at the end of this turn."""
    s, board = d.s, d.s.board
    rival = 1 - d.me.seat
    if check == "plaza":
        return [PLAZA]
    if check == "bridge":
        return [h for h, t in board.items() if t.kind == "bridge"]
    if check == "toll":
        return [h for h, t in board.items() if t.toll]
    if check == "far":
        return [h for h, t in board.items() if t.passable and distance(h, PLAZA) >= n]
    if check == "meeting":
        return sorted(set(s.players[rival].pawns.values()))
    if check == "rival_post":
        return [h.hex for h in s.houses.values() if rival in h.posts]
    return []


def task_walk(d: Decision, pawns: list[int]) -> Move | None:
    """Walk a pawn that stands on no house onto a hex that meets a held position task
    (a pawn on the Stadsplein, on a bridge, far out ...): tasks settle at turn end."""
    s, t = d.s, d.s.turn
    for key in d.me.tasks:
        task = TASKS[key]
        if progress(s, d.me.seat, key) >= task.n:
            continue
        for pawn in pawns:
            here = d.me.pawns[pawn]
            if pawn in t.rested or s.house_at(here) is not None:
                continue
            goals = task_goals(d, task.check, task.n)
            for goal in sorted(goals, key=lambda h: (distance(h, here), h))[:4]:
                arrive, _ = d.paths.search(pawn, goal, d.paths.distances(goal), t.steps)
                if arrive is not None and arrive[1]:
                    move = d.paths.walk_move(pawn, arrive[1])
                    if move is not None:
                        return move
    return None


def wants_clear(d: Decision) -> bool:
    """Clear a field when it pays: a held task asks for it, or Wegenbouw is owned."""
    me = d.me
    tasks_ask = any(
        TASKS[k].check == "cleared" and progress(d.s, me.seat, k) < TASKS[k].n for k in me.tasks
    )
    return tasks_ask or "wegenbouw" in me.foundations


def assign_targets(d: Decision) -> dict[int, Hex]:
    """Pawn -> the hex it walks to: the best house, each house for one pawn."""
    s, t = d.s, d.s.turn
    values = {k: d.house_value(k) for k in s.houses}
    budget = t.steps + buyable_steps(d)
    pairs = []
    for key, house in s.houses.items():
        if values[key] <= 0:
            continue
        dmap = d.paths.distances(house.hex)
        for pawn, where in d.me.pawns.items():
            if pawn in t.rested and where != house.hex:
                continue
            dist = d.paths.from_hex(dmap, where, house.hex)
            if dist >= INF:
                continue
            reach = 1.0 if dist <= budget else REACH_DISCOUNT ** (1 + (dist - budget) // 7)
            pairs.append((values[key] * reach - 0.01 * dist, pawn, key))
    pairs.sort(key=lambda x: (-x[0], x[1], x[2]))
    out: dict[int, Hex] = {}
    used: set[str] = set()
    for _v, pawn, key in pairs:
        if pawn in out or key in used:
            continue
        out[pawn] = s.houses[key].hex
        used.add(key)
    return out
