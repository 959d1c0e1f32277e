"""The named effects that court actions and cards use (VII, VIII).

Content declares an effect by name with its params; `run` looks the name up here. Every
effect works on a fresh clone inside `apply`. None of them gives favor (gunst) or touches
anyone's aanzien: resources are tools, aanzien is the score (XIV). Resources never go below
0: a loss larger than what a player has takes what there is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .content.cards import CARDS, EffectParams
from .hexes import Hex
from .state import HOUSE_SUPPLY, State

TOOL_RESOURCES = ("geld", "relaties", "reputatie")  # what effects may give or take


def seats_affected(seat: int, affects: str) -> list[int]:
    return {"self": [seat], "opponent": [1 - seat], "both": [seat, 1 - seat]}[affects]


def toll_hexes(state: State) -> list[Hex]:
    """Toll tiles on the board, in a fixed order (targets for remove_toll)."""
    return sorted(h for h, t in state.board.items() if t.toll)


def guarded(state: State, seat: int) -> bool:
    """An active Lijfwacht: the opponent can take nothing from this player."""
    p = state.players[seat]
    return any(
        CARDS[state.cards[c]].effect == "passive" and "guard" in CARDS[state.cards[c]].params
        for c in p.active
        if c in p.hand
    )


def gain(
    state: State, seat: int, affects: str, params: EffectParams, target: Hex | None
) -> dict[str, Any]:
    for s in seats_affected(seat, affects):
        for res, n in params:
            state.players[s].resources[res] += n
    return {"gain": [list(p) for p in params], "seats": seats_affected(seat, affects)}


def lose(
    state: State, seat: int, affects: str, params: EffectParams, target: Hex | None
) -> dict[str, Any]:
    """Rules 2: Lijfwacht ("je tegenstander kan je niets afnemen") also keeps the opponent's
    Inkwartiering and his share of a both-players card (Stadsbrand) off the guarded player."""
    seats = seats_affected(seat, affects)
    if state.rules.guard_stops_losses:
        seats = [s for s in seats if s == seat or not guarded(state, s)]
    for s in seats:
        res_of = state.players[s].resources
        for res, n in params:
            res_of[res] = max(0, res_of[res] - n)
    out = {"lose": [list(p) for p in params], "seats": seats}
    if len(seats) < len(seats_affected(seat, affects)):
        out["guarded"] = True
    return out


def steal(
    state: State, seat: int, affects: str, params: EffectParams, target: Hex | None
) -> dict[str, Any]:
    """List: take resources from the opponent, as much as he has (nothing under Lijfwacht)."""
    victim = 1 - seat
    if guarded(state, victim):
        return {"steal": [], "guarded": True}
    taken = []
    for res, n in params:
        have = state.players[victim].resources[res]
        amount = min(have, n)
        state.players[victim].resources[res] = have - amount
        state.players[seat].resources[res] += amount
        taken.append([res, amount])
    return {"steal": taken}


def extra_steps(
    state: State, seat: int, affects: str, params: EffectParams, target: Hex | None
) -> dict[str, Any]:
    """Steps for the player's next walking roll (moved to effects["extra_steps"] at turn end)."""
    effects = state.players[seat].effects
    effects["extra_steps_next"] = effects.get("extra_steps_next", 0) + params[0]
    return {"extra_steps": params[0]}


def remove_toll(
    state: State, seat: int, affects: str, params: EffectParams, target: Hex | None
) -> dict[str, Any]:
    """'Een tolpoort van het bord': the one exception to toll tiles lasting all game."""
    tile = state.board.get(target) if target is not None else None
    if target is None or tile is None or not tile.toll:
        return {"remove_toll": None}
    state.own_board()[target] = replace(tile, toll=False)
    return {"remove_toll": [target[0], target[1]]}


def collect_toll(
    state: State, seat: int, affects: str, params: EffectParams, target: Hex | None
) -> dict[str, Any]:
    """Tolbrief (rules 2): +1 geld per toll gate on the board, at most params[0]."""
    n = min(params[0], len(toll_hexes(state)))
    state.players[seat].resources["geld"] += n
    return {"gain": [["geld", n]], "seats": [seat]}


def laster(
    state: State, seat: int, affects: str, params: EffectParams, target: Hex | None
) -> dict[str, Any]:
    """Lastercampagne: hand limit -1 for the victim's next `n` turns (ticks at his turn end)."""
    for s in seats_affected(seat, affects):
        state.players[s].effects["laster"] = params[0]
    return {"laster": params[0]}


def refill(
    state: State, seat: int, affects: str, params: EffectParams, target: Hex | None
) -> dict[str, Any]:
    """+n supply at every house where one of the player's pawns stands, never above 8."""
    houses = []
    for h in sorted(set(state.players[seat].pawns.values())):
        house = state.house_at(h)
        if house is not None:
            house = state.own_house(house.key)
            house.supply = min(HOUSE_SUPPLY, house.supply + params[0])
            houses.append(house.key)
    return {"refill": houses}


def passive(
    state: State, seat: int, affects: str, params: EffectParams, target: Hex | None
) -> dict[str, Any]:
    """A permanent card that works by being active (Hofmaarschalk, Lijfwacht)."""
    return {}


def income(
    state: State, seat: int, affects: str, params: EffectParams, target: Hex | None
) -> dict[str, Any]:
    """A permanent card paying at the end of each of its owner's turns (see pay_income)."""
    return {}


# (state, seat, affects, params, target) -> a JSON-ready report
Effect = Callable[[State, int, str, EffectParams, Hex | None], dict[str, Any]]

EFFECTS: dict[str, Effect] = {
    "gain": gain,
    "lose": lose,
    "steal": steal,
    "extra_steps": extra_steps,
    "remove_toll": remove_toll,
    "collect_toll": collect_toll,
    "laster": laster,
    "refill": refill,
    "passive": passive,
    "income": income,
}


def run(
    state: State,
    name: str,
    params: EffectParams,
    *,
    seat: int,
    affects: str = "self",
    target: Hex | None = None,
) -> dict[str, Any]:
    """Apply the named effect for `seat`; returns a small JSON-ready report."""
    return EFFECTS[name](state, seat, affects, params, target)


def pay_income(state: State, seat: int) -> None:
    """Permanent income cards of `seat` pay out (called at the end of that player's turn)."""
    p = state.players[seat]
    for cid in p.active:
        card = CARDS[state.cards[cid]]
        if cid in p.hand and card.effect == "income":
            for res, n in card.params:
                p.resources[res] += n
