"""The clock: its state is a fold over timestamped events, in integer milliseconds.

The server turns its log into these events (each log entry has one timestamp, its commit's)
and folds them: `fold(control, events)`, or `advance(state, event)` one at a time from a
kept snapshot; both give the same state. At every event the running seat's clock is
settled: its bank drops by the time since the last event (never below zero) and `since`
moves to the event's instant. So between two events only one number moves, and every
reading (`clocks.readings`) is a small sum.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final, TypedDict, TypeVar, assert_never

from .control import LIVE, PER_TURN, TimeControl, TimeControlJson
from .errors import ClockError, ClockEventError

T = TypeVar("T")

SEATS: Final = (0, 1)
MS: Final = 1000  # milliseconds in a second: the settings are seconds, the clock milliseconds


@dataclass(frozen=True, slots=True)
class TurnStarted:
    """`seat`'s turn begins at `at`: its clock runs (unless it is paused). A per_turn clock
    gets its fixed time afresh."""

    at: int
    seat: int


@dataclass(frozen=True, slots=True)
class TurnEnded:
    """`seat` completes its turn at `at`, with time left: the increment is added, capped."""

    at: int
    seat: int


@dataclass(frozen=True, slots=True)
class Paused:
    """`seat`'s vacation starts: its clock stands still (correspondence and per_turn games
    that allow vacation only)."""

    at: int
    seat: int


@dataclass(frozen=True, slots=True)
class Resumed:
    """`seat`'s vacation ends: its clock runs again if it is at turn."""

    at: int
    seat: int


@dataclass(frozen=True, slots=True)
class TimeGiven:
    """The opponent gives `seat` `ms` more milliseconds (after a timeout, "give more time");
    not capped: it is the opponent's gift."""

    at: int
    seat: int
    ms: int


@dataclass(frozen=True, slots=True)
class Flagged:
    """`seat`'s time is out and the timeout is logged (claimed, or by itself): the game ends
    and the clock stops for good."""

    at: int
    seat: int


Event = TurnStarted | TurnEnded | Paused | Resumed | TimeGiven | Flagged


@dataclass(frozen=True, slots=True)
class ClockState:
    """Both seats' clocks after the events so far.

    - `banks[s]`: seat s's time left, in ms, as of `since` (the last event's instant); below
      zero only for the seat at turn once its time is out (read it with `remaining`);
    - `at_turn`: the seat whose turn runs, or None (before the first turn, between turns);
    - `paused[s]`: seat s is on vacation;
    - `turn_bank`: the time the seat at turn had when its turn started (for the reminders);
    - `flagged`: the seat that lost on time, or None.
    """

    control: TimeControl
    banks: tuple[int, int]
    since: int = 0
    at_turn: int | None = None
    paused: tuple[bool, bool] = (False, False)
    turn_bank: int = 0
    flagged: int | None = None

    def running(self, seat: int) -> bool:
        """Whether `seat`'s clock counts down now: its turn, not paused, not flagged."""
        return self.at_turn == seat and not self.paused[seat] and self.flagged is None

    def to_json(self) -> ClockStateJson:
        """The state as JSON, for a snapshot kept beside the log."""
        return {
            "control": self.control.to_json(),
            "banks": list(self.banks),
            "since": self.since,
            "at_turn": self.at_turn,
            "paused": list(self.paused),
            "turn_bank": self.turn_bank,
            "flagged": self.flagged,
        }

    @classmethod
    def from_json(cls, data: object) -> ClockState:
        """A kept snapshot back; raises `ClockError("clock_state_shape")` when it is not one
        (a wrong control inside raises `InvalidTimeControl`)."""
        if not isinstance(data, dict) or set(data) != set(ClockStateJson.__annotations__):
            raise ClockError("clock_state_shape")
        banks, paused, at_turn, flagged = (
            data[k] for k in ("banks", "paused", "at_turn", "flagged")
        )
        if not (
            isinstance(banks, list)
            and len(banks) == 2
            and _ints(data["since"], data["turn_bank"], *banks)
            and isinstance(paused, list)
            and len(paused) == 2
            and all(type(p) is bool for p in paused)
            and all(seat is None or (_ints(seat) and seat in SEATS) for seat in (at_turn, flagged))
        ):
            raise ClockError("clock_state_shape")
        return cls(
            TimeControl.from_json(data["control"]),
            (banks[0], banks[1]),
            data["since"],
            at_turn,
            (paused[0], paused[1]),
            data["turn_bank"],
            flagged,
        )


