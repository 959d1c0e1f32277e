"""Court events (III): one revealed at the start of each round, in force for that round.

The hofreglement names the kinds: shift the thresholds one step (up or down), free rotating,
a longer walking roll, a closed house, a levy. Every event also scatters fresh tokens (the
board module places them; `new_tokens` is how many at least). A levy takes resources only:
never aanzien and never gunst (docs/decisions.md#players-rounds-and-resources-ii). The numbers are data: tune them here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    key: str
    name: str  # Dutch
    text: str  # Dutch, what the panel shows
    kind: str  # threshold | rotation | walk | closed_house | levy | tokens
    threshold_shift: int = 0  # -1 / +1: every threshold one step along 9/11/13 (capped)
    free_rotation: bool = False
    walk_bonus: int = 0  # extra steps on every walking roll this round
    closes_house: bool = False  # a house drawn at reveal is closed this round
    levy: tuple[tuple[str, int], ...] = ()  # resource, amount taken from both at reveal
    new_tokens: int = 2  # fresh tokens at least (never below 2: docs/decisions.md#the-board-i)


_EVENTS = (
    Event(
        "hofbal",
        "Hofbal",
        "Het hof is in feeststemming: elke drempel ligt deze ronde een trede lager "
        "(13 wordt 11, 11 wordt 9). Het loon blijft gelijk.",
        "threshold",
        threshold_shift=-1,
    ),
    Event(
        "audientiedag",
        "Audiëntiedag",
        "De vorst ontvangt iedereen: elke drempel ligt deze ronde een trede lager. "
        "Het loon blijft gelijk.",
        "threshold",
        threshold_shift=-1,
    ),
    Event(
        "strenge_ceremoniemeester",
        "Strenge ceremoniemeester",
        "Het protocol wordt streng gelezen: elke drempel ligt deze ronde een trede hoger "
        "(9 wordt 11, 11 wordt 13). Het loon blijft gelijk.",
        "threshold",
        threshold_shift=+1,
    ),
    Event(
        "stratenmakers",
        "Stratenmakers",
        "De stratenmakers zijn aan het werk: de eerste draai van een tegel kost deze ronde "
        "geen stap.",
        "rotation",
        free_rotation=True,
    ),
    Event(
        "landmetersdag",
        "Landmetersdag",
        "Iedereen mag deze ronde de wegen verleggen: de eerste draai van een tegel is gratis.",
        "rotation",
        free_rotation=True,
    ),
    Event(
        "marktdag",
        "Marktdag",
        "De stad loopt uit voor de markt: elke loopworp levert deze ronde 2 stappen extra.",
        "walk",
        walk_bonus=2,
    ),
    Event(
        "processie",
        "Processie",
        "De processie trekt door de straten: elke loopworp levert deze ronde 1 stap extra.",
        "walk",
        walk_bonus=1,
    ),
    Event(
        "quarantaine",
        "Quarantaine",
        "Een huis gaat deze ronde dicht: daar kan niemand een handeling doen. "
        "Handelsposten leveren er wel gewoon inkomen.",
        "closed_house",
        closes_house=True,
    ),
    Event(
        "rouwdag",
        "Rouwdag",
        "Een huis is in de rouw en blijft deze ronde gesloten: geen handelingen. "
        "Handelsposten leveren er wel gewoon inkomen.",
        "closed_house",
        closes_house=True,
    ),
    Event(
        "tiende",
        "De tiende",
        "De tiendheffer komt langs: beide spelers betalen 1 geld (wie niets heeft, betaalt niets).",
        "levy",
        levy=(("geld", 1),),
    ),
    Event(
        "hofbelasting",
        "Hofbelasting",
        "Het hof heft: beide spelers betalen 1 geld en 1 relatie (wie niets heeft, betaalt niets).",
        "levy",
        levy=(("geld", 1), ("relaties", 1)),
    ),
    Event(
        "kermis",
        "Kermis",
        "Kermis in de stad: er komen deze ronde 4 verse penningen op het bord.",
        "tokens",
        new_tokens=4,
    ),
)

EVENTS: dict[str, Event] = {e.key: e for e in _EVENTS}
