"""The clock's deadlines: the loss on time (the reminder before it is notifications.reminders).

Found by scanning the database for games whose `deadline_at` (the instant the worker acts
next) is due at `now` (the worker passes its clock; tests pass theirs), so a worker that was
down catches up when it starts again; idempotent: services.game_timeout locks the game and
re-checks its clock ("auto": the timeout at the deadline; "claim": the opponent is told at
the deadline, the timeout logged at deadline + grace).
"""

from __future__ import annotations

import logging
from datetime import datetime

from . import selectors, services
from .models import Game

log = logging.getLogger(__name__)


def expire_overdue(now: datetime) -> int:
    """Act on every game whose `deadline_at` has passed: a loss on time for the seat to move,
    or (a "claim" game) the opponent told that they may claim; the number of games ended."""
    ended = 0
    for game_id in selectors.games_past_deadline(now):
        try:
            game = Game.objects.get(pk=game_id)
            ended += services.game_timeout(game=game, now=now)
        except Exception:
            log.exception("timeout of game %s failed", game_id)
    return ended
