"""Phase 4 (VIII-XI): the court roll, bending with favor, cards, settling, the hand limit.

Order within the phase: buy dice -> roll -> bend (at most 3) -> lock -> activate open
cards -> settle -> discard down to the hand limit -> end_turn ("volgende speler").
"""

from __future__ import annotations

from typing import Any

from . import effects, modifiers
from .actions import crowd_shares, resource_yield, supply_cost
from .content.cards import CARDS, TOLBRIEF_RULES_1, Card, condition_met
from .content.court_actions import COURT_ACTIONS
from .content.houses import HOUSES
from .dice import roll_dice, roll_die
from .errors import IllegalMove, Refusal
from .hexes import Hex
from .moves import Move, Target, shared
from .state import House, State

MAX_DICE = 6
MAX_BOUGHT = 3
MAX_BENDS = 3
RAISE_STEP = 1  # pips the raise bend adds to the lowest die
DIE_PRICES = (2, 4, 6)  # geld for the first, second, third bought die
# Reputation needed for the 3rd, 4th, 5th, 6th die (IX); two dice from the start.
POOL_STEPS = ((18, 6), (12, 5), (7, 4), (3, 3))
BASE_POOL = 2
COMPENSATION_CAP = 3
COMPENSATION_FACTOR = 3  # a roll under this times the dice is low (IX)
MISS_GAIN = 1  # gunst for a missed court action (IX)
POST_BONUS = 2  # aanzien for the first trading post of anyone at a house (XII)

BUY_DIE_AFTER_ROLL = Refusal("buy_die_after_roll")
BUY_DIE_MAX = Refusal("buy_die_max", max=MAX_BOUGHT)
DICE_MAX = Refusal("dice_max", max=MAX_DICE)


def dice_pool(reputatie: int) -> int:
    """Dice a player rolls from reputation alone (2; 3 at 3; 4 at 7; 5 at 12; 6 at 18)."""
    for need, dice in POOL_STEPS:
        if reputatie >= need:
            return dice
    return BASE_POOL


def die_limit(state: State) -> Refusal | None:
    """Why the current player can buy no further die now, whatever their geld (the roll is
    made, three are bought, or the pool is already six); None when one can be bought."""
    t = state.turn
    if t.dice:
        return BUY_DIE_AFTER_ROLL
    if t.bought_dice >= MAX_BOUGHT:
        return BUY_DIE_MAX
    if dice_pool(state.me.resources["reputatie"]) + t.bought_dice >= MAX_DICE:
        return DICE_MAX
    return None


def next_die_price(state: State) -> int | None:
    """What the current player's next bought die costs, or None when none can be bought
    (`die_limit`)."""
    return None if die_limit(state) else DIE_PRICES[state.turn.bought_dice]


def compensation(locked_sum: int, dice: int) -> int:
    """Favor for a low roll: one per point under 3 x dice, at most 3 (IX, X)."""
    return min(COMPENSATION_CAP, max(0, COMPENSATION_FACTOR * dice - locked_sum))


def add_aanzien(state: State, seat: int, amount: int, source: str) -> None:
    if amount <= 0:
        return
    p = state.players[seat]
    p.aanzien += amount
    p.aanzien_sources[source] = p.aanzien_sources.get(source, 0) + amount


# --- buying dice and rolling -----------------------------------------------------------------


def check_buy_die(state: State) -> int:
    """The price of the next die, when the current player may buy it now."""
    limit = die_limit(state)
    if limit:
        raise limit.illegal()
    price = DIE_PRICES[state.turn.bought_dice]
    if state.me.resources["geld"] < price:
        raise IllegalMove("die_price", price=price)
    return price


def buy_die(state: State, move: Move) -> None:
    price = check_buy_die(state)
    state.me.resources["geld"] -= price
    state.turn.bought_dice += 1


def roll(state: State, move: Move) -> None:
    t = state.turn
    if t.dice:
        raise IllegalMove("already_rolled")
    n = dice_pool(state.me.resources["reputatie"]) + t.bought_dice
    t.dice = roll_dice(state, "court", n)


# --- bending (X) -----------------------------------------------------------------------------


def check_bend(state: State, kind: str) -> int:
    t = state.turn
    if not t.dice:
        raise IllegalMove("bend_before_roll")
    if t.locked:
        raise IllegalMove("bend_locked")
    if t.bends >= MAX_BENDS:
        raise IllegalMove("bend_max", max=MAX_BENDS)
    if kind == "raise" and min(t.dice) == 6:
        raise IllegalMove("raise_six")
    if kind == "add" and len(t.dice) >= MAX_DICE:
        raise IllegalMove("add_max", max=MAX_DICE)
    cost = modifiers.bend_cost(state, kind)
    if state.me.resources["gunst"] < cost:
        raise IllegalMove("bend_price", cost=cost)
    return cost


