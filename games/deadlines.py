"""Turn deadlines: the loss on time (the reminder before it is notifications.reminders).

Found by scanning the database for what is due at `now` (the worker passes its clock; tests
pass theirs), so a worker that was down catches up when it starts again; idempotent: the
timeout goes through services.game_timeout, which locks the game and re-checks the deadline.
"""

from __future__ import annotations

import logging
from datetime import datetime

from . import selectors, services
from .models import Game

log = logging.getLogger(__name__)


def expire_overdue(now: datetime) -> int:
    """End every game whose turn deadline has passed: a loss on time for the seat to move."""
    ended = 0
    for game_id in selectors.games_past_deadline(now):
        try:
            game = Game.objects.get(pk=game_id)
            ended += services.game_timeout(game=game, now=now)
        except Exception:
            log.exception("timeout of game %s failed", game_id)
    return ended
