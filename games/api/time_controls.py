"""A time control in a request (a preset's name or an object) and the clocks' refusals in the
request's language; the schema of both; the presets and bounds `/api/content/` offers.

The refusal texts are gettext msgids in Dutch with the refusal's parameters (locale/en has
the English), as the engine's refusal catalogue words a move's.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_noop
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

import clocks
from clocks.control import CAP_MAX, HOUR, INCREMENT, SECONDS

_ = gettext_noop

REFUSALS = {
    "time_control_shape": _("Dit is geen geldige tijdsinstelling."),
    "time_control_kind": _("Kies als soort live, correspondence of per_turn."),
    "time_control_on_timeout": _("Kies bij een time-out claim of auto."),
    "time_control_seconds": _(
        "De bedenktijd moet tussen %(min)s en %(max)s seconden liggen, in stappen van %(step)s."
    ),
    "time_control_increment": _(
        "De tijd per beurt moet tussen %(min)s en %(max)s seconden liggen, in stappen van %(step)s."
    ),
    "time_control_cap": _(
        "Het maximum moet tussen %(min)s en %(max)s seconden liggen, in stappen van %(step)s."
    ),
    "time_control_not_for_kind": _("%(field)s hoort niet bij deze soort tijdsinstelling."),
    "time_control_preset": _("Onbekende tijdsinstelling: %(name)s."),
}
# Keys a request may give (all of TimeControlJson).
REQUEST_KEYS = ("kind", "seconds", "increment", "cap", "vacation", "on_timeout")


def refusal_text(code: str, params: dict[str, Any]) -> str:
    """A refusal in the active language (the request's)."""
    text = gettext(REFUSALS.get(code, REFUSALS["time_control_shape"]))
    return text % params if "%(" in text else text


def parse(data: object) -> clocks.TimeControl:
    """A preset's name (with vacation where the kind has it) or an object, whose `vacation`
    defaults to true where the kind has it (false: a game "without vacation"); raises
    clocks.InvalidTimeControl."""
    if isinstance(data, str):
        preset = clocks.PRESETS.get(data)
        if preset is None:
            raise clocks.InvalidTimeControl("time_control_preset", name=data[:40])
        return preset
    return clocks.TimeControl.from_json(data)


def _bounded(bound: Any) -> dict[str, Any]:
    return {
        "type": "integer",
        "minimum": bound.low,
        "maximum": bound.high,
        "multipleOf": bound.step,
    }


def _custom(kind: clocks.Kind) -> dict[str, Any]:
    """One kind's custom control, its bounds as the clocks state them (a correspondence cap
    below the bank is refused, which JSON Schema cannot say)."""
    if kind == clocks.CORRESPONDENCE:
        cap: dict[str, Any] = {"type": "integer", "maximum": CAP_MAX, "multipleOf": HOUR}
    else:
        cap = {"type": "integer", "nullable": True, "enum": [None]}  # OpenAPI 3.0: null only
    return {
        "type": "object",
        "title": kind,
        "properties": {
            "kind": {"type": "string", "enum": [kind]},
            "seconds": _bounded(SECONDS[kind]),
            "increment": _bounded(INCREMENT[kind]),
            "cap": cap,
            "vacation": {"type": "boolean"} if kind != clocks.LIVE else {"enum": [False]},
            "on_timeout": {"type": "string", "enum": ["claim", "auto"]},
        },
        "required": ["kind", "seconds"],
        "additionalProperties": False,
    }


TIME_CONTROL_REQUEST: dict[str, Any] = {
    "description": "a preset's name, or a custom control in seconds (bounds per kind; a "
    "correspondence cap is at least the bank, default the bank; `vacation` false: a game "
    "without vacation, default true where the kind has it). Not together with turn_seconds.",
    "oneOf": [
        {"type": "string", "enum": list(clocks.PRESETS), "title": "preset"},
        *(_custom(kind) for kind in clocks.KINDS),
    ],
}


@extend_schema_field(TIME_CONTROL_REQUEST)
class TimeControlField(serializers.Field):
    """`time_control` of a new game: a preset's name or an object (docs/api.md)."""

    def to_internal_value(self, data: Any) -> clocks.TimeControl:
        try:
            return parse(data)
        except clocks.InvalidTimeControl as err:
            raise serializers.ValidationError(refusal_text(err.code, err.params)) from err

    def to_representation(self, value: clocks.TimeControl) -> Any:
        return value.to_json()


def offered() -> dict[str, Any]:
    """The presets (with vacation where the kind has it) and each kind's bounds, in seconds:
    [min, max, step]; `cap` only for correspondence (its min is the bank)."""
    return {
        "presets": [
            {"name": name, **control.to_json()} for name, control in clocks.PRESETS.items()
        ],
        "bounds": {
            kind: {
                "seconds": [SECONDS[kind].low, SECONDS[kind].high, SECONDS[kind].step],
                "increment": [INCREMENT[kind].low, INCREMENT[kind].high, INCREMENT[kind].step],
                "cap": [SECONDS[kind].low, CAP_MAX, HOUR]
                if kind == clocks.CORRESPONDENCE
                else None,
            }
            for kind in clocks.KINDS
        },
    }
