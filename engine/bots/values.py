"""What things are worth to the computer players, in aanzien: a unit of a resource, a card,
a court action, a whole position, and the dice arithmetic behind the expectations.

The numbers here are the players' own judgement; the rules' numbers (prices, bonuses,
limits) are read from the rule modules, never written again.
"""

from __future__ import annotations

from functools import cache

from .. import modifiers, roll
from ..content.cards import CARDS
from ..content.court_actions import COURT_ACTIONS
from ..content.foundations import FOUNDATIONS
from ..moves import shared
from ..state import ROUNDS, State

# What one unit of a resource is worth to the greedy player, in aanzien.
RESOURCE_VALUE = {"geld": 0.45, "relaties": 0.45, "reputatie": 0.6, "gunst": 0.3}
MISS_VALUE = roll.MISS_GAIN * RESOURCE_VALUE["gunst"]  # what a missed court action still pays
INF = 10**6
# What one more post, distinct house of a high action, round of a high action or cleared
# field adds to the foundation that counts it (content/foundations.py: the value functions
# there are the rule; a test checks these steps against them).
FOUNDATION_STEP = {"gildehuis": 2, "reisverslag": 2, "getijdenboek": 2, "wegenbouw": 3}
BUY_DIE = shared("buy_die")


# --- dice arithmetic ----------------------------------------------------------------------
@cache
def sum_distribution(n: int) -> tuple[float, ...]:
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
    dist = sum_distribution(n)
    return sum(dist[max(0, t) :])


@cache
def expected_floor(n: int, rate: int) -> float:
    """E[floor(sum of n dice / rate)]."""
    return sum(p * (s // rate) for s, p in enumerate(sum_distribution(n)))


# --- the dice a player will roll ------------------------------------------------------------
def pool(state: State) -> int:
    """Dice the current player rolls with the dice bought so far."""
    t, me = state.turn, state.me
    return min(roll.MAX_DICE, roll.dice_pool(me.resources["reputatie"]) + t.bought_dice)


def affordable_dice(state: State) -> int:
    """How many dice the current player could still buy this turn with his geld: the rule's
    price of each next die (`roll.next_die_price`), bought by the rule on a copy."""
    trial, n = state, 0
    while (price := roll.next_die_price(trial)) is not None:
        if trial.me.resources["geld"] < price:
            break
        if trial is state:
            trial = state.clone()  # copied only when a die is bought
        roll.buy_die(trial, BUY_DIE)
        n += 1
    return n


# --- values over the state ------------------------------------------------------------------
def turns_left(state: State) -> int:
    """Own turns after this one."""
    return ROUNDS - state.round


def resource_value(state: State, res: str) -> float:
    v = RESOURCE_VALUE[res]
    if res == "reputatie" and roll.dice_pool(state.me.resources["reputatie"]) >= 5:
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


def card_value(state: State, cid: str | None) -> float:
    """A card in the market or the hand (unknown: 0.5)."""
    card = CARDS.get(state.cards.get(cid or "", ""))
    if card is None:
        return 0.5
    v = 0.9 - 0.15 * card.cost + (0.3 if card.permanent else 0.0)
    return v + 0.3 * card.hand_limit_bonus
