"""The JSON Schema of a player's move and of a walk step, worked out from the engine's
notation table (engine.moves.MOVE_FIELDS and the bounds its parser checks), so the OpenAPI
schema calls well-formed exactly what `Move.from_json(..., from_player=True)` and
`Step.from_json` accept. Whether a well-formed move is allowed now is for the rules (422).
"""

from __future__ import annotations

from typing import Any

from engine import moves

Schema = dict[str, Any]

_coordinates = moves._COORDINATES  # the hex coordinates a move may name
HEX: Schema = {
    "type": "array",
    "items": {"type": "integer", "minimum": _coordinates.start, "maximum": _coordinates.stop - 1},
    "minItems": 2,
    "maxItems": 2,
    "description": "a hex [q, r]",
}
NAME: Schema = {"type": "string", "minLength": 1, "maxLength": 40, "description": "a content key"}


def _object(properties: Schema, required: list[str]) -> Schema:
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


STEP: Schema = {
    "oneOf": [
        _object({"enter": HEX}, ["enter"]),
        _object({"cross": HEX}, ["cross"]),
        _object(
            {"rotate": HEX, "dir": {"type": "string", "enum": list(moves.ROTATIONS)}},
            ["rotate", "dir"],
        ),
    ],
    "description": "one step of a walk plan: enter or cross a hex, or rotate a tile",
}


def _int(lo: int, hi: int) -> Schema:
    return {"type": "integer", "minimum": lo, "maximum": hi}


# The field schemas, as engine.moves._parse_field checks them.
_FIELDS: dict[str, Schema] = {
    "slot": _int(0, 3),
    "pawn": _int(1, 3),
    "hex": HEX,
    "plan": {"type": "array", "items": STEP, "minItems": 1, "maxItems": moves.MAX_PLAN_STEPS},
    "action": {
        "type": "string",
        "enum": [c for c in moves.CHOICES if c is not None] + [None],
        "nullable": True,
    },
    "kind": {"type": "string", "enum": list(moves.BENDS)},
    "target": {"oneOf": [HEX, NAME]},
    "office": NAME,
    "foundation": NAME,
    "card": NAME,
}


def _player_move(mtype: str) -> Schema:
    required, optional = moves.MOVE_FIELDS[mtype]
    names = sorted((required | optional) - {"auto"})  # `auto` is the server's to write
    properties = {"type": {"type": "string", "enum": [mtype]}}
    properties.update({name: _FIELDS[name] for name in names})
    return _object(properties, ["type", *sorted(required)])


PLAYER_MOVE: Schema = {
    "oneOf": [
        _player_move(mtype) for mtype in moves.MOVE_FIELDS if mtype not in moves.SYSTEM_MOVES
    ],
    "description": "one move of the notation (docs/api.md), e.g. {'type': 'roll'}",
}
