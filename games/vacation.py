"""A player's vacation in their games (docs/clocks.md, "Vacation").

accounts.vacation keeps the allowance and says when a vacation starts and ends (its signals,
sent inside its transaction); here each active game of the player whose time control allows
vacation (correspondence and per-turn games not created "without vacation"; never live)
pauses or resumes that seat's clock: a ClockEvent row (`paused`, `resumed`) and the folded
clock, in the same transaction, so replay and verify_game give every reading again. A game
that starts while a player is on vacation starts paused for them (`start_paused`).
"""

from __future__ import annotations

from datetime import datetime
from functools import partial

from django.contrib.auth.models import User
from django.db import transaction

import clocks
from accounts.models import Profile

from . import clock, hooks, selectors
from .models import ClockEvent, Game, Seat


def allows_vacation(control: clocks.TimeControl | None) -> bool:
    """Whether a seat's vacation stops its clock in a game of this time control."""
    return control is not None and control.kind != clocks.LIVE and control.vacation


def _kinds() -> dict[str, tuple[type[clocks.Paused] | type[clocks.Resumed], str]]:
    return {
        "pause": (clocks.Paused, ClockEvent.Kind.PAUSED),
        "resume": (clocks.Resumed, ClockEvent.Kind.RESUMED),
    }


def _turn(game: Game, seat: int, at: datetime, what: str) -> bool:
    """Pause or resume `seat`'s clock in the locked `game` at `at` (never before the clock's
    last event); False when the clock cannot take it (no vacation in this game, the seat
    already out of time, already paused, or not paused)."""
    state = clock.state_of(game)
    if state is None or not allows_vacation(state.control):
        return False
    event, kind = _kinds()[what]
    moment = max(clocks.to_ms(at), state.since)
    try:
        new = clocks.advance(state, event(moment, seat))
    except clocks.ClockEventError:
        return False
    ClockEvent.objects.create(
        game=game, seq=game.seq, at=clocks.from_ms(moment), seat=seat, kind=kind
    )
    game.save(update_fields=clock.keep(game, new))
    transaction.on_commit(partial(hooks.after_game_changed, game.pk, "vacation"))
    return True


def _each_game(user: User, at: datetime, what: str) -> int:
    changed = 0
    ids = Game.objects.filter(
        seats__user=user, status=Game.Status.ACTIVE, clock__isnull=False
    ).values_list("pk", flat=True)
    for game_id in list(ids):
        game = selectors.game_with_seats(game_id, lock=True)
        if game is None or game.status != Game.Status.ACTIVE:
            continue  # it ended meanwhile
        seat = selectors.seat_of(game, user)
        if seat is not None:
            changed += _turn(game, seat, at, what)
    return changed


def vacation_started(sender: object, *, user: User, at: datetime, **kwargs: object) -> None:
    """The player's clocks stand still from `at` in every running game that allows it."""
    _each_game(user, at, "pause")


def vacation_ended(sender: object, *, user: User, at: datetime, **kwargs: object) -> None:
    """The player's paused clocks run again from `at` (or the game's last clock event)."""
    _each_game(user, at, "resume")


def start_paused(game: Game, at: datetime) -> None:
    """At a game's start: the seats whose player is on vacation start paused. The players'
    profiles are locked, so a vacation starting at this moment either comes first (and is
    seen here) or waits for this game to be active (and pauses it itself)."""
    if not allows_vacation(clock.control_of(game)):
        return
    humans = Seat.objects.filter(game=game, user__isnull=False)  # fresh: a seat just taken
    seats = {user_id: index for user_id, index in humans.values_list("user_id", "index")}
    away = Profile.objects.select_for_update().filter(
        user_id__in=list(seats), vacation_until__isnull=False
    )
    for user_id in sorted(away.values_list("user_id", flat=True)):
        _turn(game, seats[user_id], at, "pause")
