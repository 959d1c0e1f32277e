"""Hypothesis strategies for the clock tests: valid time controls and valid histories."""

from __future__ import annotations

from hypothesis import strategies as st

from clocks import (
    ClockEventError,
    Flagged,
    Paused,
    Resumed,
    TimeControl,
    TimeGiven,
    TurnEnded,
    TurnStarted,
    advance,
    expired,
    remaining,
    start,
)
from clocks.control import INCREMENT, SECONDS, Bound

T0 = 1_780_000_000_000  # an instant in 2026, ms since the epoch


def in_bound(bound: Bound) -> st.SearchStrategy[int]:
    return st.integers(bound.low // bound.step, bound.high // bound.step).map(
        lambda n: n * bound.step
    )


@st.composite
def controls(draw: st.DrawFn) -> TimeControl:
    kind = draw(st.sampled_from(["live", "correspondence", "per_turn"]))
    seconds = draw(in_bound(SECONDS[kind]))
    increment = draw(in_bound(INCREMENT[kind]))
    cap = None
    if kind == "correspondence":
        cap = draw(in_bound(Bound(seconds, 14 * 86400, 3600)))
    vacation = kind != "live" and draw(st.booleans())
    on_timeout = draw(st.sampled_from(["claim", "auto"]))
    return TimeControl(kind, seconds, increment, cap, vacation, on_timeout)


@st.composite
def histories(draw: st.DrawFn, max_events: int = 30):
    """A time control and a valid list of events: turns that alternate, each lasting up to
    a bit more than the time left (often just past the deadline), with pauses, given time and a timeout mixed in."""
    control = draw(controls())
    state = start(control)
    events = []
    now = T0
    turn_seat = draw(st.sampled_from([0, 1]))
    for _ in range(draw(st.integers(0, max_events))):
        if state.flagged is not None:
            break
        # a short while, any time within what is left, or just past the deadline
        left = remaining(state, state.at_turn, now) if state.at_turn is not None else 0
        now += draw(
            st.integers(0, 3000) | st.integers(0, max(left, 1)) | st.integers(left, left + 3000)
        )
        options = []
        if state.at_turn is None:
            options.append(TurnStarted(now, turn_seat))
        else:
            seat = state.at_turn
            if expired(state, now):
                options += [Flagged(now, seat), TimeGiven(now, seat, control.extra_time * 1000)]
            elif remaining(state, seat, now) > 0:
                options.append(TurnEnded(now, seat))
        if control.vacation:
            seat = draw(st.sampled_from([0, 1]))
            options.append(Resumed(now, seat) if state.paused[seat] else Paused(now, seat))
        event = draw(st.sampled_from(options))
        try:
            state = advance(state, event)
        except ClockEventError:
            continue  # e.g. a pause of a seat whose time is out: the server would not log it
        events.append(event)
        if isinstance(event, TurnEnded):
            turn_seat = 1 - turn_seat
    return control, events
