"""Phase 3, the house actions and the court: per pawn the better of the resource action
(with a new trading post) and the court action; an office or a foundation when its
projected end value exceeds its price in resource worth."""

from __future__ import annotations

from .. import court, walking
from ..content.foundations import FOUNDATIONS
from ..content.houses import HOUSES
from ..content.offices import OFFICE_COST
from ..moves import Move
from ..tasks import post_houses
from .decision import Decision
from .values import FOUNDATION_STEP, RESOURCE_VALUE, resource_value, turns_left


def choose(d: Decision) -> Move:
    choose = [m for m in d.moves if m.type == "choose"]
    if choose:
        pawn = choose[0].pawn
        options = [m for m in choose if m.pawn == pawn]
        return max(options, key=d.choice_value)
    buy = best_purchase(d)
    return buy or d.first("end_actions") or d.moves[0]


def best_purchase(d: Decision) -> Move | None:
    s, me = d.s, d.me
    left = turns_left(s)
    best, best_v = None, 0.0
    for m in d.moves:
        if m.type == "buy_office":
            v = 1.0 + (3 if "armenfonds" in me.foundations else 0) + 0.25 * left
            v -= OFFICE_COST * RESOURCE_VALUE["relaties"] * (0.5 if left <= 1 else 0.8)
        elif m.type == "buy_foundation":
            cost = court.next_foundation_cost(s, me.seat)
            assert m.foundation is not None  # buy_foundation names it
            v = foundation_projection(d, m.foundation) - cost * resource_value(s, "geld")
        else:
            continue
        if v > best_v:
            best, best_v = m, v
    return best


def foundation_projection(d: Decision, key: str) -> float:
    """The value a foundation is likely to reach by the end of the game."""
    s, me = d.s, d.me
    now = FOUNDATIONS[key].value(s, me)
    left = turns_left(s)
    growth = {  # aanzien per turn left: the foundation's rate times a rough chance
        "gildehuis": FOUNDATION_STEP["gildehuis"] * 0.5,
        "reisverslag": FOUNDATION_STEP["reisverslag"] * 0.3,
        "wegenbouw": FOUNDATION_STEP["wegenbouw"] * 0.2 if me.clears < walking.MAX_CLEARS else 0.0,
        "kroniek": 0.4,
        "getijdenboek": FOUNDATION_STEP["getijdenboek"] * 0.35,
        "armenfonds": 0.0,
    }[key]
    if key == "gildehuis":
        growth *= max(0, len(HOUSES) - len(post_houses(s, me.seat))) / len(HOUSES)
    return now + growth * left
