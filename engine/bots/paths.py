"""How the computer players find their way: step distances over the board and the cheapest
walk plans for a pawn (entering tiles, turning a tile before entering it).

The distances are relaxed (any turnable tile counts as turned) and only steer the search;
a plan found is checked by the rules' own simulation before it is played (`walk_move`).
"""

from __future__ import annotations

import heapq

from .. import modifiers, walk_plan, walking
from ..hexes import DIRECTIONS, Hex, rotate_mask
from ..moves import Move, Step
from ..state import State, Tile
from .values import INF

SEARCH_LIMIT = 4000  # plans pushed per path search, to keep a decision fast

# (cost, plan) arriving at the goal; (distance left, cost, plan) of the best partial plan
Plans = tuple[tuple[int, tuple[Step, ...]] | None, tuple[int, int, tuple[Step, ...]] | None]

_DIST_CACHE: dict[tuple[int, Hex], dict[Hex, int]] = {}


def _relaxed_distances(board: dict[Hex, Tile], goal: Hex) -> dict[Hex, int]:
    """Step distance to `goal` from every hex: entering costs its steps (a toll more), one
    step more when the two tiles do not connect but one of them can be rotated."""
    info = {
        h: (t.openings, t.passable, t.rotatable, walking.enter_cost(t)) for h, t in board.items()
    }
    dist = {goal: 0}
    heap = [(0, goal)]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        h_open, _p, h_rot, h_enter = info[h]
        base = d + h_enter
        for side, (dq, dr) in enumerate(DIRECTIONS):
            n = (h[0] + dq, h[1] + dr)
            n_info = info.get(n)
            if n_info is None or not n_info[1]:
                continue
            cost = base  # walking from n into h
            if not (h_open >> side & 1 and n_info[0] >> (side + 3) % 6 & 1):
                if not (h_rot or n_info[2]):
                    continue
                cost += walking.FIRST_ROTATION_COST
            if cost < dist.get(n, INF):
                dist[n] = cost
                heapq.heappush(heap, (cost, n))
    return dist


class Paths:
    """The path finding of one decision, for the current player's pawns."""

    def __init__(self, state: State):
        self.s = state
        self._board_key: int | None = None

    def distances(self, goal: Hex) -> dict[Hex, int]:
        """Relaxed step distance to `goal` from every hex (cached per board and goal)."""
        key = (self.board_key(), goal)
        dmap = _DIST_CACHE.get(key)
        if dmap is None:
            if len(_DIST_CACHE) > 2000:
                _DIST_CACHE.clear()
            dmap = _DIST_CACHE[key] = _relaxed_distances(self.s.board, goal)
        return dmap

    def board_key(self) -> int:
        """The board's contents (not its game's seed: the strong player's made-up worlds of
        the same board share what was worked out for it)."""
        if self._board_key is None:
            self._board_key = hash(tuple(self.s.board.items()))
        return self._board_key

    def from_hex(
        self, dmap: dict[Hex, int], here: Hex, goal: Hex, openings: int | None = None
    ) -> int:
        """Distance for a pawn standing on `here`: it cannot rotate the tile it stands on,
        only the tile it enters next."""
        if here == goal:
            return 0
        board = self.s.board
        if openings is None:
            openings = board[here].openings
        enter_cost = walking.enter_cost
        best = INF
        for side, (dq, dr) in enumerate(DIRECTIONS):
            n = (here[0] + dq, here[1] + dr)
            rest = dmap.get(n, INF)
            tile_n = board.get(n)
            if rest >= INF or tile_n is None:
                continue
            cost = enter_cost(tile_n)
            if not (openings >> side & 1 and tile_n.openings >> (side + 3) % 6 & 1):
                if not tile_n.rotatable:
                    continue
                cost += walking.FIRST_ROTATION_COST
            best = min(best, cost + rest)
        return best

    def search(self, pawn: int, goal: Hex, dmap: dict[Hex, int], limit: int) -> Plans:
        """Cheapest plans for `pawn`: entering, and turning a tile before entering it (also
        a tile the pawn left, so that it can step out, turn it and come back).

        Returns ((cost, plan) reaching `goal` within `limit`, or None) and
        ((distance left, cost, plan) of the best partial plan within this turn's steps,
        or None)."""
        s, t = self.s, self.s.turn
        board = s.board
        start = s.me.pawns[pawn]
        key0 = (start, board[start].openings)
        best_cost = {key0: 0}
        # (cost, tie-break, hex, plan so far, tiles turned by it, tiles it turned)
        heap: list[tuple[int, int, Hex, tuple[Step, ...], dict[Hex, int], frozenset[Hex]]] = [
            (0, 0, start, (), {}, frozenset())
        ]
        counter = 1
        free, turned_now = modifiers.rotation_free(s), s.turn.rotated
        enter_cost = walking.enter_cost
        first_rotation = walking.FIRST_ROTATION_COST
        arrive: tuple[int, tuple[Step, ...]] | None = None
        progress: tuple[int, int, tuple[Step, ...]] | None = None
        while heap and counter < SEARCH_LIMIT:
            cost, _, pos, plan, overlay, rot = heapq.heappop(heap)
            here_open = overlay.get(pos, board[pos].openings)
            if cost > best_cost.get((pos, here_open), INF):
                continue
            if plan and cost <= t.steps:
                left = self.from_hex(dmap, pos, goal, here_open)
                if progress is None or (left, cost) < progress[:2]:
                    progress = (left, cost, plan)
            if pos == goal:
                arrive = (cost, plan)
                break
            if plan and s.tokens.get(pos) == "herberg":
                continue  # a Herberg ends the plan
            for side in range(6):
                if not here_open >> side & 1:
                    continue
                n = (pos[0] + DIRECTIONS[side][0], pos[1] + DIRECTIONS[side][1])
                tile = board.get(n)
                if tile is None or not tile.passable:
                    continue
                back = (side + 3) % 6
                enter = enter_cost(tile)
                n_open = overlay.get(n, tile.openings)
                options: list[tuple[int, tuple[Step, ...], int]] = (
                    [(0, (), n_open)] if n_open >> back & 1 else []
                )
                if tile.rotatable:
                    # walking.rotation_cost, with the round's rule read once per search
                    rc = 0 if free or n in turned_now or n in rot else first_rotation
                    for k, direction, times in walking.SHORTER_WAYS:
                        turned = rotate_mask(n_open, k)
                        if turned >> back & 1 and turned != n_open:
                            options.append((rc, (Step("rotate", n, direction),) * times, turned))
                for extra, rot_steps, turned in options:
                    nc = cost + enter + extra
                    key = (n, turned)
                    if nc > limit or nc >= best_cost.get(key, INF):
                        continue
                    best_cost[key] = nc
                    changed = turned != overlay.get(n, tile.openings)
                    new_overlay = {**overlay, n: turned} if changed else overlay
                    new_rot = rot | {n} if rot_steps else rot
                    new_plan = plan + rot_steps + (Step("enter", n),)
                    heapq.heappush(heap, (nc, counter, n, new_plan, new_overlay, new_rot))
                    counter += 1
        return arrive, progress

    def walk_move(self, pawn: int, plan: tuple[Step, ...]) -> Move | None:
        """The plan as a move, cut back to its valid part if the rules refuse a step."""
        sim = walk_plan.simulate(self.s, pawn, plan)
        if sim.error is not None:
            plan = plan[: sim.error_index or 0]
            while plan and plan[-1].op == "rotate":
                plan = plan[:-1]
            if not plan:
                return None
        return Move("walk", pawn=pawn, plan=tuple(plan))
