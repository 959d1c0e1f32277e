"""Foundations (stichtingen, XIII): end-score rules a player buys, exactly the table in XIII.

The first costs 3 geld, each next one 4 more (3, 7, 11, 15, ...). Each is owned at most once
per player; both players may own the same one. They are retroactive: the value is computed
from what the player did over the whole game. No foundation looks at resources.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import Player, State

FIRST_COST = 3  # geld
COST_STEP = 4
KRONIEK_MAX = 12


@dataclass(frozen=True, slots=True)
class Foundation:
    key: str
    name: str  # Dutch
    text: str  # Dutch
    value: Callable[[State, Player], int]  # (state, player) -> aanzien it is worth now


def _posts(state: State, p: Player) -> int:
    return sum(1 for h in state.houses.values() if p.seat in h.posts)


def _offices(state: State, p: Player) -> int:
    return sum(1 for holder in state.offices.values() if holder == p.seat)


_FOUNDATIONS = (
    Foundation(
        "gildehuis",
        "Gildehuis",
        "2 aanzien per handelspost die je hebt.",
        lambda s, p: 2 * _posts(s, p),
    ),
    Foundation(
        "reisverslag",
        "Reisverslag",
        "2 aanzien per verschillend huis waar je een hoge actie haalde.",
        lambda s, p: 2 * len(p.high_houses),
    ),
    Foundation(
        "wegenbouw",
        "Wegenbouw",
        "3 aanzien per veld dat je hebt ontgonnen.",
        lambda s, p: 3 * p.clears,
    ),
    Foundation(
        "kroniek",
        "Kroniek",
        "1 aanzien per tegel die je een stap heeft gekost om te draaien, hoogstens 12.",
        lambda s, p: min(KRONIEK_MAX, len(p.paid_rotations)),
    ),
    Foundation(
        "getijdenboek",
        "Getijdenboek",
        "2 aanzien per ronde waarin je een hoge actie haalde.",
        lambda s, p: 2 * len(set(p.high_rounds)),
    ),
    Foundation(
        "armenfonds",
        "Armenfonds",
        "3 aanzien per hofambt dat je bezet.",
        lambda s, p: 3 * _offices(s, p),
    ),
)

FOUNDATIONS: dict[str, Foundation] = {f.key: f for f in _FOUNDATIONS}


def foundation_cost(owned: int) -> int:
    """The price of a player's next foundation when he already owns `owned` of them."""
    return FIRST_COST + COST_STEP * owned
