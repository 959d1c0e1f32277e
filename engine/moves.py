"""Moves: small frozen values with one canonical JSON form.

`Move.from_json(m.to_json()) == m` for every valid move. `from_json` raises InvalidMove for
anything malformed (unknown type, missing or unexpected field, wrong type); whether a
well-formed move is allowed *now* is for the rules (IllegalMove).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any

from .errors import InvalidMove
from .hexes import Hex

# type -> (required fields, optional fields). The table of docs/notation.md.
MOVE_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "take_card": (frozenset({"slot"}), frozenset()),
    "take_task": (frozenset({"slot"}), frozenset()),
    "roll_walk": (frozenset(), frozenset()),
    "buy_step": (frozenset(), frozenset()),
    "walk": (frozenset({"pawn", "plan"}), frozenset()),
    "clear": (frozenset({"pawn", "hex"}), frozenset()),
    "end_walk": (frozenset(), frozenset({"auto"})),
    "choose": (frozenset({"pawn", "action"}), frozenset({"target"})),
    "buy_office": (frozenset({"office"}), frozenset()),
    "buy_foundation": (frozenset({"foundation"}), frozenset()),
    "end_actions": (frozenset(), frozenset({"auto"})),
    "buy_die": (frozenset(), frozenset()),
    "roll": (frozenset(), frozenset()),
    "bend": (frozenset({"kind"}), frozenset()),
    "lock": (frozenset(), frozenset()),
    "activate": (frozenset({"card"}), frozenset({"target"})),
    "settle": (frozenset(), frozenset({"auto"})),
    "discard": (frozenset({"card"}), frozenset()),
    "end_turn": (frozenset(), frozenset()),
    # Written by the server only, never accepted from a player.
    "resign": (frozenset({"seat"}), frozenset()),
    "timeout": (frozenset({"seat"}), frozenset()),
    # a game against the computer the person left untouched for 30 days (docs/clocks.md)
    "abandon": (frozenset({"seat"}), frozenset()),
}
# type -> its field names in the order to_json writes them (sorted), worked out once.
_JSON_ORDER = {t: tuple(sorted(req | opt)) for t, (req, opt) in MOVE_FIELDS.items()}
SYSTEM_MOVES = frozenset({"resign", "timeout", "abandon"})
AUTO_MOVES = frozenset({"end_walk", "end_actions", "settle"})
MAX_PLAN_STEPS = 64  # a longer plan is refused (the API caps requests at the same number)
CHOICES = (None, "resource", "court")
BENDS = ("reroll", "raise", "add")
ROTATIONS = ("cw", "ccw")


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a walk plan: enter an adjacent hex, rotate an adjacent tile, or cross."""

    op: str  # "enter" | "rotate" | "cross"
    hex: Hex
    dir: str | None = None  # "cw" | "ccw" for rotate

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {self.op: [self.hex[0], self.hex[1]]}
        if self.op == "rotate":
            out["dir"] = self.dir
        return out

    @classmethod
    def from_json(cls, data: Any) -> Step:
        if not isinstance(data, dict):
            raise InvalidMove("bad_step")
        if len(data) == 1:  # the usual step, {"enter": [q, r]} or {"cross": [q, r]}
            for op in data:
                if op == "enter" or op == "cross":
                    return cls(op, _hex(data[op], op))
        ops = [k for k in ("enter", "rotate", "cross") if k in data]
        if len(ops) != 1:
            raise InvalidMove("step_op")
        op = ops[0]
        allowed = {op, "dir"} if op == "rotate" else {op}
        extra = set(data) - allowed
        if extra:
            raise InvalidMove("step_field", field=_shown(extra))
        h = _hex(data[op], op)
        if op == "rotate":
            if data.get("dir") not in ROTATIONS:
                raise InvalidMove("bad_rotation")
            return cls("rotate", h, data["dir"])
        return cls(op, h)


Target = Hex | str | None


