"""The 'time running low' reminder, at the clock's reminder instants (clocks.reminders: at a
fifth of the bank left, per_turn 80 % of the turn gone as before, and in correspondence also
at one hour left).

Found by scanning the database for what is due at `now` (the worker passes its clock; tests
pass theirs), so a worker that was down catches up; idempotent: each reminder is recorded by
a unique (game, turn, threshold) row, so each goes out once. A worker that was down past
several thresholds of a turn records them all and sends one reminder.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction

import clocks
from clocks.control import SECONDS
from clocks.readings import REMINDER_PART
from games import clock as game_clock
from games.models import Game

from . import game_events
from .models import DeadlineReminder, Notification
from .pipeline import deliver

log = logging.getLogger(__name__)

# No threshold is above a fifth of the largest bank: only games with a deadline this near
# can have a reminder due.
HORIZON = timedelta(seconds=max(bound.high for bound in SECONDS.values()) / REMINDER_PART)


def reminders_of(game: Game) -> list[tuple[int, datetime]]:
    """This turn's reminders of the seat at turn: (the time left it warns of in ms, when it
    goes out), in order; none without a running clock."""
    state = game_clock.state_of(game)
    end = None if state is None else clocks.deadline(state)
    if state is None or end is None:
        return []
    return [(end - instant, clocks.from_ms(instant)) for instant in clocks.reminders(state)]


def remind_due(now: datetime) -> int:
    """Send every 'time running low' reminder that is due at `now`, once."""
    candidates = Game.objects.filter(
        status=Game.Status.ACTIVE,
        deadline_at__gt=now,
        deadline_at__lte=now + HORIZON,
        turn_started_at__isnull=False,
        clock__isnull=False,
    ).only("pk", "status", "clock", "deadline_at", "turn_started_at")
    sent = 0
    for game in candidates:
        if any(at <= now for _left, at in reminders_of(game)):
            try:
                sent += _remind(game.pk, now)
            except Exception:
                log.exception("deadline reminder for game %s failed", game.pk)
    return sent


@transaction.atomic
def _remind(game_id: int, now: datetime) -> bool:
    game = Game.objects.select_for_update().get(pk=game_id)
    state = game_clock.state_of(game)
    if (
        game.status != Game.Status.ACTIVE
        or state is None
        or clocks.expired(state, clocks.to_ms(now))
    ):
        return False  # over, or out of time: the timeout (or the claim) comes instead
    due = [left for left, at in reminders_of(game) if at <= now]
    assert game.current_seat is not None and game.turn_started_at is not None  # active
    created = [
        DeadlineReminder.objects.get_or_create(
            game=game,
            turn_started_at=game.turn_started_at,
            threshold_ms=left,
            defaults={"sent_at": now},
        )[1]
        for left in due
    ]
    seat = game.seats.select_related("user").filter(index=game.current_seat).first()
    if not any(created) or seat is None or seat.user is None:
        return False  # already reminded, or the computer's turn (it does not forget)
    deliver(
        seat.user,
        Notification.Kind.DEADLINE_NEAR,
        game_events.deadline_near_text(game, seat.user),
        game=game,
        now=now,
    )
    return True
