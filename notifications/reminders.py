"""The 'deadline near' reminder, when most of a turn's time is gone.

Found by scanning the database for what is due at `now` (the worker passes its clock; tests
pass theirs), so a worker that was down catches up; idempotent: a reminder is recorded by a
unique (game, turn) row.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction

from games import services as games
from games.models import Game

from . import game_events
from .models import DeadlineReminder, Notification
from .services import notify

log = logging.getLogger(__name__)

REMINDER_FRACTION = 0.8  # the reminder goes out when 80% of the turn's time is gone


def reminder_at(game: Game) -> datetime:
    assert game.turn_started_at is not None  # an active game's turn has started
    return game.turn_started_at + timedelta(seconds=game.turn_seconds * REMINDER_FRACTION)


def remind_due(now: datetime) -> int:
    """Send the 'deadline near' reminder for every turn past its reminder moment, once."""
    # Only games whose deadline is near enough can be past their reminder moment.
    horizon = now + timedelta(seconds=games.TURN_SECONDS_MAX * (1 - REMINDER_FRACTION))
    candidates = Game.objects.filter(
        status=Game.Status.ACTIVE,
        deadline_at__gt=now,
        deadline_at__lte=horizon,
        turn_started_at__isnull=False,
    ).only("pk", "turn_started_at", "turn_seconds")
    sent = 0
    for game in candidates:
        if reminder_at(game) <= now:
            try:
                sent += _remind(game.pk, now)
            except Exception:
                log.exception("deadline reminder for game %s failed", game.pk)
    return sent


@transaction.atomic
def _remind(game_id: int, now: datetime) -> bool:
    game = Game.objects.select_for_update().get(pk=game_id)
    if game.status != Game.Status.ACTIVE or game.deadline_at is None or game.deadline_at <= now:
        return False
    if reminder_at(game) > now:
        return False
    assert game.current_seat is not None and game.turn_started_at is not None  # active
    seat = game.seats.select_related("user").filter(index=game.current_seat).first()
    _, created = DeadlineReminder.objects.get_or_create(
        game=game, turn_started_at=game.turn_started_at, defaults={"sent_at": now}
    )
    if not created or seat is None or seat.user is None:
        return False  # already reminded this turn, or the computer's turn (it does not forget)
    notify(
        seat.user,
        Notification.Kind.DEADLINE_NEAR,
        game_events.deadline_near_text(game, seat.user),
        game=game,
        now=now,
    )
    return True
