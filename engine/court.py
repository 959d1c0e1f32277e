"""The changing board and the court (XII, XIII): post income, refill, offices, foundations.

- Turn start: every trading post of the player yields 1 of its house's resource, also at
  an empty or closed house; income uses no supply.
- Round end: a house where nobody chose an action during the round gets +1 supply, up to
  the supply it started with; then the round flags are reset.
- "Aan het hof" in phase 3: an office costs 5 relaties and has one holder; a foundation
  costs 3 geld, each next one 4 more, at most once per player. Only affordable purchases
  are offered.
"""

from __future__ import annotations

from .content.foundations import FOUNDATIONS, foundation_cost
from .content.houses import HOUSES
from .content.offices import OFFICE_COST, OFFICES
from .errors import IllegalMove
from .moves import Move, shared
from .state import HOUSE_SUPPLY, State

POST_INCOME = 1  # of its house's resource, per trading post at the start of a turn (XII)
RESTOCK = 1  # supply back for a house nobody acted at in a round (XII)


# --- XII: the changing board --------------------------------------------------------------
def on_turn_start(state: State) -> None:
    """Trading-post income for the player whose turn starts."""
    me = state.me
    for key, house in state.houses.items():
        if me.seat in house.posts:
            me.resources[HOUSES[key].resource] += POST_INCOME


def on_round_end(state: State) -> None:
    """Neglected houses refill by one; then every house starts the next round unvisited."""
    for key in state.houses:
        house = state.own_house(key)
        if not house.acted_this_round:
            house.supply = min(HOUSE_SUPPLY, house.supply + RESTOCK)
        house.acted_this_round = False


# --- XIII: the court ------------------------------------------------------------------------
def next_foundation_cost(state: State, seat: int) -> int:
    return foundation_cost(len(state.players[seat].foundations))


def foundation_values(state: State, seat: int) -> dict[str, int]:
    """What each foundation would be worth for `seat` now (shown while playing, XIII)."""
    p = state.players[seat]
    return {key: f.value(state, p) for key, f in FOUNDATIONS.items()}


def _offices_for_sale(state: State) -> list[str]:
    if state.me.resources["relaties"] < OFFICE_COST:
        return []
    return [key for key in OFFICES if key not in state.offices]


def _foundations_for_sale(state: State) -> list[str]:
    me = state.me
    if me.resources["geld"] < next_foundation_cost(state, me.seat):
        return []
    return [key for key in FOUNDATIONS if key not in me.foundations]


def legal(state: State) -> list[Move]:
    """The court purchases the current player can afford now (phase 3)."""
    return [shared("buy_office", office=k) for k in _offices_for_sale(state)] + [
        shared("buy_foundation", foundation=k) for k in _foundations_for_sale(state)
    ]


def buy_office(state: State, move: Move) -> None:
    key = move.office
    if key not in OFFICES:
        raise IllegalMove("unknown_office")
    holder = state.offices.get(key)
    if holder is not None:
        who = "you" if holder == state.current else "opponent"
        raise IllegalMove("office_taken", office=key, holder=who)
    me = state.me
    if me.resources["relaties"] < OFFICE_COST:
        raise IllegalMove("office_price", cost=OFFICE_COST)
    me.resources["relaties"] -= OFFICE_COST
    state.offices[key] = me.seat
    me.offices.append(key)


def buy_foundation(state: State, move: Move) -> None:
    key = move.foundation
    if key not in FOUNDATIONS:
        raise IllegalMove("unknown_foundation")
    me = state.me
    if key in me.foundations:
        raise IllegalMove("foundation_owned", foundation=key)
    cost = next_foundation_cost(state, me.seat)
    if me.resources["geld"] < cost:
        raise IllegalMove("foundation_price", cost=cost)
    me.resources["geld"] -= cost
    me.foundations.append(key)
