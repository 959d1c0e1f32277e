"""A game's clock on the server: the glue between the Game row and the pure model (`clocks`).

The row keeps the time control and the clock folded up to its last event (`Game.clock`), so
reading a clock costs no query; the truth stays the log's timestamps and the ClockEvent rows,
from which `games.verify` folds it again. Every instant here is the transaction's one `now`
(docs/clocks.md, "On the server").
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth.models import User

import clocks
from accounts.models import Profile

from .models import ClockEvent, Game
from .shapes import ClockEventEntry, ClockExport, Timeout

# A game against the computer that the person leaves untouched this long at their turn ends
# as abandoned (services.game_abandon; verify checks it).
ABANDON_AFTER = timedelta(days=30)


def control_of(game: Game) -> clocks.TimeControl | None:
    """The game's time control; None: a game against the computer (no clock runs)."""
    return None if game.time_control is None else clocks.TimeControl.from_json(game.time_control)


def state_of(game: Game) -> clocks.ClockState | None:
    """The clock as of its last event; None before the start or without a time control."""
    return None if game.clock is None else clocks.ClockState.from_json(game.clock)


def keep(game: Game, state: clocks.ClockState) -> list[str]:
    """Store `state` on the row, with `deadline_at` the instant the worker acts next (the
    deadline: "auto" logs the timeout then, "claim" tells the opponent); the fields to save."""
    game.clock = dict(state.to_json())
    end = clocks.deadline(state)
    game.deadline_at = None if end is None else clocks.from_ms(end)
    return ["clock", "deadline_at"]


def reading(
    game: Game, now: datetime, state: clocks.ClockState | None = None
) -> clocks.Reading | None:
    """Both clocks as a client shows them, at `now` (a finished game: as they stood at its
    end, nothing running). `state`: the game's clock already read (state_of), so a payload
    with the reading and the timeout parses the stored JSON once."""
    state = state_of(game) if state is None else state
    if state is None:
        return None
    if game.status == Game.Status.FINISHED:
        end = clocks.to_ms(game.finished_at or now)
        shown = clocks.reading(state, max(end, state.since))
        return {**shown, "at": clocks.to_ms(now), "running": None, "deadline": None}
    return clocks.reading(state, clocks.to_ms(now))


def timeout(game: Game, now: datetime, state: clocks.ClockState | None = None) -> Timeout | None:
    """The pending timeout of a "claim" game at `now`, or None (`state`: as for reading)."""
    state = state_of(game) if state is None else state
    if state is None or game.status != Game.Status.ACTIVE:
        return None
    if not clocks.may_claim(state, clocks.to_ms(now)):
        return None
    until = clocks.grace_deadline(state)
    assert state.at_turn is not None and until is not None  # may_claim: a clock runs out
    return {"seat": state.at_turn, "claim_until": until, "extra_time": state.control.extra_time}


def vacation_until(game: Game, seat: int, user: User | None) -> datetime | None:
    """When `seat`'s vacation ends, if its clock stands still for it in `game` (read from the
    profile loaded with the seats: no query); None otherwise."""
    # The stored clock's own field, not a parse of it: a list shows many games' players.
    paused = (game.clock or {}).get("paused")
    if not paused or user is None or game.status != Game.Status.ACTIVE:
        return None
    if not paused[seat]:
        return None
    try:
        return user.profile.vacation_until
    except Profile.DoesNotExist:
        return None


def export_fields(game: Game) -> ClockExport:
    """What the export adds so its clock verifies offline (games.verify.verify_export): the
    time control, the start, every ClockEvent, and the clock kept at the end."""
    events: list[ClockEventEntry] = [
        {"seq": e.seq, "at": e.at, "seat": e.seat, "kind": e.kind, "ms": e.ms}
        for e in ClockEvent.objects.filter(game=game).order_by("seq", "id")
    ]
    return {
        "time_control": game.time_control,
        "started_at": game.started_at,
        "clock_seq": game.clock_seq,
        "clock_events": events,
        "clock": game.clock,
    }
