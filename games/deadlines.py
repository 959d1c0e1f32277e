"""The clock's deadlines: the loss on time (the reminder before it is notifications.reminders),
and a game against the computer abandoned after 30 untouched days.

Found by scanning the database for games whose `deadline_at` (the instant the worker acts
next) is due at `now` (the worker passes its clock; tests pass theirs), so a worker that was
down catches up when it starts again; idempotent: services.game_timeout locks the game and
re-checks its clock ("auto": the timeout at the deadline; "claim": the opponent is told at
the deadline, the timeout logged at deadline + grace).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from datetime import datetime

from django.db.models import Max
from django.db.models.functions import Coalesce

from . import selectors, services
from .clock import ABANDON_AFTER
from .models import Game

log = logging.getLogger(__name__)


def expire_overdue(now: datetime) -> int:
    """Act on every game whose `deadline_at` has passed: a loss on time for the seat to move,
    or (a "claim" game) the opponent told that they may claim; the number of games ended."""
    return _each(
        selectors.games_past_deadline(now), services.game_timeout, now, "timeout of game %s failed"
    )


def abandoned_games(now: datetime) -> list[int]:
    """Active games against the computer untouched (no log entry, or not even the start)
    for ABANDON_AFTER at `now`; services.game_abandon checks whose turn it is."""
    return list(
        Game.objects.filter(status=Game.Status.ACTIVE, opponent=Game.Opponent.COMPUTER)
        .annotate(touched=Coalesce(Max("moves__created"), "started_at"))
        .filter(touched__lte=now - ABANDON_AFTER)
        .values_list("pk", flat=True)
    )


def abandon_idle(now: datetime) -> int:
    """End every game against the computer the person abandoned (docs/clocks.md): once each
    (the game's lock and a re-check), catching up after an outage; the number ended."""
    return _each(abandoned_games(now), services.game_abandon, now, "abandoning game %s failed")


def _each(game_ids: Iterable[int], act: Callable[..., int], now: datetime, failed: str) -> int:
    """`act(game=..., now=now)` on each game, one failure logged and not stopping the rest;
    the sum of what they answer (the games ended)."""
    ended = 0
    for game_id in game_ids:
        try:
            ended += act(game=Game.objects.get(pk=game_id), now=now)
        except Exception:
            log.exception(failed, game_id)
    return ended
