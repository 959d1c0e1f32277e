"""Offices (hofambten, XIII): 5 relaties, one holder each, +1 aanzien at the end.

Their permanent rules are read through `engine/modifiers.py` (holds(state, seat, key)).
"""

from __future__ import annotations

from dataclasses import dataclass

OFFICE_COST = 5  # relaties
OFFICE_END_AANZIEN = 1


@dataclass(frozen=True, slots=True)
class Office:
    key: str
    name: str  # Dutch
    text: str  # Dutch: the permanent rule


_OFFICES = (
    Office("hofmeester", "Hofmeester", "+1 stap bij elke loopworp."),
    Office("wegvoogd", "Wegvoogd", "De eerste draai van een tegel is gratis."),
    Office("kamerling", "Kamerling", "1 kaart extra op je hand."),
    Office("wisselaar", "Wisselaar", "Een buiging kost 1 gunst minder."),
    Office("landmeter", "Landmeter", "Ontginnen kost 1 geld minder."),
)

OFFICES: dict[str, Office] = {o.key: o for o in _OFFICES}
