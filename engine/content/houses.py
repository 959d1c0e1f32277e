"""The nine houses (I, VII): each one's resource and the rate of its resource action.

The left half of the hofreglement's table in VII, which never changes: a house's resource
action always succeeds and yields 1 of the house's resource per `rate` pips of the roll.
The court action (the right half) is dealt per game from `content.court_actions`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class HouseInfo:
    key: str
    name: str  # Dutch
    resource: str  # geld | relaties | reputatie
    rate: int  # pips per 1 of the resource (3 or 4)
    resource_action: str  # Dutch name of the threshold-free action


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
