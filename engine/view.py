"""What a seat (or a spectator) may see of a state, as JSON-ready dicts.

`full_state` is everything (for the admin and debugging, never for a player). `view` keeps
of it only what `PUBLIC` names (a whitelist) and cuts the opponent's hand down to its active
cards (its size stays): never the order of the card deck, the task deck and the future
events, nor the dice source; the seed only after the end. Permanent cards a player has
activated are public: they act on the table.
"""

from __future__ import annotations

import operator
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

from .actions import supply_costs
from .content.court_actions import COURT_ACTIONS
from .court import foundation_values, next_foundation_cost
from .errors import InvalidMove
from .hexes import Hex
from .modifiers import BEND_COSTS, bend_cost, clear_cost, hand_limit, threshold
from .roll import dice_pool, next_die_price
from .scoring import player_score
from .state import State, Tile
from .tasks import progress as task_progress
from .turns import first_seat


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
    return _full_state(state, _board(state.board))


def _board(board: dict[Hex, Tile]) -> list[dict[str, Any]]:
    return [
        {
            "hex": _hex(h),
            "kind": tile.kind,
            "openings": tile.openings,
            "shape": tile.shape,
            "toll": tile.toll,
            "house": tile.house,
            "cleared": tile.cleared,
        }
        for h, tile in sorted(board.items())
    ]