def bend(state: State, move: Move) -> None:
    assert move.kind is not None  # a bend move names its kind (moves.MOVE_FIELDS)
    cost = check_bend(state, move.kind)
    t = state.turn
    dice = list(t.dice)
    lowest = dice.index(min(dice))  # always the lowest die: the player does not pick
    if move.kind == "reroll":
        dice[lowest] = roll_die(state, "court")
    elif move.kind == "raise":
        dice[lowest] += RAISE_STEP
    else:
        dice.append(roll_die(state, "court"))
    state.me.resources["gunst"] -= cost
    t.dice = tuple(dice)
    t.bends += 1


def lock(state: State, move: Move) -> None:
    t = state.turn
    if not t.dice:
        raise IllegalMove("lock_before_roll")
    if t.locked:
        raise IllegalMove("already_locked")
    t.locked = True
    t.report = {"cards": []}


# --- cards (VIII) ----------------------------------------------------------------------------


def card_of(state: State, cid: str) -> Card:
    """The card as this game's rules have it (rules 1 keep the old Tolbrief)."""
    card = CARDS[state.cards[cid]]
    if card.key == "tolbrief" and not state.rules.tolbrief_collects_toll:
        return TOLBRIEF_RULES_1
    return card


def card_targets(state: State, cid: str) -> list[Hex] | list[None]:
    """The targets a card may be activated with; [None] when it needs none."""
    card = card_of(state, cid)
    if card.target == "toll":
        return effects.toll_hexes(state)
    return [None]


def check_activate(state: State, cid: str, target: Target) -> None:
    t = state.turn
    me = state.me
    if t.settled:
        raise IllegalMove("activate_settled")
    if not t.locked:
        raise IllegalMove("activate_unlocked")
    if cid not in me.hand:
        raise IllegalMove("card_not_in_hand")
    if cid in me.active:
        raise IllegalMove("card_active")
    card = card_of(state, cid)
    if not condition_met(card.condition, t.dice):
        raise IllegalMove("card_condition")
    targets = card_targets(state, cid)
    if card.target == "toll":
        if not targets:
            raise IllegalMove("no_toll_left")
        if target is None:
            raise IllegalMove("choose_toll")
        if target not in targets:
            raise IllegalMove("no_toll_there")
    elif target is not None:
        raise IllegalMove("card_no_target")


def activatable(state: State) -> list[str]:
    """Cards in hand that lie open now: not yet active, condition met by the locked dice."""
    t = state.turn
    if not t.locked or t.settled:
        return []
    me = state.me
    return [
        c
        for c in me.hand
        if c not in me.active
        and condition_met(CARDS[state.cards[c]].condition, t.dice)
        and card_targets(state, c)
    ]


def activate(state: State, move: Move) -> None:
    assert move.card is not None  # an activate move names its card (moves.MOVE_FIELDS)
    check_activate(state, move.card, move.target)
    target = move.target
    assert not isinstance(target, str)  # check_activate allows a toll hex or None
    t = state.turn
    me = state.me
    card = card_of(state, move.card)
    t.pips += card.cost
    t.activated.append(move.card)
    if card.permanent:
        me.active.append(move.card)  # stays in the hand, works from now on
    else:
        me.hand.remove(move.card)
        state.discards.append(move.card)
    result = effects.run(
        state,
        card.effect,
        card.params,
        seat=state.current,
        affects=card.affects,
        target=target,
    )
    t.report.setdefault("cards", []).append(
        {"card": move.card, "key": card.key, "pips": card.cost, "effect": result}
    )


# --- settling (IX) ---------------------------------------------------------------------------


def settle(state: State, move: Move) -> None:
    t = state.turn
    if t.settled:
        raise IllegalMove("already_settled")
    if not t.locked:
        raise IllegalMove("settle_unlocked")
    me = state.me
    locked_sum = sum(t.dice)
    effective = max(0, locked_sum - t.pips)
    chosen = sorted((p, a) for p, a in t.choices.items() if a is not None)
    shares = _crowding(state, chosen, effective)
    lines = []
    for pawn, action in chosen:
        house = state.house_at(me.pawns[pawn])
        assert house is not None  # a pawn with a choice stands at a house (check_choice)
        house = state.own_house(house.key)  # its supply (and posts) change below
        cost = supply_cost(state, house, action)
        line = {"pawn": pawn, "house": house.key, "action": action, "supply": cost}
        if action == "resource":
            line.update(_settle_resource(state, house, pawn, shares[pawn]))
        else:
            line.update(_settle_court(state, house, pawn, effective))
        house.supply = max(0, house.supply - cost)  # used, hit or miss
        if house.key not in me.acted_houses:
            me.acted_houses.append(house.key)
        lines.append(line)
    favor = compensation(locked_sum, len(t.dice))
    me.resources["gunst"] += favor
    t.report.update(
        {
            "dice": list(t.dice),
            "sum": locked_sum,
            "pips": t.pips,
            "effective": effective,
            "actions": lines,
            "compensation": favor,
        }
    )
    t.settled = True


