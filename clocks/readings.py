"""What a clock answers at an instant: time left, the deadline, a timeout due, the claim's
grace, the reminders, and the numbers a client shows. All instants and durations are
integer milliseconds (since the Unix epoch for instants; `clocks.instants` converts).
"""

from __future__ import annotations

from typing import Final, TypedDict

from .clock import MS, ClockState
from .control import CORRESPONDENCE, HOUR, TimeControl

REMINDER_PART: Final = 5  # "time running low" at a fifth of the bank (per_turn: 80 % used)


def remaining(state: ClockState, seat: int, now: int) -> int:
    """`seat`'s time left at `now`, never below zero. Only the running clock moves; a
    `now` before the last event reads as that event's instant."""
    bank = state.banks[seat]
    if not state.running(seat):
        return max(0, bank)
    return max(0, bank - max(0, now - state.since))


def deadline(state: ClockState) -> int | None:
    """The instant the seat at turn runs out; None while no clock runs (between turns, while
    paused, after the timeout). It needs no `now`: it moves only with an event."""
    seat = state.at_turn
    if seat is None or not state.running(seat):
        return None
    return state.since + state.banks[seat]


def expired(state: ClockState, now: int) -> bool:
    """Whether the seat at turn is out of time at `now` (its move is refused from then on)
    and the timeout is not logged yet."""
    end = deadline(state)
    return end is not None and now >= end


def grace_deadline(state: ClockState) -> int | None:
    """With `on_timeout="claim"`: the instant the claim happens by itself if the opponent
    neither claims nor gives time (the deadline plus the grace). None with "auto", or while
    no clock runs."""
    end = deadline(state)
    if end is None or state.control.on_timeout != "claim":
        return None
    return end + state.control.grace * MS


def timeout_due(state: ClockState) -> int | None:
    """The instant the worker logs the timeout (`Flagged`) by itself: the deadline with
    "auto", the grace deadline with "claim"; None while no clock runs."""
    if state.control.on_timeout == "auto":
        return deadline(state)
    return grace_deadline(state)


def may_claim(state: ClockState, now: int) -> bool:
    """Whether the opponent may now claim the win or give more time: "claim" games only,
    once the seat at turn is out of time."""
    return state.control.on_timeout == "claim" and expired(state, now)


def reminder_thresholds(control: TimeControl) -> tuple[int, ...]:
    """The times left (ms, largest first) at which "time running low" is sent: a fifth of
    the bank (per_turn: of the turn, i.e. 80 % of it used), and in correspondence also one
    hour."""
    fifth = control.seconds * MS // REMINDER_PART
    found = {fifth, HOUR * MS} if control.kind == CORRESPONDENCE else {fifth}
    return tuple(sorted(found, reverse=True))


def reminders(state: ClockState) -> tuple[int, ...]:
    """The instants (ascending) of this turn's "time running low" reminders for the seat at
    turn: the deadline less each threshold the turn started above. A turn that starts with
    less left than a threshold skips it (its "your turn" notice says the time left). Empty
    while no clock runs. The worker sends each (turn, threshold) once."""
    end = deadline(state)
    if end is None:
        return ()
    limits = reminder_thresholds(state.control)
    return tuple(end - limit for limit in limits if limit < state.turn_bank)


class Reading(TypedDict):
    """What a client shows: both seats' time left at `at`, and whose clock runs (the client
    counts that one down from `at` until the next reading)."""

    at: int
    remaining: list[int]
    running: int | None
    deadline: int | None
    paused: list[bool]


def reading(state: ClockState, now: int) -> Reading:
    """Both clocks at `now`, as the server sends them."""
    running = state.at_turn if state.at_turn is not None and state.running(state.at_turn) else None
    return {
        "at": now,
        "remaining": [remaining(state, seat, now) for seat in (0, 1)],
        "running": running,
        "deadline": deadline(state),
        "paused": list(state.paused),
    }
