"""Court events (III): one revealed per round, in force for that round. PLACEHOLDER data."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    key: str
    name: str  # Dutch
    text: str  # Dutch, what the panel shows
    kind: str  # threshold | rotation | walk | closed_house | levy | ...
    threshold_shift: int = 0  # -1 / +1: every threshold one step along 9/11/13 (capped)
    free_rotation: bool = False
    walk_bonus: int = 0  # extra steps on every walking roll this round
    closes_house: bool = False  # a house drawn at reveal is closed this round
    levy: tuple[tuple[str, int], ...] = ()  # resource, amount taken from both at reveal
    new_tokens: int = 2  # fresh tokens at least (SPEC: at least 2, never above 8 on board)


EVENTS: dict[str, Event] = {}