def _crowding(state: State, chosen: list[tuple[int, str]], effective: int) -> dict[int, int]:
    """What each resource pawn yields, crowding (IX) applied. Rules 1 count only resource
    pawns and raise every share to 1; rules 2 count every own pawn acting at the place and
    pay the place at least 1 (`actions.crowd_shares`)."""
    me = state.me
    at: dict[str, list[tuple[int, str]]] = {}
    for pawn, action in chosen:
        house = state.house_at(me.pawns[pawn])
        assert house is not None  # a pawn with a choice stands at a house (check_choice)
        at.setdefault(house.key, []).append((pawn, action))
    out: dict[int, int] = {}
    for key, acting in at.items():
        pawns = [p for p, a in acting if a == "resource"]
        if state.rules.crowding_shares:
            out.update(crowd_shares(key, pawns, effective, len(acting)))
        else:
            out.update({p: resource_yield(key, p, effective, len(pawns)) for p in pawns})
    return out


def _settle_resource(state: State, house: House, pawn: int, amount: int) -> dict[str, Any]:
    me = state.me
    info = HOUSES[house.key]
    me.resources[info.resource] += amount
    line: dict[str, Any] = {"resource": info.resource, "amount": amount, "post": False}
    if state.current not in house.posts:  # the first resource action here places a post
        first_anyone = not house.posts
        house.posts.append(state.current)
        line["post"] = True
        if first_anyone:
            add_aanzien(state, state.current, POST_BONUS, "posts")
            line["aanzien"] = POST_BONUS
    return line


def _settle_court(state: State, house: House, pawn: int, effective: int) -> dict[str, Any]:
    me = state.me
    action = COURT_ACTIONS[house.court_action]
    threshold = modifiers.threshold(state, action.threshold)
    line: dict[str, Any] = {
        "court_action": action.key,
        "threshold": threshold,
        "hit": effective >= threshold,
    }
    if effective >= threshold:
        add_aanzien(state, state.current, action.aanzien, "court")
        line["aanzien"] = action.aanzien
        if action.effect:
            line["effect"] = effects.run(
                state,
                action.effect,
                action.params,
                seat=state.current,
                affects=action.affects,
                target=state.turn.choice_targets.get(pawn),
            )
        if house.key not in me.high_houses:
            me.high_houses.append(house.key)
        if state.round not in me.high_rounds:
            me.high_rounds.append(state.round)
    else:
        me.resources["gunst"] += MISS_GAIN  # consolation: a miss is never nothing
        line["gunst"] = MISS_GAIN
    return line


def auto_settle(state: State) -> bool:
    """Settle by itself once the roll is locked and no card can be activated."""
    t = state.turn
    return t.locked and not t.settled and not activatable(state)


# --- hand limit (XI) and the end of the turn ---------------------------------------------------


def over_hand_limit(state: State) -> bool:
    return len(state.me.hand) > modifiers.hand_limit(state, state.current)


def discard(state: State, move: Move) -> None:
    me = state.me
    if not state.turn.settled:
        raise IllegalMove("discard_unsettled")
    if move.card not in me.hand:
        raise IllegalMove("card_not_in_hand")
    if not over_hand_limit(state):
        raise IllegalMove("hand_not_full")
    me.hand.remove(move.card)
    if move.card in me.active:  # a discarded permanent card's effect ends
        me.active.remove(move.card)
    state.discards.append(move.card)


def check_hand_limit(state: State) -> None:
    limit = modifiers.hand_limit(state, state.current)
    if len(state.me.hand) > limit:
        raise IllegalMove("hand_full", limit=limit)


def on_turn_end(state: State) -> None:
    """Effects that run at the end of the current player's turn: permanent income cards,
    Lastercampagne ticking down, extra steps moving on to the next turn."""
    me = state.me
    effects.pay_income(state, state.current)
    if me.effects.get("laster", 0) > 0:
        me.effects["laster"] -= 1
        if me.effects["laster"] == 0:
            del me.effects["laster"]
    me.effects.pop("extra_steps", None)  # used on this turn's walking roll
    pending = me.effects.pop("extra_steps_next", 0)
    if pending:
        me.effects["extra_steps"] = pending


# --- legal moves -----------------------------------------------------------------------------


# The roll phase's fixed moves, built once (moves are immutable values).
_ROLL, _BUY_DIE, _LOCK, _SETTLE, _END_TURN = (
    shared(t) for t in ("roll", "buy_die", "lock", "settle", "end_turn")
)
_BENDS = tuple((kind, shared("bend", kind=kind)) for kind in ("reroll", "raise", "add"))


def legal(state: State) -> list[Move]:
    t = state.turn
    if not t.dice:
        out = [_ROLL]
        try:
            check_buy_die(state)
            out.insert(0, _BUY_DIE)
        except IllegalMove:
            pass
        return out
    if not t.locked:
        out = []
        for kind, bend_move in _BENDS:
            try:
                check_bend(state, kind)
            except IllegalMove:
                continue
            out.append(bend_move)
        out.append(_LOCK)
        return out
    if not t.settled:
        out = [
            shared("activate", card=c, target=target)
            for c in activatable(state)
            for target in card_targets(state, c)
        ]
        out.append(_SETTLE)
        return out
    if over_hand_limit(state):
        return [shared("discard", card=c) for c in state.me.hand]
    return [_END_TURN]
