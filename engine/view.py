"""What a seat (or a spectator) may see of a state, as JSON-ready dicts.

`full_state` is everything (for the admin and debugging, never for a player). `view` starts
from it and removes what the seat may not know: the opponent's hand (its size stays), the
order of the card deck, the task deck and the future events, the seed and the dice source
before the end. Permanent cards a player has activated are public: they act on the table.
"""

from __future__ import annotations

from typing import Any

from .court import foundation_values, next_foundation_cost
from .hexes import Hex
from .scoring import player_score
from .state import State
from .tasks import progress as task_progress


def _hex(h: Hex) -> list[int]:
    return [h[0], h[1]]


def _score_now(state: State, seat: int) -> dict[str, int]:
    s = player_score(state, seat)
    return {
        "aanzien": s["aanzien"],
        "offices": s["offices"],
        "foundations": s["foundation_total"],
        "total": s["total"],
    }


def full_state(state: State) -> dict[str, Any]:
    t = state.turn
    return {
        "seed": state.seed,
        "seq": state.seq,
        "round": state.round,
        "phase": state.phase,
        "current": state.current,
        "start_seat": state.start_seat,
        "board": [
            {
                "hex": _hex(h),
                "kind": tile.kind,
                "openings": tile.openings,
                "shape": tile.shape,
                "toll": tile.toll,
                "house": tile.house,
                "cleared": tile.cleared,
            }
            for h, tile in sorted(state.board.items())
        ],
        "tokens": [{"hex": _hex(h), "kind": k} for h, k in sorted(state.tokens.items())],
        "houses": {
            k: {
                "hex": _hex(h.hex),
                "court_action": h.court_action,
                "supply": h.supply,
                "posts": list(h.posts),
                "acted_this_round": h.acted_this_round,
            }
            for k, h in state.houses.items()
        },
        "players": [
            {
                "seat": p.seat,
                "resources": dict(p.resources),
                "aanzien": p.aanzien,
                "aanzien_sources": dict(p.aanzien_sources),
                "pawns": {str(n): _hex(h) for n, h in p.pawns.items()},
                "hand": [{"id": c, "card": state.cards[c]} for c in p.hand],
                "hand_size": len(p.hand),
                "active": list(p.active),
                "tasks": list(p.tasks),
                "done_tasks": list(p.done_tasks),
                "offices": list(p.offices),
                "foundations": list(p.foundations),
                # What each foundation would be worth now, and the next one's price (XIII).
                "foundation_values": foundation_values(state, p.seat),
                "next_foundation_cost": next_foundation_cost(state, p.seat),
                # The score as it would count if the game ended now (XIV), for the name plate.
                "score_now": _score_now(state, p.seat),
                # How far this player is on each open and held task (XIII), e.g. 2 of 3 posts.
                "task_progress": {
                    k: task_progress(state, p.seat, k) for k in [*state.conveyor, *p.tasks]
                },
                "clears": p.clears,
                "acted_houses": list(p.acted_houses),
                "high_houses": list(p.high_houses),
                "high_rounds": list(p.high_rounds),
                "paid_rotations": [_hex(h) for h in p.paid_rotations],
                "rotated_tiles": [_hex(h) for h in p.rotated_tiles],
                "effects": dict(p.effects),
            }
            for p in state.players
        ],
        "turn": {
            "taken": t.taken,
            "walk_dice": list(t.walk_dice),
            "steps": t.steps,
            "bought_steps": t.bought_steps,
            "rotated": [_hex(h) for h in t.rotated],
            "met": list(t.met),
            "rested": list(t.rested),
            "walked": list(t.walked),
            "choices": {str(p): c for p, c in t.choices.items()},
            "bought_dice": t.bought_dice,
            "dice": list(t.dice),
            "bends": t.bends,
            "locked": t.locked,
            "activated": list(t.activated),
            "pips": t.pips,
            "settled": t.settled,
            "report": t.report,
        },
        "market": [None if c is None else {"id": c, "card": state.cards[c]} for c in state.market],
        "deck": [{"id": c, "card": state.cards[c]} for c in state.deck],
        "deck_size": len(state.deck),
        "discards": [{"id": c, "card": state.cards[c]} for c in state.discards],
        "conveyor": list(state.conveyor),
        "task_deck": list(state.task_deck),
        "task_deck_size": len(state.task_deck),
        "event": state.event,
        "event_closed": state.event_closed,
        "event_deck": list(state.event_deck),
        "events_left": len(state.event_deck),
        "offices": dict(state.offices),
        "rng_counters": dict(state.rng_counters),
        "scripted_dice": None if state.scripted_dice is None else list(state.scripted_dice),
        "result": state.result,
    }


HIDDEN_ALWAYS = ("deck", "task_deck", "event_deck", "rng_counters", "scripted_dice")


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The state as `seat` may see it; seat None is a spectator (both hands hidden)."""
    data = full_state(state)
    for key in HIDDEN_ALWAYS:
        del data[key]
    if not state.over:
        del data["seed"]
    for p in data["players"]:
        if p["seat"] != seat:
            active = set(p["active"])
            p["hand"] = [c for c in p["hand"] if c["id"] in active]
    data["viewer"] = seat
    return data
