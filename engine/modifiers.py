"""Rule modifiers from offices, the round's court event, active cards and player effects.

One place answers "what is the rule right now" so that the walking, actions and roll
modules never look up offices, events or cards themselves.
"""

from __future__ import annotations

from .content.cards import CARDS
from .content.events import EVENTS, Event
from .state import State

TIERS = (9, 11, 13)  # the three threshold sizes (VII); a shift moves along them, capped
BASE_HAND_LIMIT = 4
BASE_CLEAR_COST = 2
BEND_COSTS = {"reroll": 1, "raise": 2, "add": 3}


def holds(state: State, seat: int, office: str) -> bool:
    return state.offices.get(office) == seat


def event(state: State) -> Event | None:
    return EVENTS.get(state.event) if state.event else None


def walk_bonus(state: State) -> int:
    """Extra steps on the walking roll: Hofmeester, the event, a card or court effect."""
    me = state.me
    ev = event(state)
    return (
        (1 if holds(state, me.seat, "hofmeester") else 0)
        + (ev.walk_bonus if ev else 0)
        + me.effects.get("extra_steps", 0)
    )


def rotation_free(state: State) -> bool:
    """The first rotation of a tile costs nothing (Wegvoogd, or a free-rotation event)."""
    ev = event(state)
    return holds(state, state.current, "wegvoogd") or bool(ev and ev.free_rotation)


def clear_cost(state: State, seat: int | None = None) -> int:
    seat = state.current if seat is None else seat
    return BASE_CLEAR_COST - (1 if holds(state, seat, "landmeter") else 0)


def bend_cost(state: State, kind: str, seat: int | None = None) -> int:
    """Gunst a bend costs `seat` (default: the current player); the Wisselaar pays 1 less."""
    seat = state.current if seat is None else seat
    discount = 1 if holds(state, seat, "wisselaar") else 0
    return max(0, BEND_COSTS[kind] - discount)


def hand_limit(state: State, seat: int) -> int:
    p = state.players[seat]
    limit = BASE_HAND_LIMIT + (1 if holds(state, seat, "kamerling") else 0)
    limit += sum(CARDS[state.cards[c]].hand_limit_bonus for c in p.active if c in p.hand)
    if p.effects.get("laster", 0) > 0:
        limit -= 1
    return limit


def threshold(state: State, base: int) -> int:
    """A court action's threshold this round: one step along 9/11/13 when the event shifts."""
    ev = event(state)
    shift = ev.threshold_shift if ev else 0
    i = min(max(TIERS.index(base) + shift, 0), len(TIERS) - 1)
    return TIERS[i]


def house_closed(state: State, house: str) -> bool:
    return state.event_closed == house
