"""What happened in a game, entry by entry, as facts a client can put into words.

The log holds moves, never their outcomes (dice, drawn cards). This module replays the log
and reads each outcome from the states before and after the move: the dice rolled, the card
taken, what settling yielded, how each player's resources and aanzien moved. Each step is one
player's move with the automatic entries the engine added after it; the client names the
facts with the content's names (no rule is worked out in the client).

Hidden information: a card taken from the market goes into a hidden hand, so for anyone
but its taker it stays "a card" (`card: null`) until it is played or discarded, or the game
is over. Every other fact is public once the move is applied (the board, the dice, the
market, tasks, offices and foundations are open).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine
from engine.hexes import Hex
from engine.moves import SYSTEM_MOVES

TRACKED = ("geld", "relaties", "reputatie", "gunst")


def _hex(h: Hex | None) -> list[int] | None:
    return None if h is None else [h[0], h[1]]


def _changes(before: engine.State, after: engine.State) -> dict[str, dict[str, int]]:
    """How each seat's resources and aanzien moved in this step (only what changed)."""
    out: dict[str, dict[str, int]] = {}
    for b, a in zip(before.players, after.players, strict=True):
        diff = {r: a.resources[r] - b.resources[r] for r in TRACKED}
        diff["aanzien"] = a.aanzien - b.aanzien
        diff = {k: v for k, v in diff.items() if v}
        if diff:
            out[str(b.seat)] = diff
    return out


def _dice_drawn(before: engine.State, after: engine.State, move: dict) -> dict | None:
    """The dice this move rolled, in the order the seed drew them (for the dice check)."""
    mtype = move["type"]
    if mtype == "roll_walk":
        return {"purpose": "walk", "values": list(after.turn.walk_dice)}
    if mtype == "roll":
        return {"purpose": "court", "values": list(after.turn.dice)}
    if mtype == "bend" and move["kind"] in ("reroll", "add"):
        dice = list(before.turn.dice)
        where = dice.index(min(dice)) if move["kind"] == "reroll" else len(dice)
        return {"purpose": "court", "values": [after.turn.dice[where]]}
    return None


def _report(report: dict) -> dict:
    """What settling yielded; the played cards by key (their instance ids say nothing)."""
    out = dict(report)
    out["cards"] = [{k: v for k, v in c.items() if k != "card"} for c in out.get("cards", [])]
    return out