@dataclass(frozen=True, slots=True)
class Move:
    type: str
    slot: int | None = None
    pawn: int | None = None
    plan: tuple[Step, ...] | None = None
    hex: Hex | None = None
    action: str | None = None
    target: Target = None
    office: str | None = None
    foundation: str | None = None
    kind: str | None = None
    card: str | None = None
    seat: int | None = None
    auto: bool = False

    # --- JSON -----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        required = MOVE_FIELDS[self.type][0]
        for name in _JSON_ORDER[self.type]:
            value = getattr(self, name)
            if name == "auto":
                if value:
                    out["auto"] = True
            elif name == "plan":
                out["plan"] = [s.to_json() for s in value]
            elif name in ("hex", "target") and isinstance(value, tuple):
                out[name] = [value[0], value[1]]
            elif value is not None or name in required:
                out[name] = value
        return out

    @classmethod
    def from_json(cls, data: Any, *, from_player: bool = False) -> Move:
        """Parse a move. With from_player, entries only the server writes are refused."""
        if not isinstance(data, dict):
            raise InvalidMove("not_a_move")
        mtype = data.get("type")
        if not isinstance(mtype, str) or mtype not in MOVE_FIELDS:
            raise InvalidMove("unknown_move_type")
        if from_player and (mtype in SYSTEM_MOVES or data.get("auto")):
            raise InvalidMove("system_move", type=mtype)
        required, optional = MOVE_FIELDS[mtype]
        if len(data) == 1 and not required:  # {"type": ...} alone: half the entries of a log
            return _BARE[mtype]
        keys = set(data) - {"type"}
        if keys != required:  # the usual entry has its required fields and no others
            missing = required - keys
            if missing:
                raise InvalidMove("missing_field", type=mtype, field=sorted(missing)[0])
            extra = keys - required - optional
            if extra:
                raise InvalidMove("unexpected_field", type=mtype, field=_shown(extra))
        fields: dict[str, Any] = {"type": mtype}
        for name in keys:
            fields[name] = _parse_field(mtype, name, data[name])
        return cls(**fields)

    def __str__(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), sort_keys=True)


def _shown(names: set[Any]) -> str:
    """The first of some unexpected field names, fit to show back (it is the sender's input)."""
    first = sorted(names, key=str)[0]
    return first if isinstance(first, str) and len(first) <= 40 else "?"


