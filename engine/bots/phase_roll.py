"""Phase 4, the roll: dice are bought and bent by their expected gain over the chosen
actions; a card is activated only if trying it (the roll is locked, its outcome fixed)
raises the estimate; the least useful card is discarded."""

from __future__ import annotations

from .. import modifiers, roll
from ..content.houses import HOUSES
from ..game import apply
from ..moves import Move
from .decision import Decision
from .values import (
    INF,
    MISS_VALUE,
    RESOURCE_VALUE,
    card_value,
    court_pay,
    evaluation,
    resource_value,
    sum_distribution,
)


def choose(d: Decision) -> Move:
    t = d.s.turn
    if not t.dice:
        buy = d.first("buy_die")
        if buy is not None:
            n = d.pool()
            gain = expected_roll_value(d, n + 1) - expected_roll_value(d, n)
            price = roll.next_die_price(d.s)
            assert price is not None  # buy_die is legal, so a die is for sale
            if gain > price * resource_value(d.s, "geld"):
                return buy
        return d.need("roll")
    if not t.locked:
        return bend(d) or d.need("lock")
    if not t.settled:
        return best_activation(d)
    if d.first("discard"):
        return worst_card(d)
    return d.first("end_turn") or d.moves[0]


def chosen(d: Decision) -> list[tuple[int, float, str, int]]:
    """(threshold, pay, resource, rate) of every action chosen this turn."""
    s, out = d.s, []
    for pawn, action in s.turn.choices.items():
        if action is None:
            continue
        house = s.house_at(d.me.pawns[pawn])
        assert house is not None  # a pawn with a choice stands at a house
        info = HOUSES[house.key]
        if action == "court":
            threshold, pay = court_pay(s, house.court_action)
            out.append((threshold, pay, "", 0))
        else:
            out.append((0, 0.0, info.resource, info.rate))
    return out


def roll_value(d: Decision, total: int) -> float:
    """Value of settling the chosen actions against a sum `total`."""
    v = 0.0
    for threshold, pay, res, rate in chosen(d):
        if res:
            v += max(1, total // rate) * resource_value(d.s, res)
        elif total >= threshold:
            v += pay
        else:
            v += MISS_VALUE
    return v


def expected_roll_value(d: Decision, n: int) -> float:
    return sum(p * roll_value(d, s) for s, p in enumerate(sum_distribution(n)) if p)


def bend(d: Decision) -> Move | None:
    dice = list(d.s.turn.dice)
    total, low = sum(dice), min(dice)
    now = roll_value(d, total)
    best, best_gain = None, 0.0
    for m in d.moves:
        if m.type != "bend":
            continue
        assert m.kind is not None  # a bend move names its kind
        cost = modifiers.bend_cost(d.s, m.kind) * RESOURCE_VALUE["gunst"]
        if m.kind == "raise":
            after = roll_value(d, total + roll.RAISE_STEP)
        elif m.kind == "reroll":
            after = sum(roll_value(d, total - low + f) for f in range(1, 7)) / 6
        else:
            after = sum(roll_value(d, total + f) for f in range(1, 7)) / 6
        gain = after - now - cost
        if gain > best_gain:
            best, best_gain = m, gain
    return best


def best_activation(d: Decision) -> Move:
    """Cards are tried for real: after the lock their outcome is fixed."""
    settle = d.first("settle")
    seat = d.me.seat
    base = None
    best, best_v = settle, float(-INF)
    for m in d.moves:
        try:
            after = apply(d.s, m)
            if m.type != "settle" and not after.turn.settled:
                after = apply(after, Move("settle"))
        except Exception:  # noqa: BLE001, S112 - a move the bot cannot judge is skipped
            continue
        v = evaluation(after, seat) - 0.5 * evaluation(after, 1 - seat)
        if m.type == "settle":
            base = v
        if v > best_v + 1e-9:
            best, best_v = m, v
    # base is set only when settling is legal: settle is a move then
    if base is not None and settle is not None and best is not settle and best_v <= base + 0.05:
        return settle
    return best or d.moves[0]


def worst_card(d: Decision) -> Move:
    discards = [m for m in d.moves if m.type == "discard"]
    active = set(d.me.active)

    def keep(m: Move) -> float:
        return card_value(d.s, m.card) + (2.0 if m.card in active else 0.0)

    return min(discards, key=keep)
