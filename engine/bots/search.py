"""The computer levels around the greedy player: easy (a greedy that blunders) and strong
(a search player).

Strong is determinized Monte Carlo search: at a decision with more than one sensible move
(the market, every walk once the walk dice are rolled, the court), it deals the hidden
information afresh several times (the card deck, the opponent's hidden hand, the task deck,
the future events, and the future dice: a new seed), and for every candidate move plays each
such world forward (its own seat with `Sharp`, the opponent with the greedy player) until
two turns have ended; the candidate with the best mean evaluation (own projected score minus
the opponent's) is played. The same worlds serve every candidate (common random numbers),
so candidates are compared on equal luck. At a walk the candidates are the greedy's walk
and walks that take a pawn straight to another house: where a pawn goes is where most of
the score is made.

It never reads hidden information: a world is built only from what the seat may see, with
every hidden list put in a canonical (sorted) order before it is shuffled from the bot's own
seed, so the real deck order, hand and seed cannot change the move (tests swap them).
The budget is work (worlds, successive halving), so the move depends on the state and the
seed only; `time_limit` (CPU seconds) is a safety net. The rollouts' greedy remembers its
path searches (`Model`), which makes a rollout about three times cheaper.
"""

from __future__ import annotations

from time import process_time

from .. import actions, modifiers, rng
from ..content.foundations import FOUNDATIONS
from ..content.houses import HOUSES
from ..content.tasks import TASKS
from ..game import apply, legal_moves
from ..hexes import Hex
from ..moves import Move
from ..state import ROUNDS, State
from ..tasks import post_houses, progress
from ..turns import first_seat
from .greedy import Greedy
from .paths import Paths, Plans
from .values import (
    FOUNDATION_STEP,
    MISS_VALUE,
    RESOURCE_VALUE,
    court_pay,
    evaluation,
    p_at_least,
)

EASY_BLUNDER = 0.35  # share of the easy player's decisions played at random
WORLDS = 12  # determinized worlds per decision: the work is fixed, not the time
FIRST_WORLDS = 6  # worlds every candidate is played in; then only the best KEEP go on
KEEP = 3  # (and the greedy move)
MARGIN = 0.0  # aanzien per world a candidate must gain over the greedy move to be played
TIME_LIMIT = 1.8  # CPU seconds per decision: a safety net only (p95 stays under 2 s)
GILDEHUIS_LIKELY = 0.9  # share of player-games that own Gildehuis at the end (greedy v greedy)
HORIZON_TURNS = 2  # a rollout stops after this many ends of turn
END_HORIZON = 2  # ... or plays to the end of the game when at most this many are left
SEARCHED_PHASES = ("draw", "walk", "actions")
WALK_ALTERNATIVES = 4  # walks to other houses searched at a walk decision, besides the greedy's


# --- easy -----------------------------------------------------------------------------------
def easy_move(state: State, moves: list[Move], rng_seed: int | str) -> Move:
    """The greedy move, except in about a third of the decisions: a random legal move."""
    roll = rng.randbelow(str(rng_seed), {}, f"easy:{state.seq}", 1000)
    if roll < EASY_BLUNDER * 1000:
        return moves[rng.randbelow(str(rng_seed), {}, f"easy-move:{state.seq}", len(moves))]
    return Greedy(state, moves).choose()


# --- strong ---------------------------------------------------------------------------------
_SEARCH_CACHE: dict[tuple[object, ...], Plans] = {}


class RememberedPaths(Paths):
    """The greedy's path search, remembered: the same plans, found once. The rollouts of one
    decision walk the same board from the same hexes again and again (every candidate,
    every world), and the path search is most of a rollout's work. The cache key holds
    everything the search reads (board, Herbergs, start, goal, step limits, tiles turned
    this turn, free rotation), so a remembered plan is the plan the search would find."""

    def search(self, pawn: int, goal: Hex, dmap: dict[Hex, int], limit: int) -> Plans:
        s = self.s
        key = (
            self.board_key(),
            tuple(sorted(h for h, k in s.tokens.items() if k == "herberg")),
            s.me.pawns[pawn],
            goal,
            limit,
            s.turn.steps,
            tuple(s.turn.rotated),
            modifiers.rotation_free(s),
        )
        hit = _SEARCH_CACHE.get(key)
        if hit is None:
            if len(_SEARCH_CACHE) > 20_000:
                _SEARCH_CACHE.clear()
            hit = _SEARCH_CACHE[key] = super().search(pawn, goal, dmap, limit)
        return hit


class Model(Greedy):
    """The rollouts' greedy player: its path search is remembered (`RememberedPaths`), so
    its moves are exactly the greedy's, found about three times faster."""

    paths_type = RememberedPaths