def _full_state(state: State, board: list[dict[str, Any]]) -> dict[str, Any]:
    t = state.turn
    return {
        "seed": state.seed,
        "seq": state.seq,
        "round": state.round,
        "phase": state.phase,
        "current": state.current,
        "start_seat": state.start_seat,
        # who opens this round (rules 2 alternate it): the round-change card names them
        "first_seat": first_seat(state),
        # ... and also played the last turn of the round before (two turns in a row)
        "first_seat_twice": state.rules.alternate_first_seat and state.round > 1,
        "board": board,
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


# What a seat may see, as a whitelist over `full_state`: a key not named here is hidden, so
# a new field stays secret until someone decides who may see it. ALL: the value as it is;
# a dict: those keys of a dict value; a one-item list: that spec for every item of a list.
# Never here: the card deck, task deck and event deck (their order), the dice source
# (rng_counters, scripted_dice); the seed only once the game is over (see `view`).
ALL = True
_CARD = {"id": ALL, "card": ALL}
PUBLIC: dict[str, Any] = {
    "seq": ALL,
    "round": ALL,
    "phase": ALL,
    "current": ALL,
    "start_seat": ALL,
    "first_seat": ALL,
    "first_seat_twice": ALL,
    "board": [{k: ALL for k in ("hex", "kind", "openings", "shape", "toll", "house", "cleared")}],
    "tokens": [{"hex": ALL, "kind": ALL}],
    "houses": {
        "*": {k: ALL for k in ("hex", "court_action", "supply", "posts", "acted_this_round")}
    },
    "players": [
        {
            "seat": ALL,
            "resources": ALL,
            "aanzien": ALL,
            "aanzien_sources": ALL,
            "pawns": ALL,
            "hand": [_CARD],  # the opponent's is cut down to its active cards in `view`
            "hand_size": ALL,
            "active": ALL,
            "tasks": ALL,
            "done_tasks": ALL,
            "offices": ALL,
            "foundations": ALL,
            "foundation_values": ALL,
            "next_foundation_cost": ALL,
            "task_progress": ALL,
            "clears": ALL,
            "acted_houses": ALL,
            "high_houses": ALL,
            "high_rounds": ALL,
            "paid_rotations": ALL,
            "rotated_tiles": ALL,
            "effects": ALL,
            "score_now": ALL,
        }
    ],
    "turn": {
        k: ALL
        for k in (
            "taken",
            "walk_dice",
            "steps",
            "bought_steps",
            "rotated",
            "met",
            "rested",
            "walked",
            "choices",
            "bought_dice",
            "dice",
            "bends",
            "locked",
            "activated",
            "pips",
            "settled",
            "report",
        )  # fmt: skip
    },
    "market": [_CARD],
    "deck_size": ALL,
    "discards": [_CARD],
    "conveyor": ALL,
    "task_deck_size": ALL,
    "event": ALL,
    "event_closed": ALL,
    "events_left": ALL,
    "offices": ALL,
    "result": ALL,
}


Picker = Callable[[Any], Any]


def _picker(spec: Any) -> Picker | None:
    """The function that cuts a value down to `spec` (see PUBLIC), or None for ALL (the value
    as it is). Built once: a view walks a few hundred dicts (the board's tiles), and a call
    per leaf cost more than the rest of the view. It is given full_state's fresh dicts, so a
    dict that already is its cut (the spec's keys, in the spec's order, every one ALL: a
    card, a tile, a house) is returned as it is, not copied."""
    if spec is ALL:
        return None
    if isinstance(spec, list):
        item = _picker(spec[0])
        if item is None:
            return lambda v: None if v is None else list(v)
        return lambda v: None if v is None else [item(x) for x in v]
    if "*" in spec:
        each = _picker(spec["*"])
        if each is None:
            return lambda v: None if v is None else dict(v)
        return lambda v: None if v is None else {k: each(x) for k, x in v.items()}
    keys = tuple((k, _picker(sub)) for k, sub in spec.items())
    if all(f is None for _k, f in keys):
        names = tuple(k for k, _f in keys)

        def pick_all(v: Any) -> Any:
            if v is None:
                return None
            if tuple(v) == names:
                return v
            return {k: v[k] for k in names if k in v}

        return pick_all

    def pick(v: Any) -> Any:
        if v is None:
            return None
        return {k: v[k] if f is None else f(v[k]) for k, f in keys if k in v}

    return pick


def _public_picker(spec: Any) -> Picker:
    pick = _picker(spec)
    assert pick is not None  # a dict of keys or a list, not ALL
    return pick


_pick_public = _public_picker(PUBLIC)
_pick_board = _public_picker(PUBLIC["board"])

# The public board of the last boards shown, by the board dict: a move seldom changes the
# board (a clone shares it until one does, State.own_board), and the board's ~110 tiles were
# two thirds of a view's cost. An entry holds the dict (so its id is not reused) and its
# hexes and tile objects as they were: it is used only while they are the same.
BOARDS_KEPT = 64
_boards: OrderedDict[int, tuple[dict[Hex, Tile], tuple[Hex, ...], tuple[Tile, ...], list[Any]]]
_boards = OrderedDict()
_boards_lock = threading.Lock()


def _public_board(board: dict[Hex, Tile]) -> list[dict[str, Any]]:
    """PUBLIC's cut of full_state's board, shared by every view of the same board: read it,
    never change it."""
    hexes, tiles = tuple(board), tuple(board.values())
    with _boards_lock:
        kept = _boards.get(id(board))
        if (
            kept is not None
            and kept[0] is board
            and kept[1] == hexes
            and all(map(operator.is_, kept[2], tiles))
        ):
            _boards.move_to_end(id(board))
            return kept[3]
    public: list[dict[str, Any]] = _pick_board(_board(board))
    with _boards_lock:
        _boards[id(board)] = (board, hexes, tiles, public)
        _boards.move_to_end(id(board))
        while len(_boards) > BOARDS_KEPT:
            _boards.popitem(last=False)
    return public


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The state as `seat` may see it; seat None is a spectator (both hands hidden)."""
    return Views(state)[seat]


def views(state: State, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
    """`view(state, seat)` for each of `seats`, sharing the work they have in common (see
    `Views`)."""
    found = Views(state)
    return {seat: found[seat] for seat in seats}


class Views:
    """`view(state, seat)` by seat, each built when first asked for: a push builds only the
    views of the audiences that watch. What the views have in common is built once, with
    the first: the whitelist cut and the numbers. Each view then has its own top dict and
    players list, with the hands as that seat may see them. The rest is shared between the
    views of one state: read them, never change them (a caller that edits a view takes a
    fresh one). Safe between threads: two that ask at once may both build, one is kept."""

    __slots__ = ("_common", "_seen", "state")

    def __init__(self, state: State):
        self.state = state
        self._common: dict[str, Any] | None = None
        self._seen: dict[int | None, dict[str, Any]] = {}

    def __getitem__(self, seat: int | None) -> dict[str, Any]:
        found = self._seen.get(seat)
        if found is not None:
            return found
        if seat is not None and (isinstance(seat, bool) or seat not in (0, 1)):
            raise InvalidMove("bad_seat")
        common = self._common
        if common is None:
            common = self._common = _common_view(self.state)
        data = dict(common)
        data["players"] = [_seen_by(p, seat) for p in common["players"]]
        data["viewer"] = seat
        return self._seen.setdefault(seat, data)


def _common_view(state: State) -> dict[str, Any]:
    """The public state with its numbers: what every seat's view shares."""
    full = _full_state(state, [])
    common: dict[str, Any] = _pick_public(full)
    common["board"] = _public_board(state.board)
    if state.over:
        common["seed"] = full["seed"]  # revealed at the end, to check every die
    _add_numbers(state, common)  # public state only: the same for every seat
    return common


def _seen_by(player: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A player's part of the view of `seat`: another player's hand only as far as active."""
    if player["seat"] == seat:
        return player
    active = set(player["active"])
    return dict(player, hand=[c for c in player["hand"] if c["id"] in active])


def _add_numbers(state: State, data: dict[str, Any]) -> None:
    """What a seat needs to decide, worked out by the rules so that no client repeats them:
    each house's threshold this round; per player the dice pool, bend and clearing costs,
    hand limit and the supply each action would use at each house; the current player's
    dice for this roll and the next bought die's price. All of it follows from public
    state (reputation, offices, the event, pawns). Not in full_state: a stored snapshot
    holds state, not rules."""
    for key, house in data["houses"].items():
        base = COURT_ACTIONS[state.houses[key].court_action].threshold
        house["threshold"] = threshold(state, base)
    for p in data["players"]:
        seat = p["seat"]
        p["dice_pool"] = dice_pool(state.players[seat].resources["reputatie"])
        p["bend_costs"] = {k: bend_cost(state, k, seat) for k in BEND_COSTS}
        p["clear_cost"] = clear_cost(state, seat)
        p["hand_limit"] = hand_limit(state, seat)
        p["supply_costs"] = {k: supply_costs(state, h, seat) for k, h in state.houses.items()}
    t = state.turn
    me = data["players"][state.current]
    data["turn"]["dice_count"] = len(t.dice) or me["dice_pool"] + t.bought_dice
    data["turn"]["next_die_price"] = None if state.over else next_die_price(state)