def _int(value: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidMove("bad_number", field=what, lo=lo, hi=hi)
    return value


def _hex(value: Any, what: str) -> Hex:
    # The usual hex, a JSON list of two plain ints, is checked in one go (a log holds a hex
    # or more per walk); anything else goes the long way below.
    if type(value) is list and len(value) == 2:
        q, r = value
        if type(q) is int and type(r) is int and q in _COORDINATES and r in _COORDINATES:
            return (q, r)
    if isinstance(value, (list, tuple)) and len(value) == 2:
        q, r = value
        if _coordinate(q) and _coordinate(r):
            return (q, r)
    raise InvalidMove("bad_hex", field=what)


_COORDINATES = range(-99, 100)  # a hex coordinate a move may name


def _coordinate(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v in _COORDINATES


def _key(value: Any, what: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= 40:
        raise InvalidMove("bad_name", field=what)
    return value


def _parse_field(mtype: str, name: str, value: Any) -> Any:
    if name == "slot":
        return _int(value, "slot", 0, 3)
    if name == "pawn":
        return _int(value, "pawn", 1, 3)
    if name == "seat":
        return _int(value, "seat", 0, 1)
    if name == "hex":
        return _hex(value, "hex")
    if name == "plan":
        if not isinstance(value, list) or not 0 < len(value) <= MAX_PLAN_STEPS:
            raise InvalidMove("bad_plan", min=1, max=MAX_PLAN_STEPS)
        return tuple([Step.from_json(s) for s in value])
    if name == "action":
        if value not in CHOICES:
            raise InvalidMove("bad_action")
        return value
    if name == "kind":
        if value not in BENDS:
            raise InvalidMove("bad_bend")
        return value
    if name == "target":
        if isinstance(value, list):
            return _hex(value, "target")
        return _key(value, "target")
    if name == "auto":
        if value is not True:
            raise InvalidMove("bad_auto")
        return True
    return _key(value, name)  # office, foundation, card


# The moves of each type without fields, built once (a Move costs to build; moves are values).
_BARE = {t: Move(t) for t, (required, _) in MOVE_FIELDS.items() if not required}


@lru_cache(maxsize=8192)
def shared(mtype: str, **fields: Any) -> Move:
    """The one Move object for this type and these fields: building a Move costs, and `parse`
    checks a Move object it has seen before only once (_ACCEPTED). The legal-move lists and
    the rules' fixed moves hand out these, and a log's field-less entries parse to the same
    objects. Moves are frozen values, so sharing one is safe."""
    if not fields and mtype in _BARE:
        return _BARE[mtype]
    return Move(mtype, **fields)


# Errors a malformed Move or Step object raises while it is written as JSON.
_MALFORMED = (TypeError, AttributeError, IndexError, KeyError, ValueError)
_FIELDS = tuple(f.name for f in fields(Move) if f.name != "type")
# type -> the fields (in _FIELDS order) a move of that type must leave unset.
_NOT_TAKEN = {
    t: tuple(name for name in _FIELDS if name not in req and name not in opt)
    for t, (req, opt) in MOVE_FIELDS.items()
}


# Move objects `parse` accepted before (from_player off), by id, each with the move itself
# (so its id cannot be reused while the entry lives) and its canonical Move. A Move is
# frozen, and only a move equal to its canonical form is kept (all fields plain values, no
# list that could change later), so one accepted once is accepted again. The legal-move
# lists hand out the same Move objects over and over (walking's caches, the market's slots,
# the roll phase's moves), so a bot's move is usually checked once per process, not on
# every apply. Cleared when full.
_ACCEPTED: dict[int, tuple[Move, Move]] = {}
_ACCEPTED_MAX = 4096


def parse(move: Move | dict[str, Any], *, from_player: bool = False) -> Move:
    """The canonical Move for a JSON move or a Move built in Python, or InvalidMove.

    A Move object is checked exactly like its JSON (a Move's fields are not typed at run
    time): it is written as JSON and read back, and fields its type does not take must be
    unset."""
    if not isinstance(move, Move):
        return Move.from_json(move, from_player=from_player)
    if from_player:
        return _parse_move(move, from_player=True)
    known = _ACCEPTED.get(id(move))
    if known is not None and known[0] is move:
        return known[1]
    canonical = _parse_move(move, from_player=False)
    if canonical == move:
        if len(_ACCEPTED) >= _ACCEPTED_MAX:
            _ACCEPTED.clear()
        _ACCEPTED[id(move)] = (move, canonical)
    return canonical


def _parse_move(move: Move, *, from_player: bool) -> Move:
    if not isinstance(move.type, str) or move.type not in MOVE_FIELDS:
        raise InvalidMove("unknown_move_type")
    for name in _NOT_TAKEN[move.type]:
        value = getattr(move, name)
        if not (value is None or value is False):
            raise InvalidMove("unexpected_field", type=move.type, field=name)
    if not isinstance(move.auto, bool):
        raise InvalidMove("bad_auto")
    if move.plan is not None and (
        not isinstance(move.plan, tuple | list) or len(move.plan) > MAX_PLAN_STEPS
    ):
        raise InvalidMove("bad_plan", min=1, max=MAX_PLAN_STEPS)
    try:
        data = move.to_json()
    except _MALFORMED as err:
        raise InvalidMove("malformed_field", type=move.type) from err
    return Move.from_json(data, from_player=from_player)


def parse_plan(plan: Any) -> tuple[Step, ...]:
    """A plan for a preview (0 to MAX_PLAN_STEPS steps, Step objects or JSON), or InvalidMove."""
    if not isinstance(plan, list | tuple) or len(plan) > MAX_PLAN_STEPS:
        raise InvalidMove("bad_plan", min=0, max=MAX_PLAN_STEPS)
    steps = []
    for step in plan:
        if isinstance(step, Step):
            try:
                step = step.to_json()
            except _MALFORMED as err:
                raise InvalidMove("bad_step") from err
        steps.append(Step.from_json(step))
    return tuple(steps)