class ClockStateJson(TypedDict):
    control: TimeControlJson
    banks: list[int]
    since: int
    at_turn: int | None
    paused: list[bool]
    turn_bank: int
    flagged: int | None


def start(control: TimeControl) -> ClockState:
    """The clocks before anything happened: both banks full, nobody at turn."""
    bank = control.seconds * MS
    return ClockState(control, (bank, bank), turn_bank=bank)


def settled(state: ClockState, at: int) -> ClockState:
    """The state with the running clock counted down to `at`. The bank may go below zero
    here: how long ago the time ran out, so the deadline (and the claim's grace) stays put
    whatever event comes after it. The readings never show less than zero."""
    seat = state.at_turn
    if seat is None or not state.running(seat):
        return replace(state, since=at)
    left = state.banks[seat] - (at - state.since)
    return replace(state, banks=_with(state.banks, seat, left), since=at)


def advance(state: ClockState, event: Event) -> ClockState:
    """The state after `event`; raises `ClockEventError` for an event that cannot be."""
    if state.flagged is not None:
        raise ClockEventError("clock_over", seat=state.flagged)
    if event.seat not in SEATS:
        raise ClockEventError("clock_seat", seat=event.seat)
    if event.at < state.since:
        raise ClockEventError("clock_time_backwards", at=event.at, since=state.since)
    now = settled(state, event.at)
    seat = event.seat
    control = state.control
    match event:
        case TurnStarted():
            if now.at_turn is not None:
                raise ClockEventError("clock_turn_running", seat=now.at_turn)
            bank = control.seconds * MS if control.kind == PER_TURN else now.banks[seat]
            return replace(now, banks=_with(now.banks, seat, bank), at_turn=seat, turn_bank=bank)
        case TurnEnded():
            _at_turn_with_time(now, seat)
            bank = now.banks[seat] + control.increment * MS
            if control.cap is not None:
                bank = min(bank, control.cap * MS)
            return replace(now, banks=_with(now.banks, seat, bank), at_turn=None)
        case Paused():
            if control.kind == LIVE or not control.vacation:
                raise ClockEventError("clock_no_vacation", kind=control.kind)
            if now.paused[seat]:
                raise ClockEventError("clock_paused", seat=seat)
            if now.at_turn == seat and now.banks[seat] <= 0:
                raise ClockEventError("clock_out_of_time", seat=seat)  # no rescue by vacation
            return replace(now, paused=_with(now.paused, seat, True))
        case Resumed():
            if not now.paused[seat]:
                raise ClockEventError("clock_not_paused", seat=seat)
            return replace(now, paused=_with(now.paused, seat, False))
        case TimeGiven():
            if event.ms <= 0:
                raise ClockEventError("clock_time_given", ms=event.ms)
            bank = max(0, now.banks[seat]) + event.ms  # counted from the gift, not the deadline
            return replace(now, banks=_with(now.banks, seat, bank))
        case Flagged():
            if now.at_turn != seat:
                raise ClockEventError("clock_not_at_turn", seat=seat)
            if now.banks[seat] > 0 or now.paused[seat]:
                raise ClockEventError("clock_not_out", seat=seat, left=max(0, now.banks[seat]))
            return replace(now, flagged=seat)
        case _:
            assert_never(event)


def fold(control: TimeControl, events: Iterable[Event]) -> ClockState:
    """The state after `events`, from the start."""
    return advance_all(start(control), events)


def advance_all(state: ClockState, events: Iterable[Event]) -> ClockState:
    """The state after `events`, from `state` (a kept snapshot)."""
    for event in events:
        state = advance(state, event)
    return state


def _at_turn_with_time(state: ClockState, seat: int) -> None:
    if state.at_turn != seat:
        raise ClockEventError("clock_not_at_turn", seat=seat)
    if state.banks[seat] <= 0:
        raise ClockEventError("clock_out_of_time", seat=seat)


def _ints(*values: object) -> bool:
    return all(type(value) is int for value in values)


def _with(pair: tuple[T, T], seat: int, value: T) -> tuple[T, T]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)
