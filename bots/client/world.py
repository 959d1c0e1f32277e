"""A seat's view of a game (the `state` of the game document) as an engine State, so the
engine's players can choose a move: what the view shows is copied, what it hides (the deck's
order, the opponent's hidden cards, the task and event decks, the seed) is filled with the
cards, tasks and events nobody has seen, in a fixed order. The search player shuffles those
again in each world it imagines (engine.bots.search.determinize), as it does on the server,
where it never reads them either."""

from __future__ import annotations

from typing import Any

from engine import rulesets
from engine.content.cards import CARDS
from engine.content.events import EVENTS
from engine.content.tasks import TASKS
from engine.hexes import Hex
from engine.state import House, Player, State, Tile, Turn

# The card ids are dealt by the content's order, c1 … cN (engine.market.setup): public.
CARD_KEYS: dict[str, str] = {}
for _key, _card in CARDS.items():
    for _ in range(_card.copies):
        CARD_KEYS[f"c{len(CARD_KEYS) + 1}"] = _key

UNKNOWN_SEED = "bot-client:unknown"  # future dice and draws are unknown to the client


def _hex(value: list[int]) -> Hex:
    return (value[0], value[1])


def _ids(cards: list[dict[str, Any] | None]) -> list[str]:
    return [c["id"] for c in cards if c is not None]


def _player(data: dict[str, Any], hand: list[str]) -> Player:
    return Player(
        seat=data["seat"],
        resources=dict(data["resources"]),
        aanzien=data["aanzien"],
        pawns={int(n): _hex(h) for n, h in data["pawns"].items()},
        hand=hand,
        active=list(data["active"]),
        tasks=list(data["tasks"]),
        done_tasks=list(data["done_tasks"]),
        offices=list(data["offices"]),
        foundations=list(data["foundations"]),
        clears=data["clears"],
        acted_houses=list(data["acted_houses"]),
        high_houses=list(data["high_houses"]),
        high_rounds=list(data["high_rounds"]),
        paid_rotations=[_hex(h) for h in data["paid_rotations"]],
        rotated_tiles=[_hex(h) for h in data["rotated_tiles"]],
        effects=dict(data["effects"]),
        aanzien_sources=dict(data["aanzien_sources"]),
    )


def _turn(data: dict[str, Any]) -> Turn:
    return Turn(
        taken=data["taken"],
        walk_dice=tuple(data["walk_dice"]),
        steps=data["steps"],
        bought_steps=data["bought_steps"],
        rotated=[_hex(h) for h in data["rotated"]],
        met=list(data["met"]),
        rested=list(data["rested"]),
        walked=list(data["walked"]),
        choices={int(p): c for p, c in data["choices"].items()},
        bought_dice=data["bought_dice"],
        dice=tuple(data["dice"]),
        bends=data["bends"],
        locked=data["locked"],
        activated=list(data["activated"]),
        pips=data["pips"],
        settled=data["settled"],
        report=dict(data["report"]),
    )


def state_from_view(view: dict[str, Any], rules_version: str) -> State:
    """An engine State consistent with `view` (a seat's view: `viewer` is that seat)."""
    seat = view["viewer"]
    if seat not in (0, 1):
        raise ValueError("a seat's view is needed (a spectator cannot move)")
    seen: set[str] = set(_ids(view["market"])) | set(_ids(view["discards"]))
    hands: dict[int, list[str]] = {}
    for p in view["players"]:
        hands[p["seat"]] = _ids(p["hand"])
        seen.update(hands[p["seat"]])
    unseen = [cid for cid in CARD_KEYS if cid not in seen]
    other = 1 - seat
    hidden = max(0, view["players"][other]["hand_size"] - len(hands[other]))
    hands[other] = hands[other] + unseen[:hidden]
    deck = unseen[hidden : hidden + view["deck_size"]]
    held = set(view["conveyor"])
    for p in view["players"]:
        held.update(p["tasks"], p["done_tasks"])
    tasks = [key for key in TASKS if key not in held][: view["task_deck_size"]]
    events = [key for key in EVENTS if key != view["event"]][: view["events_left"]]
    return State(
        seed=UNKNOWN_SEED,
        board={
            _hex(t["hex"]): Tile(
                t["kind"], t["openings"], t["shape"], t["toll"], t["house"], t["cleared"]
            )
            for t in view["board"]
        },
        houses={
            key: House(
                key=key,
                hex=_hex(h["hex"]),
                court_action=h["court_action"],
                supply=h["supply"],
                posts=list(h["posts"]),
                acted_this_round=h["acted_this_round"],
            )
            for key, h in view["houses"].items()
        },
        players=[_player(p, hands[p["seat"]]) for p in view["players"]],
        start_seat=view["start_seat"],
        current=view["current"],
        round=view["round"],
        phase=view["phase"],
        turn=_turn(view["turn"]),
        tokens={_hex(t["hex"]): t["kind"] for t in view["tokens"]},
        cards=dict(CARD_KEYS),
        deck=deck,
        market=[None if c is None else c["id"] for c in view["market"]],
        discards=_ids(view["discards"]),
        task_deck=tasks,
        conveyor=list(view["conveyor"]),
        event=view["event"],
        event_closed=view["event_closed"],
        event_deck=events,
        offices=dict(view["offices"]),
        log=[{}] * view["seq"],  # only its length counts: the seq
        result=view["result"],
        rules=rulesets.get(rules_version),
    )
