"""Court cards (hofkaarten, VIII): the designed deck, as data.

A card has a condition on the locked court roll; when the locked dice meet it, the card lies
open and may be activated for `cost` pips off the sum. One-shot cards leave the hand when
activated; permanent cards stay in the hand and stay active after one paid activation (their
effect ends when they are discarded). `affects` is the card's figures: self (solid), opponent
(open) or both. Effects are named functions in `engine.effects`.

Balance: a card is a modest edge. A one-shot is worth about 2 resources, paid with pips that
may cost a threshold; a permanent card pays off over several turns and occupies a hand slot.
No card gives favor (gunst) and no card touches aanzien (docs/decisions.md#players-rounds-and-resources-ii).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# A card condition: its kind (str), then its number if it has one, e.g. ("sum_at_least", 12),
# ("pair",). Any, since the number's presence depends on the kind (condition_met).
Condition = tuple[Any, ...]
# An effect's params; the shape is the effect's: ((resource, n), ...) for gain, lose and
# steal, (n,) for the others (see engine.effects).
EffectParams = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Card:
    key: str
    name: str  # Dutch
    text: str  # Dutch
    condition: Condition  # e.g. ("sum_at_least", 12), ("pair",), ("contains", 6)
    cost: int  # activation pips, 1..3
    permanent: bool
    affects: str  # self | opponent | both
    effect: str  # name of an effect function
    params: EffectParams = ()
    copies: int = 1
    hand_limit_bonus: int = 0  # while active (permanent cards), e.g. Hofmaarschalk +2
    target: str | None = None  # "toll": the player picks a toll gate hex when activating
    list_card: bool = False  # a List card: takes something from the opponent (XIV)


# fmt: off
def _c(key: str, name: str, text: str, condition: Condition, cost: int, effect: str,
       params: EffectParams = (), *, affects: str = "self", copies: int = 1,
       permanent: bool = False, hand_limit_bonus: int = 0, target: str | None = None,
       list_card: bool = False) -> Card:
    return Card(key, name, text, condition, cost, permanent, affects, effect, params, copies,
                hand_limit_bonus, target, list_card)


# key, name, text, condition, cost (pips), effect, params, and what differs from the default.
_DECK = (
    # --- for yourself, one-shot ----------------------------------------------------------
    _c("gouden_beurs", "Gouden beurs", "+3 geld.", ("sum_at_least", 14), 2,
       "gain", (("geld", 3),), copies=2),
    _c("bode_te_paard", "Bode te paard", "+2 relaties.", ("pair",), 1,
       "gain", (("relaties", 2),), copies=2),
    _c("lofrede", "Lofrede", "+2 reputatie.", ("three_of_a_kind",), 1,
       "gain", (("reputatie", 2),)),
    _c("marskramer", "Marskramer", "+2 geld.", ("contains", 1), 1,
       "gain", (("geld", 2),), copies=2),
    _c("pelgrimstocht", "Pelgrimstocht", "+1 reputatie.", ("all_odd",), 1,
       "gain", (("reputatie", 1),), copies=2),
    _c("gildefeest", "Gildefeest", "+2 relaties.", ("all_even",), 1,
       "gain", (("relaties", 2),), copies=2),
    _c("wegwijzer", "Wegwijzer", "2 stappen extra in je volgende beurt.", ("run", 3), 1,
       "extra_steps", (2,), copies=2),
    _c("vrijgeleide", "Vrijgeleide", "1 stap extra in je volgende beurt.", ("contains", 5), 1,
       "extra_steps", (1,), copies=2),
    # A tolbrief is the right to levy toll: the gates stay (IV "staan er de hele partij").
    _c("tolbrief", "Tolbrief", "Je int tol: +1 geld per tolpoort op het bord, hoogstens 3.",
       ("contains", 6), 2, "collect_toll", (3,)),
    _c("voorraadschuur", "Voorraadschuur",
       "+1 voorraad in elk huis waar een pion van je staat (hoogstens 8).",
       ("sum_at_most", 7), 1, "refill", (1,)),
    _c("leergeld", "Leergeld", "+1 reputatie.", ("sum_at_most", 6), 1,
       "gain", (("reputatie", 1),), copies=2),
    _c("handelsreis", "Handelsreis", "+2 geld en +2 relaties.", ("sum_at_least", 16), 3,
       "gain", (("geld", 2), ("relaties", 2))),
    _c("schenking", "Schenking", "+1 geld en +1 relatie.", ("contains", 4), 1,
       "gain", (("geld", 1), ("relaties", 1))),
    # --- List: take something from the opponent (never aanzien) --------------------------
    _c("zakkenroller", "Zakkenroller", "Neem 2 geld van je tegenstander.", ("pair",), 2,
       "steal", (("geld", 2),), affects="opponent", copies=2, list_card=True),
    _c("omkoperij", "Omkoperij", "Neem 2 relaties van je tegenstander.",
       ("sum_at_least", 12), 2, "steal", (("relaties", 2),), affects="opponent", copies=2,
       list_card=True),
    _c("roddel", "Roddel", "Neem 1 reputatie van je tegenstander.", ("all_odd",), 2,
       "steal", (("reputatie", 1),), affects="opponent", list_card=True),
    _c("valse_wissel", "Valse wissel", "Neem 3 geld van je tegenstander.", ("run", 3), 3,
       "steal", (("geld", 3),), affects="opponent", list_card=True),
    # --- against the opponent --------------------------------------------------------------
    _c("lastercampagne", "Lastercampagne",
       "Je tegenstander mag drie beurten lang 1 kaart minder op zijn hand houden.",
       ("pair",), 2, "laster", (3,), affects="opponent", copies=2),
    _c("inkwartiering", "Inkwartiering", "Je tegenstander verliest 2 geld.",
       ("sum_at_most", 9), 1, "lose", (("geld", 2),), affects="opponent"),
    # --- for both players ------------------------------------------------------------------
    _c("stadsbrand", "Stadsbrand", "Jullie verliezen allebei 2 geld.", ("sum_at_most", 8), 1,
       "lose", (("geld", 2),), affects="both", copies=2),
    _c("volksfeest", "Volksfeest", "Jullie krijgen allebei +1 relatie.", ("contains", 3), 1,
       "gain", (("relaties", 1),), affects="both", copies=2),
    _c("pestepidemie", "Pestepidemie", "Jullie verliezen allebei 1 reputatie.",
       ("three_of_a_kind",), 1, "lose", (("reputatie", 1),), affects="both"),
    _c("strenge_winter", "Strenge winter", "Jullie verliezen allebei 1 relatie.",
       ("sum_at_most", 6), 1, "lose", (("relaties", 1),), affects="both"),
    # --- permanent -------------------------------------------------------------------------
    _c("hofmaarschalk", "Hofmaarschalk", "Permanent: je mag 2 kaarten meer op je hand houden.",
       ("sum_at_least", 10), 2, "passive", permanent=True, copies=2, hand_limit_bonus=2),
    _c("lijfwacht", "Lijfwacht", "Permanent: je tegenstander kan je niets afnemen.",
       ("pair",), 1, "passive", ("guard",), permanent=True, copies=2),
    _c("rentenier", "Rentenier", "Permanent: +1 geld aan het eind van elke beurt van je.",
       ("sum_at_least", 15), 3, "income", (("geld", 1),), permanent=True),
    _c("pachtheer", "Pachtheer", "Permanent: +1 relatie aan het eind van elke beurt van je.",
       ("all_even",), 3, "income", (("relaties", 1),), permanent=True),
    _c("beschermheer", "Beschermheer",
       "Permanent: +1 reputatie aan het eind van elke beurt van je.",
       ("three_of_a_kind",), 3, "income", (("reputatie", 1),), permanent=True),
)
# fmt: on

CARDS: dict[str, Card] = {c.key: c for c in _DECK}
# Rules 1 (stored games): the Tolbrief took a toll gate of the player's choice off the board.
TOLBRIEF_RULES_1 = _c(
    "tolbrief",
    "Tolbrief",
    "Haal een tolpoort naar keuze van het bord.",
    ("contains", 6),
    2,
    "remove_toll",
    target="toll",
)


def condition_met(condition: Condition, dice: tuple[int, ...] | list[int]) -> bool:
    """Whether the locked dice meet a card's condition."""
    kind = condition[0]
    if not dice:
        return False
    counts = Counter(dice)
    if kind == "sum_at_least":
        least: int = condition[1]
        return sum(dice) >= least
    if kind == "sum_at_most":
        most: int = condition[1]
        return sum(dice) <= most
    if kind == "pair":
        return max(counts.values()) >= 2
    if kind == "three_of_a_kind":
        return max(counts.values()) >= 3
    if kind == "run":  # n consecutive faces, e.g. 3-4-5
        n = condition[1]
        return any(all(f + i in counts for i in range(n)) for f in range(1, 8 - n))
    if kind == "all_odd":
        return all(d % 2 == 1 for d in dice)
    if kind == "all_even":
        return all(d % 2 == 0 for d in dice)
    if kind == "contains":
        return condition[1] in counts
    raise ValueError(f"unknown card condition {kind!r}")


def condition_text(condition: Condition) -> str:
    """The condition in Dutch, for the card face."""
    kind = condition[0]
    texts: dict[str, Callable[[], str]] = {
        "sum_at_least": lambda: f"som minstens {condition[1]}",
        "sum_at_most": lambda: f"som hoogstens {condition[1]}",
        "pair": lambda: "een paar",
        "three_of_a_kind": lambda: "drie gelijke",
        "run": lambda: f"{condition[1]} op een rij",
        "all_odd": lambda: "alle stenen oneven",
        "all_even": lambda: "alle stenen even",
        "contains": lambda: f"een {condition[1]} erbij",
    }
    return texts[kind]()
