"""Phase 3 (VII): house actions.

For every pawn on a house the player chooses the house's resource action, its court action,
or nothing. A choice is final once made and costs nothing now: the supply is used and the
yield paid when the roll is settled (`engine.roll.settle`). The numbers here are read by the
roll module too: `supply_cost` and `resource_yield`.
"""

from __future__ import annotations

from . import court, effects, modifiers, rng
from .content.court_actions import COURT_ACTIONS
from .content.houses import HOUSES
from .errors import IllegalMove
from .hexes import Hex
from .moves import Move, Target, shared
from .state import PAWN_ROLES, PAWNS, House, State

RESOURCE_COST = 1  # supply used by a resource action (VII)
COURT_COST = 2  # supply used by a court action
OPPONENT_SURCHARGE = 1  # extra supply when an opponent pawn stands on the hex
# Roles (VII): +1 in the strong resource, -1 in the weak one, only for resource yields.
ROLE_SHIFT = 1
ROLE_MODIFIERS = {
    "koopman": {"geld": ROLE_SHIFT, "reputatie": -ROLE_SHIFT},
    "klerk": {"reputatie": ROLE_SHIFT, "relaties": -ROLE_SHIFT},
    "kapelaan": {"relaties": ROLE_SHIFT, "geld": -ROLE_SHIFT},
}


def setup(state: State) -> None:
    """Deal one court action to each house from the seed; it stays there all game."""
    keys = rng.shuffle(state.seed, state.rng_counters, "court-actions", list(COURT_ACTIONS))
    for house_key, key in zip(state.houses, keys, strict=False):
        state.own_house(house_key).court_action = key


# --- the numbers ---------------------------------------------------------------------------


def opponent_on_hex(state: State, house: House, seat: int | None = None) -> bool:
    seat = state.current if seat is None else seat
    return house.hex in state.players[1 - seat].pawns.values()


def supply_cost(state: State, house: House, action: str, seat: int | None = None) -> int:
    """Supply an action uses: resource 1, court 2, +1 on a hex where an opponent pawn stands
    (the opponent of `seat`, default the current player)."""
    base = RESOURCE_COST if action == "resource" else COURT_COST
    return base + (OPPONENT_SURCHARGE if opponent_on_hex(state, house, seat) else 0)


def supply_costs(state: State, house: House, seat: int) -> dict[str, int]:
    """Both actions' supply at `house` for `seat` (the view shows them before the choice)."""
    extra = OPPONENT_SURCHARGE if opponent_on_hex(state, house, seat) else 0
    return {"resource": RESOURCE_COST + extra, "court": COURT_COST + extra}


def role_modifier(pawn: int, resource: str) -> int:
    return ROLE_MODIFIERS[PAWN_ROLES[pawn]].get(resource, 0)


def own_yield(house_key: str, pawn: int, total: int) -> int:
    """One pawn alone at the house: max(1, floor(sum/rate) + role) (VII)."""
    info = HOUSES[house_key]
    return max(1, total // info.rate + role_modifier(pawn, info.resource))


def resource_yield(house_key: str, pawn: int, total: int, crowd: int) -> int:
    """Rules 1: one pawn's yield shared by the `crowd` own pawns doing the resource action
    at that house, each raised to 1 again: max(1, floor(y/k))."""
    return max(1, own_yield(house_key, pawn, total) // crowd)


def crowd_shares(house_key: str, pawns: list[int], total: int, crowd: int) -> dict[int, int]:
    """Rules 2 (IX, "dan wordt de opbrengst door dat aantal gedeeld"): each resource pawn
    gets floor(own yield / k), k = own pawns acting at the place (court action included).
    The floor of 1 (VII) holds for the place, not per pawn: if the shares add up to 0 the
    first pawn gets 1. So a crowd never pays more than its best pawn would alone."""
    shares = {p: own_yield(house_key, p, total) // crowd for p in pawns}
    if pawns and not any(shares.values()):
        shares[pawns[0]] = 1
    return shares


def house_of(state: State, pawn: int) -> House | None:
    return state.house_at(state.me.pawns[pawn])


def chosen_at(state: State, house: House) -> list[tuple[int, str]]:
    """(pawn, action) of the current player's actions already chosen at `house` this turn."""
    return [
        (p, a)
        for p, a in state.turn.choices.items()
        if a is not None and state.me.pawns[p] == house.hex
    ]


def supply_committed(state: State, house: House) -> int:
    return sum(supply_cost(state, house, a) for _, a in chosen_at(state, house))


def needs_target(action: str, house: House) -> bool:
    return action == "court" and COURT_ACTIONS[house.court_action].target == "toll"


# --- validation ----------------------------------------------------------------------------


def check_choice(state: State, pawn: int, action: str | None, target: Target) -> House:
    """Raise IllegalMove (one code per reason) unless the choice is allowed."""
    house = house_of(state, pawn)
    if house is None:
        raise IllegalMove("not_at_house")
    if pawn in state.turn.choices:
        raise IllegalMove("already_chosen")
    if action is None:
        if target is not None:
            raise IllegalMove("nothing_no_target")
        return house
    if modifiers.house_closed(state, house.key):
        raise IllegalMove("house_closed")
    if house.supply <= 0:
        raise IllegalMove("house_empty")
    if supply_committed(state, house) + supply_cost(state, house, action) > house.supply:
        raise IllegalMove("supply_short")
    if action == "court":
        if state.current not in house.posts:
            raise IllegalMove("needs_post")
        if any(a == "court" for _, a in chosen_at(state, house)):
            raise IllegalMove("court_once")
    if needs_target(action, house):
        tolls = effects.toll_hexes(state)
        if target is None and tolls:
            raise IllegalMove("choose_toll")
        if target is not None and target not in tolls:
            raise IllegalMove("no_toll_there")
    elif target is not None:
        raise IllegalMove("no_target_needed")
    return house


# --- moves ---------------------------------------------------------------------------------


def choose(state: State, move: Move) -> None:
    assert move.pawn is not None  # a choose move names its pawn (moves.MOVE_FIELDS)
    house = check_choice(state, move.pawn, move.action, move.target)
    state.turn.choices[move.pawn] = move.action
    if move.target is not None:
        assert not isinstance(move.target, str)  # check_choice allows only a toll hex
        state.turn.choice_targets[move.pawn] = move.target
    if move.action is not None:
        state.own_house(house.key).acted_this_round = True  # not neglected (refill, XII)


def end_actions(state: State, move: Move) -> None:
    """Leave phase 3; pawns without a choice do nothing this turn."""
    state.phase = "roll"


def open_pawns(state: State) -> list[int]:
    """Own pawns on a house that have no choice yet, in pawn order."""
    return [p for p in PAWNS if p not in state.turn.choices and house_of(state, p) is not None]


def legal(state: State) -> list[Move]:
    out: list[Move] = []
    for pawn in open_pawns(state):
        out.append(shared("choose", pawn=pawn, action=None))
        for action in ("resource", "court"):
            house = house_of(state, pawn)
            assert house is not None  # open_pawns stand at a house
            tolls = effects.toll_hexes(state) if needs_target(action, house) else []
            targets: list[Hex] | list[None] = tolls or [None]
            for target in targets:
                try:
                    check_choice(state, pawn, action, target)
                except IllegalMove:
                    continue
                out.append(shared("choose", pawn=pawn, action=action, target=target))
    out.append(_END_ACTIONS)
    return out


_END_ACTIONS = shared("end_actions")


def auto_end(state: State) -> bool:
    """Phase 3 ends by itself when every pawn on a house has its choice and nothing at
    court can be bought."""
    return not open_pawns(state) and not court.legal(state)
