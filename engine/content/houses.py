"""The nine houses (I, VII): key, Dutch name, resource and the resource action's rate.

The left half of the hofreglement's table in VII is fixed for every game: each house is tied
to one resource, and its threshold-free action yields +1 of it per `rate` pips (3 or 4).
The court action (the right half) is dealt per game elsewhere (`actions.setup`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class HouseInfo:
    key: str  # lower-case ASCII, as in the move notation
    name: str  # Dutch, as the hofreglement writes it
    resource: str  # geld | relaties | reputatie
    rate: int  # +1 resource per `rate` pips of the court roll (3 or 4)
    resource_action: str  # the threshold-free action's Dutch name


HOUSES: dict[str, HouseInfo] = {
    h.key: h
    for h in (
        HouseInfo("gilde", "Gilde", "relaties", 4, "Onderlinge hulp"),
        HouseInfo("poorterij", "Poorterij", "relaties", 4, "Kraam houden"),
        HouseInfo("gasthuys", "Gasthuys", "relaties", 4, "Onderdak geven"),
        HouseInfo("bank", "Bank", "geld", 3, "Geld wisselen"),
        HouseInfo("molens", "Molens", "geld", 3, "Graan malen"),
        HouseInfo("brouwerij", "Brouwerij", "relaties", 4, "Bier tappen"),
        HouseInfo("taverne", "Taverne", "reputatie", 3, "Stem uitbrengen"),
        HouseInfo("kerk", "Kerk", "reputatie", 4, "Bidden"),
        HouseInfo("bibliotheek", "Bibliotheek", "reputatie", 3, "Boeken lezen"),
    )
}

HOUSE_KEYS: tuple[str, ...] = tuple(HOUSES)
