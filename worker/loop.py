"""The background worker: the computer's turns, deadlines, the end of vacations, abandoned
games against the computer, reminders, email and web push.

Every job is a scan of the database for what is due now, done idempotently (see each
module), so the worker keeps no queue of its own in memory: stopping it loses nothing,
starting it again (or running two) repeats nothing. One `tick(now)` does one pass; `run`
loops until stopped. Started by `python manage.py run_worker` (docs/deploy.md).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime

from django.db import close_old_connections
from django.db.models import F
from django.utils import timezone

from accounts import outbox
from accounts import vacation as vacations
from challenges import services as challenges
from games import deadlines, services
from games.models import Game
from notifications import emails, links, reminders
from notifications.services import presence_prune
from webpush import sender as push_sender

log = logging.getLogger(__name__)


def computer_games_to_move() -> list[int]:
    """Active games where the computer's seat is the one to move."""
    return list(
        Game.objects.filter(
            status=Game.Status.ACTIVE, seats__is_computer=True, seats__index=F("current_seat")
        )
        .values_list("pk", flat=True)
        .distinct()
    )


def play_computer_turns() -> int:
    made = 0
    for game_id in computer_games_to_move():
        try:
            made += services.bot_move(game_id)
        except Exception:
            log.exception("computer turn in game %s failed", game_id)
    return made


def end_vacations(now: datetime) -> int:
    """End every vacation whose end has come (accounts.vacation.vacation_end_due: once
    each, at its own end instant, also after an outage); the paused clocks run again."""
    ended = 0
    for user_id in vacations.vacations_due(now):
        try:
            ended += vacations.vacation_end_due(user_id, now)
        except Exception:
            log.exception("ending the vacation of user %s failed", user_id)
    return ended


def tick(now: datetime | None = None) -> dict[str, int]:
    """One pass over everything due at `now`. The computer moves first, so a worker that was
    down longer than a turn never lets the computer lose on time."""
    now = now or timezone.now()
    done = {"computer_moves": play_computer_turns()}
    for name, job in (
        ("vacations", end_vacations),
        ("timeouts", deadlines.expire_overdue),
        ("abandoned", deadlines.abandon_idle),
        ("reminders", reminders.remind_due),
        ("emails", emails.send_pending),
        ("pushes", push_sender.send_pending),
        ("digests", emails.send_digests),
        ("account_mails", outbox.send_pending),
        ("used_links", links.prune_used),
        ("stale_presence", presence_prune),
        ("challenges_expired", challenges.expire_due),
    ):
        try:
            done[name] = job(now)
        except Exception:
            log.exception("worker job %s failed", name)
            done[name] = 0
    return done


def tick_safely(now: datetime | None = None) -> None:
    """One pass with fresh database connections; a failure is logged, never raised."""
    close_old_connections()
    try:
        done = tick(now)
        if any(done.values()):
            log.info("worker: %s", done)
    except Exception:
        log.exception("worker tick failed")
    finally:
        close_old_connections()


def run(
    *,
    interval: float = 1.0,
    stop: threading.Event | None = None,
    clock: Callable[[], datetime] = timezone.now,
    max_ticks: int | None = None,
) -> None:
    """Tick every `interval` seconds until `stop` is set (or after `max_ticks`)."""
    stop = stop or threading.Event()
    ticks = 0
    while not stop.is_set():
        tick_safely(clock())
        ticks += 1
        if max_ticks is not None and ticks >= max_ticks:
            return
        stop.wait(interval)
