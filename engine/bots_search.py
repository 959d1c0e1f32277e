"""The computer levels around the greedy player: easy (a greedy that blunders) and strong
(a search player).

Strong is determinized Monte Carlo search: at a decision with more than one sensible move,
it deals the hidden information afresh several times (the card deck, the opponent's hidden
hand, the task deck, the future events, and the future dice: a new seed), and for every
candidate move plays each such world forward with the greedy player for both seats until
two turns have ended; the candidate with the best mean evaluation (own projected score minus
the opponent's) is played. The same worlds serve every candidate (common random numbers),
so candidates are compared on equal luck.

It never reads hidden information: a world is built only from what the seat may see, with
every hidden list put in a canonical (sorted) order before it is shuffled from the bot's own
seed, so the real deck order, hand and seed cannot change the move (tests swap them).
Time-bounded: a decision stops dealing worlds once `time_limit` seconds are spent.
"""

from __future__ import annotations

import time

from . import rng
from .bots import RESOURCE_VALUE, Greedy, evaluation
from .content.foundations import FOUNDATIONS
from .content.tasks import TASKS
from .game import apply, legal_moves
from .moves import Move
from .state import ROUNDS, State
from .tasks import post_houses, progress

EASY_BLUNDER = 0.35  # share of the easy player's decisions played at random
WORLDS = 6  # determinized worlds per decision (fewer when time runs out)
TIME_LIMIT = 1.5  # seconds per decision (the worker's budget; p95 stays under 2 s)
HORIZON_TURNS = 2  # a rollout stops after this many ends of turn
SEARCHED_PHASES = ("draw", "actions")


# --- easy -----------------------------------------------------------------------------------
def easy_move(state: State, moves: list[Move], rng_seed: int | str) -> Move:
    """The greedy move, except in about a third of the decisions: a random legal move."""
    roll = rng.randbelow(str(rng_seed), {}, f"easy:{state.seq}", 1000)
    if roll < EASY_BLUNDER * 1000:
        return moves[rng.randbelow(str(rng_seed), {}, f"easy-move:{state.seq}", len(moves))]
    return Greedy(state, moves).choose()


# --- strong ---------------------------------------------------------------------------------
def strong_move(
    state: State,
    moves: list[Move],
    rng_seed: int | str,
    *,
    worlds: int | None = None,
    time_limit: float = TIME_LIMIT,
) -> Move:
    worlds = WORLDS if worlds is None else worlds
    greedy = Greedy(state, moves).choose()
    candidates = _candidates(state, moves, greedy)
    if len(candidates) < 2:
        return greedy
    deadline = time.perf_counter() + time_limit
    seat = state.current
    totals = [0.0] * len(candidates)
    played = 0
    for i in range(worlds):
        world = determinize(state, f"{rng_seed}/{i}")
        scores = []
        for move in candidates:
            if time.perf_counter() > deadline:
                break
            scores.append(_rollout(world, move, seat))
        if len(scores) < len(candidates):
            break  # out of time: only complete worlds count
        totals = [t + v for t, v in zip(totals, scores, strict=True)]
        played += 1
    if not played:
        return greedy
    # The greedy move wins ties: search has to show a real gain to overrule it.
    best = max(range(len(candidates)), key=lambda c: (totals[c] / played, c == 0))
    return candidates[best]


def _candidates(state: State, moves: list[Move], greedy: Move) -> list[Move]:
    """The greedy move first, then the other moves worth searching: the market (a card or a
    task) and the court (an office, a foundation, or nothing). Choosing actions, buying dice
    and bending stay with the greedy player, whose expected values there are exact, where
    a few sampled worlds would only add noise."""
    if state.phase not in SEARCHED_PHASES:
        return [greedy]
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


def _rollout(world: State, move: Move, seat: int) -> float:
    state = apply(world, move)
    ends = 0
    while not state.over and ends < HORIZON_TURNS:
        moves = legal_moves(state)
        m = moves[0] if len(moves) == 1 else Greedy(state, moves).choose()
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
        score += 2 * 0.4 * left * (9 - len(post_houses(state, seat))) / 9
    score += sum(0.2 * left for k in p.foundations if k in FOUNDATIONS and k != "gildehuis")
    return score


__all__ = ["determinize", "easy_move", "projected", "strong_move"]
