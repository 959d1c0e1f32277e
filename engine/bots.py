"""Computer players: a random-legal-move player and a greedy player.

`choose_move(state, kind, rng_seed)` returns one legal move for the current player; the same
state, kind and seed always give the same move. The greedy player never looks at hidden
information (the deck order, the seed's future dice): it decides chance moves (rolling,
buying dice, bending) by their expected value, and it only "tries" moves whose outcome is
already fixed (activating cards after the roll is locked).

The greedy player plays a whole turn with one idea: each pawn goes to the house where its
next action is worth the most aanzien (a trading post first, then the court action), the
roll is bought up and bent when that lifts a threshold, and the court is visited when a
purchase pays back more than its price in expected aanzien.
"""

from __future__ import annotations

import heapq
from functools import cache

from . import market, modifiers, rng, roll, walk_plan, walking
from .content.cards import CARDS
from .content.court_actions import COURT_ACTIONS
from .content.foundations import FOUNDATIONS
from .content.houses import HOUSES
from .content.offices import OFFICE_COST
from .content.tasks import TASKS
from .game import apply, legal_moves
from .hexes import DIRECTIONS, Hex, distance, rotate_mask
from .moves import Move, Step
from .roll import MAX_BOUGHT, MAX_DICE, dice_pool, next_die_price
from .state import ROUNDS, State, Tile
from .tasks import post_houses, progress

KINDS = ("random", "easy", "greedy", "strong")  # easy and strong: engine/bots_search.py

# What one unit of a resource is worth to the greedy player, in aanzien.
RESOURCE_VALUE = {"geld": 0.45, "relaties": 0.45, "reputatie": 0.6, "gunst": 0.3}
POST_PREMIUM = 2  # aanzien for the first trading post anyone places at a house (XII)
INF = 10**6
SEARCH_LIMIT = 4000  # plans pushed per path search, to keep a decision fast


# --- entry point --------------------------------------------------------------------------
def choose_move(state: State, kind: str, rng_seed: int | str = 0) -> Move:
    """The move `kind` (see KINDS) plays now. Deterministic given `rng_seed` (strong: while
    its time limit is not reached)."""
    moves = legal_moves(state)
    if not moves:
        raise ValueError("no legal move: the game is over")
    if kind == "random":
        return moves[rng.randbelow(str(rng_seed), {}, f"bot:{state.seq}", len(moves))]
    if kind == "greedy":
        return Greedy(state, moves).choose()
    if kind in ("easy", "strong"):
        from . import bots_search  # it builds on this module

        pick = bots_search.easy_move if kind == "easy" else bots_search.strong_move
        return pick(state, moves, rng_seed)
    raise ValueError(f"unknown bot kind {kind!r}")


# --- dice arithmetic ----------------------------------------------------------------------
@cache
def _sum_distribution(n: int) -> tuple[float, ...]:
    """P(sum of n dice == s) for s = 0 .. 6n."""
    dist = [1.0]
    for _ in range(n):
        new = [0.0] * (len(dist) + 6)
        for s, p in enumerate(dist):
            for face in range(1, 7):
                new[s + face] += p / 6
        dist = new
    return tuple(dist)


@cache
def p_at_least(n: int, t: int) -> float:
    """P(sum of n dice >= t)."""
    dist = _sum_distribution(n)
    return sum(dist[max(0, t) :])


