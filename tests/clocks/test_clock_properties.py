"""docs/clocks.md: the clock's promises, over random time controls and random histories
(turns, vacations, given time, timeouts)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clocks import (
    PRESETS,
    ClockError,
    ClockEventError,
    ClockState,
    Flagged,
    Paused,
    TurnEnded,
    advance,
    advance_all,
    deadline,
    expired,
    fold,
    grace_deadline,
    remaining,
    reminders,
    start,
    timeout_due,
)
from clocks.clock import settled

from .strategies import histories

DELAYS = st.integers(0, 20 * 86400 * 1000)
HISTORIES = settings(max_examples=300, deadline=None)


def states_of(control, events):
    """Every state along the history, the start included."""
    state = start(control)
    found = [state]
    for event in events:
        state = advance(state, event)
        found.append(state)
    return found


@HISTORIES
@given(histories(), DELAYS)
def test_time_left_is_never_negative(history, delay):
    control, events = history
    for state in states_of(control, events):
        for seat in (0, 1):
            assert remaining(state, seat, state.since + delay) >= 0


@HISTORIES
@given(histories())
def test_an_increment_never_lifts_a_bank_above_its_cap(history):
    control, events = history
    states = states_of(control, events)
    for event, after in zip(events, states[1:], strict=True):
        if isinstance(event, TurnEnded) and control.cap is not None:
            assert after.banks[event.seat] <= control.cap * 1000


@HISTORIES
@given(histories(), DELAYS, DELAYS)
def test_only_the_seat_at_turn_loses_time(history, delay, more):
    control, events = history
    state = fold(control, events)
    now = state.since + delay
    for seat in (0, 1):
        if not state.running(seat):
            assert remaining(state, seat, now) == remaining(state, seat, now + more)
    if state.at_turn is not None and state.running(state.at_turn):
        seat = state.at_turn
        left = remaining(state, seat, now)
        assert remaining(state, seat, now + more) == max(0, left - more)


@HISTORIES
@given(histories(), DELAYS)
def test_a_pause_freezes_the_clock(history, delay):
    control, events = history
    state = fold(control, events)
    if not control.vacation or state.flagged is not None:
        return
    for seat in (0, 1):
        if not state.paused[seat] and not expired(state, state.since):
            paused = advance(state, Paused(state.since, seat))
            before = remaining(paused, seat, paused.since)
            assert remaining(paused, seat, paused.since + delay) == before
            assert deadline(paused) is None or paused.at_turn != seat


@HISTORIES
@given(histories(), st.data())
def test_folding_from_a_snapshot_equals_folding_everything(history, data):
    control, events = history
    cut = data.draw(st.integers(0, len(events)))
    snapshot = fold(control, events[:cut])
    assert advance_all(snapshot, events[cut:]) == fold(control, events)


@HISTORIES
@given(histories(), st.data())
def test_a_snapshot_kept_as_json_continues_the_same(history, data):
    control, events = history
    cut = data.draw(st.integers(0, len(events)))
    snapshot = fold(control, events[:cut])
    kept = ClockState.from_json(json.loads(json.dumps(snapshot.to_json())))
    assert kept == snapshot
    assert advance_all(kept, events[cut:]) == fold(control, events)


def test_a_snapshot_that_is_not_one_is_refused():
    good = start(PRESETS["live_10_20"]).to_json()
    for wrong in ([], {**good, "banks": [1]}, {**good, "at_turn": 2}, {**good, "since": 1.5}):
        with pytest.raises(ClockError) as refused:
            ClockState.from_json(wrong)
        assert refused.value.code == "clock_state_shape"


@HISTORIES
@given(histories(), DELAYS, DELAYS)
def test_counting_down_in_steps_reads_as_counting_down_at_once(history, step, delay):
    """A snapshot settled at any instant gives the same readings later on."""
    control, events = history
    state = fold(control, events)
    mid = settled(state, state.since + step)
    now = mid.since + delay
    for seat in (0, 1):
        assert remaining(mid, seat, now) == remaining(state, seat, now)
    assert deadline(mid) == deadline(state)


@HISTORIES
@given(histories())
def test_the_deadline_is_exactly_when_the_time_left_reaches_zero(history):
    control, events = history
    state = fold(control, events)
    end = deadline(state)
    if end is None:
        assert not expired(state, state.since + 10**12)
        return
    seat = state.at_turn
    late = max(end, state.since)  # the last event may have come at or after the deadline
    assert remaining(state, seat, late) == 0 and expired(state, late)
    with pytest.raises(ClockEventError) as refused:
        advance(state, TurnEnded(late, seat))  # a move at the deadline is refused
    assert refused.value.code == "clock_out_of_time"
    assert advance(state, Flagged(late, seat)).flagged == seat  # the timeout is due then
    if end > state.since:
        assert remaining(state, seat, end - 1) == 1 and not expired(state, end - 1)
        advance(state, TurnEnded(end - 1, seat))  # one millisecond before, the move is taken
        with pytest.raises(ClockEventError):
            advance(state, Flagged(end - 1, seat))  # and no timeout yet (verify_game's check)


@HISTORIES
@given(histories())
def test_the_timeout_falls_at_the_deadline_or_after_the_grace(history):
    control, events = history
    state = fold(control, events)
    end = deadline(state)
    if end is None:
        assert timeout_due(state) is None
    elif control.on_timeout == "auto":
        assert timeout_due(state) == end and grace_deadline(state) is None
    else:
        assert timeout_due(state) == grace_deadline(state) == end + control.grace * 1000


@HISTORIES
@given(histories())
def test_reminders_fall_inside_the_turn_before_the_deadline(history):
    control, events = history
    state = fold(control, events)
    instants = reminders(state)
    assert list(instants) == sorted(set(instants))
    end = deadline(state)
    for instant in instants:
        assert instant < end
        assert remaining(state, state.at_turn, instant) < state.turn_bank
