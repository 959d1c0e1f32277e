"""The twenty court actions (VII): the threshold half of a house, dealt one per house per game.

Every court action pays aanzien and keeps its threshold. The tier fixes the full pay
(9 -> 1, 11 -> 2, 13 -> 4 aanzien). An action that pays less than its tier's full pay gives
the difference back as an effect (a named function in `engine.effects`), worth about one
aanzien: 2 of a resource, a toll gate off the board, extra steps, a coin of the opponent.
No court action gives favor (gunst) and none touches the opponent's aanzien.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import EffectParams

TIER_PAY = {9: 1, 11: 2, 13: 4}  # the hofreglement's three tiers and their pay


@dataclass(frozen=True, slots=True)
class CourtAction:
    key: str
    name: str  # Dutch
    text: str  # Dutch, what the panel shows next to the threshold
    threshold: int  # 9, 11 or 13 (before a court event shifts it)
    aanzien: int  # paid when the threshold is reached
    effect: str | None = None  # name of an effect function, on a hit only
    params: EffectParams = ()
    affects: str = "self"  # self | opponent
    target: str | None = None  # "toll": the player picks a toll gate hex when choosing

    @property
    def full_pay(self) -> int:
        return TIER_PAY[self.threshold]


def _full(key: str, name: str, threshold: int, text: str) -> CourtAction:
    return CourtAction(key, name, text, threshold, TIER_PAY[threshold])


# fmt: off
COURT_ACTIONS: dict[str, CourtAction] = {
    a.key: a
    for a in (
        # The hofreglement's nine examples (VII), each at its own tier, full pay.
        _full("meesterproef", "Meesterproef", 13, "4 aanzien"),
        _full("kapitaalbeurs", "Kapitaalbeurs", 11, "2 aanzien"),
        _full("zieken_verplegen", "Zieken verplegen", 11, "2 aanzien"),
        _full("herberg_houden", "Herberg houden", 11, "2 aanzien"),
        _full("kapitaal_uitlenen", "Kapitaal uitlenen", 11, "2 aanzien"),
        _full("molen_pachten", "Molen pachten", 11, "2 aanzien"),
        _full("schout_zijn", "Schout zijn", 13, "4 aanzien"),
        _full("altaar_stichten", "Altaar stichten", 13, "4 aanzien"),
        _full("handschrift_schrijven", "Handschrift schrijven", 13, "4 aanzien"),
        # Named in VII, designed here: one aanzien under the tier's pay, plus an effect.
        CourtAction("schatkamer", "Schatkamer", "3 aanzien en +2 geld", 13, 3,
                    "gain", (("geld", 2),)),
        CourtAction("poortrecht", "Poortrecht",
                    "1 aanzien en een tolpoort naar keuze van het bord", 11, 1,
                    "remove_toll", target="toll"),
        CourtAction("rentmeesterij", "Rentmeesterij", "1 aanzien en 1 geld van je tegenstander",
                    11, 1, "steal", (("geld", 1),), affects="opponent"),
        # Eight more, designed for Dwaalhof.
        CourtAction("hofbal_geven", "Hofbal geven", "3 aanzien en +2 relaties", 13, 3,
                    "gain", (("relaties", 2),)),
        CourtAction("wegen_keuren", "Wegen keuren",
                    "1 aanzien en 2 stappen extra in je volgende beurt", 11, 1,
                    "extra_steps", (2,)),
        CourtAction("zegel_drukken", "Zegel drukken", "1 aanzien en +1 reputatie", 11, 1,
                    "gain", (("reputatie", 1),)),
        CourtAction("schuld_innen", "Schuld innen", "1 aanzien en 1 relatie van je tegenstander",
                    11, 1, "steal", (("relaties", 1),), affects="opponent"),
        _full("aalmoes_geven", "Aalmoes geven", 9, "1 aanzien"),
        _full("kaarsen_gieten", "Kaarsen gieten", 9, "1 aanzien"),
        _full("nachtwacht_houden", "Nachtwacht houden", 9, "1 aanzien"),
        _full("marktrecht", "Marktrecht", 9, "1 aanzien"),
    )
}
# fmt: on