class Sharp(Model):
    """The strong player's own policy, outside the searched decisions and in its rollouts:
    the greedy player, but a trading post and a high action are also valued for what they
    add to the foundations (a post is 2 aanzien more with Gildehuis, which nearly every
    player owns or buys for 3 geld; a high action at a new house 2 more with Reisverslag,
    in a new round 2 more with Getijdenboek)."""

    def post_bonus(self) -> float:
        """What a new post adds to Gildehuis, owned or (likely) bought later."""
        me = self.me
        if "gildehuis" in me.foundations:
            return FOUNDATION_STEP["gildehuis"]
        # not yet owned: bought later for its posts so far, so a new post still counts
        return FOUNDATION_STEP["gildehuis"] * GILDEHUIS_LIKELY

    def high_bonus(self, key: str) -> float:
        me, bonus = self.me, 0.0
        if "reisverslag" in me.foundations and key not in me.high_houses:
            bonus += FOUNDATION_STEP["reisverslag"]
        if "getijdenboek" in me.foundations and self.s.round not in me.high_rounds:
            bonus += FOUNDATION_STEP["getijdenboek"]
        return bonus

    def house_value(self, key: str) -> float:
        value = super().house_value(key)
        s, house = self.s, self.s.houses[key]
        if value <= 0:
            return value
        if self.me.seat not in house.posts:
            return value + self.post_bonus()
        if house.supply < actions.COURT_COST:
            return value
        threshold, pay = court_pay(s, house.court_action)
        p = p_at_least(self.expected_dice(), threshold)
        return max(value, p * (pay + self.high_bonus(key)) + (1 - p) * MISS_VALUE)

    def walk_alternatives(self, limit: int) -> list[Move]:
        """At a walk decision (the walk dice rolled): walks that take one pawn all the way
        to another house with the steps left, the most valuable houses first (at most
        `limit`). After such a walk the policy plans the other pawns afresh, in the rollouts
        as in the game."""
        s, t = self.s, self.s.turn
        if not t.walk_dice or self.first("walk") is None:
            return []
        pairs = []
        for key, house in s.houses.items():
            value = self.house_value(key)
            if value <= 0:
                continue
            dmap = self.paths.distances(house.hex)
            for pawn, where in self.me.pawns.items():
                if pawn in t.rested or where == house.hex:
                    continue
                d = self.paths.from_hex(dmap, where, house.hex)
                if d <= t.steps + 1:
                    pairs.append((-value, d, pawn, key))
        pairs.sort()
        out: list[Move] = []
        for _v, _d, pawn, key in pairs:
            if len(out) >= limit:
                break
            goal = s.houses[key].hex
            arrive, _ = self.paths.search(pawn, goal, self.paths.distances(goal), t.steps)
            if arrive is None or not arrive[1]:
                continue
            move = self.paths.walk_move(pawn, arrive[1])
            if move is not None and move not in out:
                out.append(move)
        return out

    def choice_value(self, m: Move) -> float:
        value = super().choice_value(m)
        if m.action is None:
            return value
        assert m.pawn is not None
        house = self.s.house_at(self.me.pawns[m.pawn])
        assert house is not None
        if m.action == "resource":
            return value + (self.post_bonus() if self.me.seat not in house.posts else 0.0)
        threshold, _pay = court_pay(self.s, house.court_action)
        p = p_at_least(self.expected_dice(), threshold)
        return value + p * self.high_bonus(house.key)


def strong_move(
    state: State,
    moves: list[Move],
    rng_seed: int | str,
    *,
    worlds: int | None = None,
    time_limit: float = TIME_LIMIT,
) -> Move:
    """The searched move. Its work is fixed (`worlds` worlds, successive halving), so the
    move does not depend on the machine's load; `time_limit` (CPU seconds of this process)
    is only a safety net that a normal decision never reaches."""
    worlds = WORLDS if worlds is None else worlds
    greedy = Sharp(state, moves).choose()
    candidates = candidates_of(state, moves, greedy)
    if len(candidates) < 2:
        return greedy
    deadline = process_time() + time_limit
    seat = state.current
    horizon = _horizon(state)
    totals = [0.0] * len(candidates)
    alive = list(range(len(candidates)))
    played = 0
    for i in range(worlds):
        if i == FIRST_WORLDS and len(alive) > KEEP:
            # successive halving: the rest of the worlds go to the best few candidates
            alive = sorted(alive, key=lambda c: (-totals[c], c))[:KEEP]
            if 0 not in alive:
                alive.append(0)  # the greedy move stays to be compared against
        world = determinize(state, f"{rng_seed}/{i}")
        scores = {}
        for c in alive:
            if process_time() > deadline:
                break
            scores[c] = _rollout(world, candidates[c], seat, horizon)
        if len(scores) < len(alive):
            break  # out of time: only complete worlds count
        for c, v in scores.items():
            totals[c] += v
        played += 1
    if not played:
        return greedy
    # The greedy move wins ties: search has to show a real gain (MARGIN per world) to
    # overrule it.
    best = max(alive, key=lambda c: (totals[c] - (0 if c == 0 else MARGIN * played), c == 0))
    return candidates[best]