def _fact(
    entry: dict[str, Any],
    before: engine.State,
    after: engine.State,
    actor: int,
    card_visible: Callable[[str, int], bool],
) -> dict[str, Any]:
    """The facts of one log entry. `before` is the state before the step's player move and
    `after` the state after the whole step (the move and its automatic entries)."""
    mtype = entry["type"]
    fact: dict[str, Any] = {"type": mtype, "auto": bool(entry.get("auto"))}
    if mtype == "take_card":
        cid = before.market[entry["slot"]]
        fact["slot"] = entry["slot"]
        fact["card"] = before.cards[cid] if card_visible(cid, actor) else None
    elif mtype == "take_task":
        fact["slot"] = entry["slot"]
        fact["task"] = before.conveyor[entry["slot"]]
        fact["cost"] = entry["slot"]
    elif mtype == "roll_walk":
        fact["dice"] = list(after.turn.walk_dice)
    elif mtype == "buy_step":
        fact["steps"] = after.turn.steps
    elif mtype == "walk":
        plan = entry["plan"]
        fact["pawn"] = entry["pawn"]
        fact["from"] = _hex(before.players[actor].pawns[entry["pawn"]])
        fact["path"] = [s.get("enter") or s.get("cross") for s in plan if "rotate" not in s]
        fact["to"] = fact["path"][-1] if fact["path"] else fact["from"]
        fact["rotations"] = sum(1 for s in plan if "rotate" in s)
        fact["steps"] = before.turn.steps - after.turn.steps
        fact["tokens"] = [
            {"hex": _hex(h), "kind": k}
            for h, k in sorted(before.tokens.items())
            if h not in after.tokens
        ]
    elif mtype == "clear":
        fact["pawn"] = entry["pawn"]
        fact["hex"] = entry["hex"]
    elif mtype == "choose":
        hx = before.players[actor].pawns[entry["pawn"]]
        house = before.house_at(hx)
        fact["pawn"] = entry["pawn"]
        fact["action"] = entry["action"]
        fact["house"] = house.key if house else None
        fact["hex"] = _hex(hx)
        if entry["action"] == "court" and house is not None:
            fact["court_action"] = house.court_action
        if entry.get("target") is not None:
            fact["target"] = entry["target"]
    elif mtype == "buy_office":
        fact["office"] = entry["office"]
    elif mtype == "buy_foundation":
        fact["foundation"] = entry["foundation"]
    elif mtype in ("roll", "lock"):
        fact["dice"] = list(after.turn.dice if mtype == "roll" else before.turn.dice)
    elif mtype == "bend":
        fact["kind"] = entry["kind"]
        fact["before"] = list(before.turn.dice)
        fact["dice"] = list(after.turn.dice)
    elif mtype == "activate":
        fact["card"] = before.cards[entry["card"]]
        if entry.get("target") is not None:
            fact["target"] = entry["target"]
        cards = after.turn.report.get("cards") or []
        mine = [c for c in cards if c.get("card") == entry["card"]]
        if mine:
            fact["effect"] = mine[-1].get("effect")
            fact["pips"] = mine[-1].get("pips")
    elif mtype == "settle":
        fact["report"] = _report(after.turn.report)
    elif mtype == "discard":
        fact["card"] = before.cards[entry["card"]]
    elif mtype == "end_turn":
        me_b, me_a = before.players[actor], after.players[actor]
        fact["tasks_done"] = [k for k in me_a.done_tasks if k not in me_b.done_tasks]
        if after.round != before.round:
            fact["round"] = after.round
            fact["event"] = after.event
            fact["event_closed"] = after.event_closed
        if not after.over:
            fact["next"] = after.current
    elif mtype in SYSTEM_MOVES:
        fact["seat"] = entry["seat"]
    if after.over and mtype in ("end_turn", *SYSTEM_MOVES):
        fact["result"] = after.result
    return fact


def timeline(
    seed: str, log: list[dict], *, viewer: int | None, reveal: bool
) -> list[dict[str, Any]]:
    """The game as steps of facts, as `viewer` (a seat, or None for a spectator) may see it.

    `reveal` (a finished game): nothing is hidden any more. Raises engine.ReplayError when
    the log does not replay.
    """
    played = {e["card"] for e in log if e.get("type") in ("activate", "discard")}

    def card_visible(cid: str, taker: int) -> bool:
        return reveal or taker == viewer or cid in played

    state = engine.new_game(seed)
    steps: list[dict[str, Any]] = []
    turn = 1
    index = 0
    while index < len(log):
        entry = log[index]
        before = state
        try:
            state = engine.apply(before, engine.Move.from_json(entry))
        except (engine.InvalidMove, engine.IllegalMove) as err:
            raise engine.ReplayError(index, str(err)) from err
        produced = state.log[index:]
        if log[index : state.seq] != produced:
            raise engine.ReplayError(index, "the automatic entries do not replay")
        actor = entry["seat"] if entry["type"] in SYSTEM_MOVES else before.current
        facts = []
        for offset, e in enumerate(produced):
            fact = _fact(e, before, state, actor, card_visible)
            fact["seq"] = index + offset
            facts.append(fact)
        dice = [d for e in produced if (d := _dice_drawn(before, state, e)) is not None]
        steps.append(
            {
                "seq": index,
                "upto": state.seq,  # the state after this step
                "seat": actor,
                "round": before.round,
                "turn": turn,
                "phase": before.phase,
                "entries": facts,
                "changes": _changes(before, state),
                "dice": dice,
            }
        )
        if any(e["type"] == "end_turn" for e in produced):
            turn += 1
        index = state.seq
    return steps


def revealed_view(state: engine.State) -> dict[str, Any]:
    """The view of a finished game's state with both hands shown (the seed is public then,
    so the whole game can be worked out by anyone)."""
    data = engine.view(state, None)
    for seat in (0, 1):
        data["players"][seat]["hand"] = engine.view(state, seat)["players"][seat]["hand"]
    data["viewer"] = None
    data["revealed"] = True
    return data
