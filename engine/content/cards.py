"""Court cards (VIII). PLACEHOLDER data."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Card:
    key: str
    name: str  # Dutch
    text: str  # Dutch
    condition: tuple  # e.g. ("sum_at_least", 12), ("pair",), ("contains", 6)
    cost: int  # activation pips, 1..3
    permanent: bool
    affects: str  # self | opponent | both
    effect: str  # name of an effect function
    params: tuple = ()
    copies: int = 1
    hand_limit_bonus: int = 0  # while active (permanent cards), e.g. Hofmaarschalk +2


CARDS: dict[str, Card] = {}