def _horizon(state: State) -> int:
    """Ends of turn a rollout plays: to the end of the game once that is near (the final
    score is exact), otherwise HORIZON_TURNS."""
    first = first_seat(state) == state.current
    left = 2 * (ROUNDS - state.round) + (2 if first else 1)
    return left if left <= END_HORIZON else HORIZON_TURNS


def candidates_of(state: State, moves: list[Move], greedy: Move) -> list[Move]:
    """The greedy move first, then the other moves worth searching: the market (a card or a
    task) and the court (an office, a foundation, or nothing). Choosing actions, buying dice
    and bending stay with the greedy player, whose expected values there are exact, where
    a few sampled worlds would only add noise."""
    if state.phase not in SEARCHED_PHASES:
        return [greedy]
    if state.phase == "walk":
        return [greedy] + [
            m for m in Sharp(state, moves).walk_alternatives(WALK_ALTERNATIVES) if m != greedy
        ]
    if state.phase == "actions":
        if any(m.type == "choose" for m in moves):
            return [greedy]
        pool = moves  # buy_office, buy_foundation, end_actions
    else:
        pool = moves
    return [greedy] + [m for m in pool if m != greedy]


def determinize(state: State, seed: str) -> State:
    """A world consistent with what the current seat sees, drawn from `seed`."""
    world = state.clone()
    counters: dict[str, int] = {}
    me, opp = world.me, world.opponent
    hidden_hand = sorted(c for c in opp.hand if c not in opp.active)
    unseen = sorted(world.deck) + hidden_hand
    keys = rng.shuffle(seed, counters, "keys", sorted(world.cards[c] for c in unseen))
    world.cards = dict(world.cards)
    for cid, key in zip(unseen, keys, strict=True):
        world.cards[cid] = key
    world.deck = rng.shuffle(seed, counters, "deck", sorted(world.deck))
    world.task_deck = rng.shuffle(seed, counters, "tasks", sorted(world.task_deck))
    world.event_deck = rng.shuffle(seed, counters, "events", sorted(world.event_deck))
    world.seed = f"world:{seed}"  # future dice, tokens and draws: unknown, so made up
    world.scripted_dice = None
    del me
    return world


def _rollout(world: State, move: Move, seat: int, horizon: int = HORIZON_TURNS) -> float:
    """Play `move` in `world`, then both seats on (the searching seat with its own policy,
    the other with the greedy's) for `horizon` ends of turn; the projected score difference."""
    state = apply(world, move)
    ends = 0
    while not state.over and ends < horizon:
        moves = legal_moves(state)
        policy = Sharp if state.current == seat else Model
        m = moves[0] if len(moves) == 1 else policy(state, moves).choose()
        if m.type == "end_turn":
            ends += 1
        state = apply(state, m)
    return projected(state, seat) - projected(state, 1 - seat)


def projected(state: State, seat: int) -> float:
    """What `seat` is likely to score at the end: the score so far, plus what its posts,
    tools, tasks and foundations are still worth over the turns that are left."""
    p = state.players[seat]
    if state.over:
        assert state.result is not None  # set with the phase "over"
        return float(state.result["scores"][str(seat)]["total"])
    left = max(0.0, ROUNDS - state.round + (0.5 if state.current == seat else 0.0))
    score = evaluation(state, seat) - sum(RESOURCE_VALUE[r] * n for r, n in p.resources.items())
    tools = sum(RESOURCE_VALUE[r] * n for r, n in p.resources.items())
    score += tools * min(1.0, left / 2)
    score += 0.45 * len(post_houses(state, seat)) * left  # income still to come
    for key in p.tasks:
        task = TASKS[key]
        score += task.reward * min(1.0, progress(state, seat, key) / task.n) * 0.6
    if "gildehuis" in p.foundations:
        score += (
            FOUNDATION_STEP["gildehuis"]
            * 0.4
            * left
            * (len(HOUSES) - len(post_houses(state, seat)))
            / len(HOUSES)
        )
    score += sum(0.2 * left for k in p.foundations if k in FOUNDATIONS and k != "gildehuis")
    return score


__all__ = ["candidates_of", "determinize", "easy_move", "projected", "strong_move"]