@cache
def expected_floor(n: int, rate: int) -> float:
    """E[floor(sum of n dice / rate)]."""
    return sum(p * (s // rate) for s, p in enumerate(_sum_distribution(n)))


# --- helpers over the state -----------------------------------------------------------------
def turns_left(state: State) -> int:
    """Own turns after this one."""
    return ROUNDS - state.round


def resource_value(state: State, res: str) -> float:
    v = RESOURCE_VALUE[res]
    if res == "reputatie" and dice_pool(state.me.resources["reputatie"]) >= 5:
        v = 0.3
    late = state.round >= ROUNDS  # tools are worth little on the last turn
    return v * (0.4 if late else 1.0)


def evaluation(state: State, seat: int) -> float:
    """The greedy player's estimate of what a state is worth to `seat`, in aanzien."""
    p = state.players[seat]
    total: float = p.aanzien + sum(1 for h in state.offices.values() if h == seat)
    total += sum(FOUNDATIONS[k].value(state, p) for k in p.foundations)
    total += sum(RESOURCE_VALUE[r] * n for r, n in p.resources.items())
    return total + 0.3 * len(p.hand)


def court_pay(state: State, key: str) -> tuple[int, float]:
    """(threshold this round, value in aanzien) of a house's court action."""
    action = COURT_ACTIONS[key]
    extra = action.full_pay - action.aanzien  # the effect is worth about the difference
    return modifiers.threshold(state, action.threshold), action.aanzien + 0.8 * extra


_DIST_CACHE: dict[tuple[int, Hex], dict[Hex, int]] = {}


def _relaxed_distances(board: dict[Hex, Tile], goal: Hex) -> dict[Hex, int]:
    """Step distance to `goal` from every hex: entering costs 1 (toll 2), one step more when
    the two tiles do not connect but one of them can be rotated."""
    info = {h: (t.openings, t.passable, t.rotatable, t.toll) for h, t in board.items()}
    dist = {goal: 0}
    heap = [(0, goal)]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        h_open, _p, h_rot, h_toll = info[h]
        base = d + (walking.TOLL_STEPS if h_toll else walking.ENTER_STEPS)
        for side, (dq, dr) in enumerate(DIRECTIONS):
            n = (h[0] + dq, h[1] + dr)
            n_info = info.get(n)
            if n_info is None or not n_info[1]:
                continue
            cost = base  # walking from n into h
            if not (h_open >> side & 1 and n_info[0] >> (side + 3) % 6 & 1):
                if not (h_rot or n_info[2]):
                    continue
                cost += 1
            if cost < dist.get(n, INF):
                dist[n] = cost
                heapq.heappush(heap, (cost, n))
    return dist


class Greedy:
    """One decision of the greedy player."""

    def __init__(self, state: State, moves: list[Move]):
        self.s = state
        self.moves = moves
        self.me = state.me
        self._board_key: int | None = None

    def choose(self) -> Move:
        handler = {
            "draw": self.draw,
            "walk": self.walk,
            "actions": self.actions,
            "roll": self.roll,
        }[self.s.phase]
        return handler()

    def _first(self, mtype: str) -> Move | None:
        return next((m for m in self.moves if m.type == mtype), None)

    def _need(self, mtype: str) -> Move:
        """The move of `mtype` where the rules always allow one."""
        move = self._first(mtype)
        assert move is not None, mtype
        return move

    # --- expected dice ----------------------------------------------------------------
    def pool(self) -> int:
        return min(MAX_DICE, dice_pool(self.me.resources["reputatie"]) + self.s.turn.bought_dice)

    def affordable_dice(self) -> int:
        """How many dice the player could still buy this turn with his geld."""
        geld, n, bought = self.me.resources["geld"], 0, self.s.turn.bought_dice
        base = dice_pool(self.me.resources["reputatie"])
        while (
            bought + n < MAX_BOUGHT
            and base + bought + n < MAX_DICE
            and geld >= roll.DIE_PRICES[bought + n]
        ):
            geld -= roll.DIE_PRICES[bought + n]
            n += 1
        return n

    # --- phase 1 ----------------------------------------------------------------------
    def draw(self) -> Move:
        best, best_v = self.moves[0], float(-INF)
        for m in self.moves:
            assert m.slot is not None  # phase 1 moves take a slot
            if m.type == "take_task":
                key = self.s.conveyor[m.slot]
                v = self.task_value(key) - market.task_cost(m.slot) * RESOURCE_VALUE["relaties"]
            else:
                v = self.card_value(self.s.market[m.slot])
            if v > best_v:
                best, best_v = m, v
        return best

    def card_value(self, cid: str | None) -> float:
        card = CARDS.get(self.s.cards.get(cid or "", ""))
        if card is None:
            return 0.5
        v = 0.9 - 0.15 * card.cost + (0.3 if card.permanent else 0.0)
        return v + 0.3 * card.hand_limit_bonus

    def task_value(self, key: str) -> float:
        task = TASKS[key]
        have = progress(self.s, self.me.seat, key)
        if have >= task.n:
            return task.reward
        gap = task.n - have
        left = turns_left(self.s) + 1
        rates = {  # rough progress per own turn of this player
            "posts": 0.7,
            "post_resources": 0.4,
            "houses": 0.8,
            "cleared": 0.4,
            "rotated": 0.6,
            "high_houses": 0.3,
        }
        if task.check in rates:
            chance = min(1.0, rates[task.check] * left / gap) if rates[task.check] else 0.0
        else:  # positions: met by chance at the end of some turn
            chance = 0.35
        return task.reward * chance * 0.8

    # --- phase 2 ----------------------------------------------------------------------
    def walk(self) -> Move:
        roll_walk = self._first("roll_walk")
        if roll_walk:
            return roll_walk
        clear = self._first("clear")
        if clear is not None and self.wants_clear():
            return clear
        t = self.s.turn
        targets = self.assign_targets()
        spare = [p for p in self.me.pawns if p not in targets]
        task = self.task_walk(spare)  # a position task for a pawn with nothing else to do
        if task is not None:
            return task
        buy = self._first("buy_step")
        extra = min(4 - t.bought_steps, max(0, self.me.resources["relaties"] - 1)) if buy else 0
        reach, partial = [], []
        for pawn, goal in targets.items():
            here = self.me.pawns[pawn]
            if here == goal or pawn in t.rested:
                continue
            dmap = self.distances(goal)
            arrive, progress = self.search(pawn, goal, dmap, t.steps + extra)
            house = self.s.house_at(goal)
            assert house is not None  # assign_targets picks house hexes
            value = self.house_value(house.key)
            if arrive is not None:
                reach.append((arrive[0] > t.steps, -value, arrive[0], pawn, arrive[1]))
            if progress is not None:
                before = self.from_hex(dmap, here, goal)
                gain = (before - progress[0]) / max(1, progress[1])
                if gain > 0:
                    partial.append((-gain * value, pawn, progress[2]))
        reach.sort(key=lambda x: x[:4])
        if reach:
            needs_buy, _v, _cost, pawn, plan = reach[0]
            if not needs_buy:
                move = self._walk_move(pawn, plan)
                if move is not None:
                    return move
            elif buy is not None:
                return buy
        if partial:
            partial.sort(key=lambda x: x[:2])
            move = self._walk_move(partial[0][1], partial[0][2])
            if move is not None:
                return move
        task = self.task_walk(list(self.me.pawns))
        return task or self._first("end_walk") or self.moves[0]

    def task_goals(self, check: str, n: int) -> list[Hex]:
        """Hexes where one pawn meets a held position task at the end of this turn."""
        s, board = self.s, self.s.board
        rival = 1 - self.me.seat
        if check == "plaza":
            return [(0, 0)]
        if check == "bridge":
            return [h for h, t in board.items() if t.kind == "bridge"]
        if check == "toll":
            return [h for h, t in board.items() if t.toll]
        if check == "far":
            return [h for h, t in board.items() if t.passable and distance(h, (0, 0)) >= n]
        if check == "meeting":
            return sorted(set(s.players[rival].pawns.values()))
        if check == "rival_post":
            return [h.hex for h in s.houses.values() if rival in h.posts]
        return []

    def task_walk(self, pawns: list[int]) -> Move | None:
        """Walk a pawn that stands on no house onto a hex that meets a held position task
        (a pawn on the Stadsplein, on a bridge, far out ...): tasks settle at turn end."""
        s, t = self.s, self.s.turn
        for key in self.me.tasks:
            task = TASKS[key]
            if progress(s, self.me.seat, key) >= task.n:
                continue
            for pawn in pawns:
                here = self.me.pawns[pawn]
                if pawn in t.rested or s.house_at(here) is not None:
                    continue
                goals = self.task_goals(task.check, task.n)
                for goal in sorted(goals, key=lambda h: (distance(h, here), h))[:4]:
                    arrive, _ = self.search(pawn, goal, self.distances(goal), t.steps)
                    if arrive is not None and arrive[1]:
                        move = self._walk_move(pawn, arrive[1])
                        if move is not None:
                            return move
        return None

    def wants_clear(self) -> bool:
        """Clear a field when it pays: a held task asks for it, or Wegenbouw is owned."""
        me = self.me
        tasks_ask = any(
            TASKS[k].check == "cleared" and progress(self.s, me.seat, k) < TASKS[k].n
            for k in me.tasks
        )
        return tasks_ask or "wegenbouw" in me.foundations

    def _walk_move(self, pawn: int, plan: tuple[Step, ...]) -> Move | None:
        """The plan as a move, cut back to its valid part if the rules refuse a step."""
        sim = walk_plan.simulate(self.s, pawn, plan)
        if sim.error is not None:
            plan = plan[: sim.error_index or 0]
            while plan and plan[-1].op == "rotate":
                plan = plan[:-1]
            if not plan:
                return None
        return Move("walk", pawn=pawn, plan=tuple(plan))

    def search(
        self, pawn: int, goal: Hex, dmap: dict[Hex, int], limit: int
    ) -> tuple[tuple[int, tuple[Step, ...]] | None, tuple[int, int, tuple[Step, ...]] | None]:
        """Cheapest plans for `pawn`: entering, and turning a tile before entering it (also
        a tile the pawn left, so that it can step out, turn it and come back).

        Returns ((cost, plan) reaching `goal` within `limit`, or None) and
        ((distance left, cost, plan) of the best partial plan within this turn's steps,
        or None)."""
        s, t = self.s, self.s.turn
        board = s.board
        start = self.me.pawns[pawn]
        key0 = (start, board[start].openings)
        best_cost = {key0: 0}
        # (cost, tie-break, hex, plan so far, tiles turned by it, tiles it turned)
        heap: list[tuple[int, int, Hex, tuple[Step, ...], dict[Hex, int], frozenset[Hex]]] = [
            (0, 0, start, (), {}, frozenset())
        ]
        counter = 1
        free, turned_now = modifiers.rotation_free(s), s.turn.rotated
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
                enter = 2 if tile.toll else 1
                n_open = overlay.get(n, tile.openings)
                options: list[tuple[int, tuple[Step, ...], int]] = (
                    [(0, (), n_open)] if n_open >> back & 1 else []
                )
                if tile.rotatable:
                    # walking.rotation_cost, with the round's rule read once per search
                    rc = 0 if free or n in turned_now or n in rot else 1
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

    def house_value(self, key: str) -> float:
        """What acting at house `key` this turn is worth to the current player."""
        s, house = self.s, self.s.houses[key]
        if modifiers.house_closed(s, key) or house.supply <= 0:
            return 0.0
        info = HOUSES[key]
        n = self.pool() + self.affordable_dice() // 2
        res_v = max(1.0, expected_floor(n, info.rate)) * resource_value(s, info.resource)
        if self.me.seat not in house.posts:
            premium = POST_PREMIUM if not house.posts else 0
            income = turns_left(s) * resource_value(s, info.resource)
            unlock = 0.6 * min(1, turns_left(s))
            return res_v + premium + income * 0.8 + unlock
        if house.supply < 2:
            return res_v
        threshold, pay = court_pay(s, house.court_action)
        p = p_at_least(n, threshold)
        return max(res_v, p * pay + (1 - p) * RESOURCE_VALUE["gunst"])

    def assign_targets(self) -> dict[int, Hex]:
        """Pawn -> the hex it walks to: the best house, each house for one pawn."""
        s, t = self.s, self.s.turn
        values = {k: self.house_value(k) for k in s.houses}
        budget = t.steps + min(4 - t.bought_steps, max(0, self.me.resources["relaties"] - 1))
        pairs = []
        for key, house in s.houses.items():
            if values[key] <= 0:
                continue
            dmap = self.distances(house.hex)
            for pawn, where in self.me.pawns.items():
                if pawn in t.rested and where != house.hex:
                    continue
                d = self.from_hex(dmap, where, house.hex)
                if d >= INF:
                    continue
                reach = 1.0 if d <= budget else 0.45 ** (1 + (d - budget) // 7)
                pairs.append((values[key] * reach - 0.01 * d, pawn, key))
        pairs.sort(key=lambda x: (-x[0], x[1], x[2]))
        out: dict[int, Hex] = {}
        used: set[str] = set()
        for _v, pawn, key in pairs:
            if pawn in out or key in used:
                continue
            out[pawn] = s.houses[key].hex
            used.add(key)
        return out

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
        best = INF
        for side, (dq, dr) in enumerate(DIRECTIONS):
            n = (here[0] + dq, here[1] + dr)
            rest = dmap.get(n, INF)
            tile_n = board.get(n)
            if rest >= INF or tile_n is None:
                continue
            cost = 2 if tile_n.toll else 1
            if not (openings >> side & 1 and tile_n.openings >> (side + 3) % 6 & 1):
                if not tile_n.rotatable:
                    continue
                cost += 1
            best = min(best, cost + rest)
        return best

    # --- phase 3 ----------------------------------------------------------------------
    def actions(self) -> Move:
        choose = [m for m in self.moves if m.type == "choose"]
        if choose:
            pawn = choose[0].pawn
            options = [m for m in choose if m.pawn == pawn]
            return max(options, key=self.choice_value)
        buy = self.best_purchase()
        return buy or self._first("end_actions") or self.moves[0]

    def choice_value(self, m: Move) -> float:
        if m.action is None:
            return 0.0
        s = self.s
        assert m.pawn is not None  # a choose move names its pawn
        house = s.house_at(self.me.pawns[m.pawn])
        assert house is not None  # a pawn with a choice stands at a house
        info = HOUSES[house.key]
        n = self.pool() + self.affordable_dice() // 2
        if m.action == "resource":
            res_v = max(1.0, expected_floor(n, info.rate)) * resource_value(s, info.resource)
            if self.me.seat not in house.posts:
                premium = POST_PREMIUM if not house.posts else 0
                res_v += premium + 0.8 * turns_left(s) * resource_value(s, info.resource)
            return res_v
        threshold, pay = court_pay(s, house.court_action)
        p = p_at_least(n, threshold)
        return p * pay + (1 - p) * RESOURCE_VALUE["gunst"] + 0.01

    def best_purchase(self) -> Move | None:
        s, me = self.s, self.me
        left = turns_left(s)
        best, best_v = None, 0.0
        for m in self.moves:
            if m.type == "buy_office":
                v = 1.0 + (3 if "armenfonds" in me.foundations else 0) + 0.25 * left
                v -= OFFICE_COST * RESOURCE_VALUE["relaties"] * (0.5 if left <= 1 else 0.8)
            elif m.type == "buy_foundation":
                cost = 3 + 4 * len(me.foundations)
                assert m.foundation is not None  # buy_foundation names it
                v = self.foundation_projection(m.foundation) - cost * resource_value(s, "geld")
            else:
                continue
            if v > best_v:
                best, best_v = m, v
        return best

    def foundation_projection(self, key: str) -> float:
        """The value a foundation is likely to reach by the end of the game."""
        s, me = self.s, self.me
        now = FOUNDATIONS[key].value(s, me)
        left = turns_left(s)
        growth = {
            "gildehuis": 2 * 0.5,
            "reisverslag": 2 * 0.3,
            "wegenbouw": 3 * 0.2 if me.clears < 2 else 0.0,
            "kroniek": 0.4,
            "getijdenboek": 2 * 0.35,
            "armenfonds": 0.0,
        }[key]
        if key == "gildehuis":
            growth *= max(0, 9 - len(post_houses(s, me.seat))) / 9
        return now + growth * left

    # --- phase 4 ----------------------------------------------------------------------
    def chosen(self) -> list[tuple[int, float, str, int]]:
        """(threshold, pay, resource, rate) of every action chosen this turn."""
        s, out = self.s, []
        for pawn, action in s.turn.choices.items():
            if action is None:
                continue
            house = s.house_at(self.me.pawns[pawn])
            assert house is not None  # a pawn with a choice stands at a house
            info = HOUSES[house.key]
            if action == "court":
                threshold, pay = court_pay(s, house.court_action)
                out.append((threshold, pay, "", 0))
            else:
                out.append((0, 0.0, info.resource, info.rate))
        return out

    def roll_value(self, total: int) -> float:
        """Value of settling the chosen actions against a sum `total`."""
        v = 0.0
        for threshold, pay, res, rate in self.chosen():
            if res:
                v += max(1, total // rate) * resource_value(self.s, res)
            elif total >= threshold:
                v += pay
            else:
                v += RESOURCE_VALUE["gunst"]
        return v

    def expected_roll_value(self, n: int) -> float:
        return sum(p * self.roll_value(s) for s, p in enumerate(_sum_distribution(n)) if p)

    def roll(self) -> Move:
        t = self.s.turn
        if not t.dice:
            buy = self._first("buy_die")
            if buy is not None:
                n = self.pool()
                gain = self.expected_roll_value(n + 1) - self.expected_roll_value(n)
                price = next_die_price(self.s)
                assert price is not None  # buy_die is legal, so a die is for sale
                if gain > price * resource_value(self.s, "geld"):
                    return buy
            return self._need("roll")
        if not t.locked:
            return self.bend() or self._need("lock")
        if not t.settled:
            return self.best_activation()
        if self._first("discard"):
            return self.worst_card()
        return self._first("end_turn") or self.moves[0]

    def bend(self) -> Move | None:
        dice = list(self.s.turn.dice)
        total, low = sum(dice), min(dice)
        now = self.roll_value(total)
        best, best_gain = None, 0.0
        for m in self.moves:
            if m.type != "bend":
                continue
            assert m.kind is not None  # a bend move names its kind
            cost = modifiers.bend_cost(self.s, m.kind) * RESOURCE_VALUE["gunst"]
            if m.kind == "raise":
                after = self.roll_value(total + 1)
            elif m.kind == "reroll":
                after = sum(self.roll_value(total - low + f) for f in range(1, 7)) / 6
            else:
                after = sum(self.roll_value(total + f) for f in range(1, 7)) / 6
            gain = after - now - cost
            if gain > best_gain:
                best, best_gain = m, gain
        return best

    def best_activation(self) -> Move:
        """Cards are tried for real: after the lock their outcome is fixed."""
        settle = self._first("settle")
        seat = self.me.seat
        base = None
        best, best_v = settle, float(-INF)
        for m in self.moves:
            try:
                after = apply(self.s, m)
                if m.type != "settle" and not after.turn.settled:
                    after = apply(after, Move("settle"))
            except Exception:  # noqa: BLE001 - a move the bot cannot judge is skipped
                continue
            v = evaluation(after, seat) - 0.5 * evaluation(after, 1 - seat)
            if m.type == "settle":
                base = v
            if v > best_v + 1e-9:
                best, best_v = m, v
        # base is set only when settling is legal: settle is a move then
        if base is not None and settle is not None and best is not settle and best_v <= base + 0.05:
            return settle
        return best or self.moves[0]

    def worst_card(self) -> Move:
        discards = [m for m in self.moves if m.type == "discard"]
        active = set(self.me.active)

        def keep(m: Move) -> float:
            return self.card_value(m.card) + (2.0 if m.card in active else 0.0)

        return min(discards, key=keep)


__all__ = ["KINDS", "choose_move", "evaluation", "p_at_least"]
