"""docs/clocks.md, "Bounds" and "Presets": the time controls a game may have, their JSON form,
and the refusals a wrong one gets (a code and its parameters, for the server to translate)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clocks import PRESETS, InvalidTimeControl, TimeControl
from clocks.control import CAP_MAX, INCREMENT, KINDS, SECONDS

from .strategies import controls

MINUTE, HOUR, DAY = 60, 3600, 86400


@given(controls())
def test_a_time_control_round_trips_through_its_json(control):
    text = json.dumps(control.to_json())
    assert TimeControl.from_json(json.loads(text)) == control
    assert TimeControl.from_json(control.to_json()).to_json() == control.to_json()


def valid(kind, /, **changes):
    """A valid control of `kind` with `changes`."""
    base = {
        "live": TimeControl.live(10, 20),
        "correspondence": TimeControl.correspondence(3, 24, 14),
        "per_turn": TimeControl.per_turn(DAY),
    }[kind].to_json()
    return {**base, **changes}


def refusal(data):
    with pytest.raises(InvalidTimeControl) as refused:
        TimeControl.from_json(data)
    return refused.value


@pytest.mark.parametrize("kind", KINDS)
def test_the_bank_or_turn_time_takes_exactly_its_bounds(kind):
    bound = SECONDS[kind]
    for seconds in (bound.low, bound.high):
        cap = max(seconds, DAY) if kind == "correspondence" else None
        assert TimeControl.from_json(valid(kind, seconds=seconds, cap=cap)).seconds == seconds
    for seconds in (bound.low - 1, bound.high + 1, bound.low - bound.step, bound.high + bound.step):
        cap = CAP_MAX if kind == "correspondence" else None
        error = refusal(valid(kind, seconds=seconds, cap=cap))
        assert error.code == "time_control_seconds"
        assert error.params["min"] == bound.low and error.params["max"] == bound.high


@pytest.mark.parametrize("kind", KINDS)
def test_the_increment_takes_exactly_its_bounds(kind):
    bound = INCREMENT[kind]
    for increment in (bound.low, bound.high):
        assert TimeControl.from_json(valid(kind, increment=increment)).increment == increment
    for increment in (bound.low - 1, bound.high + 1):
        assert refusal(valid(kind, increment=increment)).code == "time_control_increment"


def test_the_stated_bounds_in_players_units():
    assert (SECONDS["live"].low, SECONDS["live"].high) == (3 * MINUTE, 60 * MINUTE)
    assert (INCREMENT["live"].low, INCREMENT["live"].high) == (0, 60)
    assert (SECONDS["correspondence"].low, SECONDS["correspondence"].high) == (DAY, 14 * DAY)
    assert (INCREMENT["correspondence"].low, INCREMENT["correspondence"].high) == (0, 3 * DAY)
    assert (SECONDS["per_turn"].low, SECONDS["per_turn"].high) == (HOUR, 14 * DAY)
    assert CAP_MAX == 14 * DAY


def test_whole_minutes_live_and_whole_hours_in_correspondence():
    assert refusal(valid("live", seconds=10 * MINUTE + 1)).code == "time_control_seconds"
    assert refusal(valid("correspondence", increment=HOUR + 1)).code == "time_control_increment"
    assert refusal(valid("correspondence", cap=7 * DAY + 60)).code == "time_control_cap"
    assert TimeControl.from_json(valid("per_turn", seconds=HOUR + 1)).seconds == HOUR + 1


def test_the_cap_lies_between_the_bank_and_fourteen_days():
    assert TimeControl.from_json(valid("correspondence", seconds=3 * DAY, cap=3 * DAY))
    assert TimeControl.from_json(valid("correspondence", cap=14 * DAY))
    assert refusal(valid("correspondence", seconds=3 * DAY, cap=3 * DAY - HOUR)).params == {
        "kind": "correspondence",
        "value": 3 * DAY - HOUR,
        "min": 3 * DAY,
        "max": 14 * DAY,
        "step": HOUR,
    }
    assert refusal(valid("correspondence", cap=14 * DAY + HOUR)).code == "time_control_cap"
    # left out, the cap is the bank: an increment gives back at most what the turn used
    data = valid("correspondence", seconds=2 * DAY)
    del data["cap"]
    assert TimeControl.from_json(data).cap == 2 * DAY


def test_live_has_no_vacation_and_only_correspondence_a_cap():
    assert refusal(valid("live", vacation=True)).params == {"kind": "live", "field": "vacation"}
    assert refusal(valid("live", cap=DAY)).code == "time_control_not_for_kind"
    assert refusal(valid("per_turn", cap=DAY)).code == "time_control_not_for_kind"


def test_malformed_json_is_refused_by_field():
    assert refusal([]).code == "time_control_shape"
    assert refusal({**valid("live"), "bank": 3}).params == {"field": "bank"}
    assert refusal(valid("live", seconds="600")).params == {"field": "seconds"}
    assert refusal(valid("live", increment=True)).params == {"field": "increment"}
    assert refusal(valid("per_turn", vacation="no")).params == {"field": "vacation"}
    assert refusal(valid("live", kind="blitz")).params == {
        "kind": "blitz",
        "allowed": ["live", "correspondence", "per_turn"],
    }
    assert refusal(valid("live", on_timeout="never")).code == "time_control_on_timeout"
    no_seconds = valid("live")
    del no_seconds["seconds"]
    assert refusal(no_seconds).params == {"field": "seconds"}


def test_the_defaults_of_a_short_json_form():
    assert TimeControl.from_json({"kind": "live", "seconds": 300}) == TimeControl.live(5)
    corr = TimeControl.from_json({"kind": "correspondence", "seconds": 3 * DAY})
    assert (corr.cap, corr.vacation, corr.on_timeout) == (3 * DAY, True, "claim")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_is_a_valid_control(name):
    preset = PRESETS[name]
    assert TimeControl.from_json(preset.to_json()) == preset
    assert name.startswith(preset.kind)


def test_the_presets_players_ask_for():
    assert PRESETS["live_10_20"] == TimeControl("live", 600, 20)
    assert PRESETS["live_20_30"] == TimeControl("live", 1200, 30)
    assert PRESETS["correspondence_3d_1d_7d"].to_json() == {
        "kind": "correspondence",
        "seconds": 3 * DAY,
        "increment": DAY,
        "cap": 7 * DAY,
        "vacation": True,
        "on_timeout": "claim",
    }
    assert PRESETS["per_turn_1d"] == TimeControl.per_turn(DAY)


def test_a_stored_game_keeps_its_turn_time_and_its_automatic_loss():
    stored = TimeControl.stored(24 * HOUR)
    assert stored.to_json() == {
        "kind": "per_turn",
        "seconds": 24 * HOUR,
        "increment": 0,
        "cap": None,
        "vacation": False,
        "on_timeout": "auto",
    }


@given(st.integers(), st.integers())
def test_a_control_never_exists_outside_the_bounds(seconds, increment):
    for kind in KINDS:
        cap = CAP_MAX if kind == "correspondence" else None
        try:
            control = TimeControl(kind, seconds, increment, cap, False, "auto")
        except InvalidTimeControl:
            continue
        assert SECONDS[kind].allows(control.seconds) and INCREMENT[kind].allows(increment)
