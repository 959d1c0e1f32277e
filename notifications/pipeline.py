"""The one place an event becomes notifications: per player, it decides the ways a notice
goes (the bell, email, and push) and writes them down; nothing else in the code creates a
notice or queues a mail or a push (tests/server/test_notification_pipeline.py checks it).

The senders come later and elsewhere: the bell is pushed to the player's sockets after the
commit; the worker sends mail (notifications.emails) and pushes, so a move request never waits
for a mail server or a push service.

The ways, per notice:
- the bell, always; stored already read when the player is watching that game (no badge for
  the game on screen);
- email, for the kinds the player chose (notifications.preferences; by default 'your turn'
  and 'time running low'), in the rhythm of the profile's `notify` (a mail per notice, the
  daily summary, or none), only when the address is verified and no socket of theirs is
  open; during the player's quiet hours it waits for their end (`send_after`);
- push, for the kinds the player chose (by default 'your turn', 'time running low', the
  invitation and 'game over'), to each of their devices (webpush: one PushDelivery per device,
  written here in the notice's transaction, sent by the worker); during quiet hours it waits
  for their end, as mail does;
- nothing but the bell while the player watches that game (`services.is_watching`: a fresh
  socket showing it in a visible page; when unsure, it is sent).

Several notices of one game collapse into one: a new notice of a game marks the older
unread ones read (their pending mail is then skipped), the bell lists one entry per game,
and `settle_past` marks what no longer holds ('your turn' once the turn passed) as past.
"""

from __future__ import annotations

from datetime import datetime
from functools import partial
from typing import Any

from django.db import transaction
from django.db.models import F, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from accounts.models import Profile
from accounts.services import verified_email
from games.models import Game
from webpush import outbox as push_outbox

from . import preferences, services
from .models import Notification

Kind = Notification.Kind
# What holds only during one turn of the player it was for.
TURN_KINDS = (Kind.YOUR_TURN, Kind.DEADLINE_NEAR)


def _email_way(user: Any, kind: str, watching: bool, connected: bool, stored: Any) -> str:
    if watching or connected:
        return Notification.Email.NONE  # an open tab hears it through the bell
    if not preferences.wants(user, kind, "email", stored) or not verified_email(user):
        return Notification.Email.NONE
    by_preference: dict[str, str] = {
        Profile.Notify.TURN: Notification.Email.PENDING,
        Profile.Notify.DAILY: Notification.Email.DIGEST,
    }
    return by_preference.get(services.email_preference(user), Notification.Email.NONE)


def deliver(
    user: Any, kind: str, text: str, *, game: Game | None = None, now: datetime | None = None
) -> Notification:
    """Store a notice for `user` with the ways it goes, and show it in their bell once
    committed."""
    now = now or timezone.now()
    sockets = services.open_sockets(user, now)  # one query: connected, and watching the game?
    watching = game is not None and game.pk in sockets
    stored = preferences.stored_of(user)  # one query; None (the defaults) is passed on as is
    email = _email_way(user, kind, watching, bool(sockets), stored)
    # Quiet hours: nothing but the bell now; what waits goes out when they end.
    quiet_until = preferences.quiet_until(user, now, stored)
    if game is not None:
        # One unread entry per game: the newest says what matters now (a badge of 17 after
        # one game said nothing). The older ones stay stored, read; a pending email of
        # theirs is then skipped by the worker, as for any notice read before it went out.
        Notification.objects.filter(user=user, game=game, read_at__isnull=True).update(read_at=now)
    note = Notification.objects.create(
        user=user,
        kind=kind,
        game=game,
        text=text,
        created=now,
        email=email,
        send_after=quiet_until if email != Notification.Email.NONE else None,
        read_at=now if watching else None,  # no unread badge for the game on screen
    )
    if not watching and preferences.wants(user, kind, "push", stored):
        push_outbox.record(note, not_before=quiet_until or now)
    transaction.on_commit(lambda: services.to_bell(note))
    return note


def settle_past(game: Game, mover_id: int | None, now: datetime | None = None) -> int:
    """The turn passed (or the game ended): 'your turn' and 'time running low' of an earlier
    turn no longer hold. They are marked past (and read: no badge, no mail, no push), and the
    players' open bells are told. `mover_id`: the player whose turn it is now, if any."""
    now = now or timezone.now()
    stale = Notification.objects.filter(game=game, kind__in=TURN_KINDS, past_at__isnull=True)
    if mover_id is not None and game.turn_started_at is not None:
        stale = stale.exclude(user_id=mover_id, created__gte=game.turn_started_at)
    users = set(stale.order_by().values_list("user_id", flat=True))
    if not users:
        return 0
    count = stale.update(past_at=now, read_at=Coalesce(F("read_at"), Value(now)))
    for user_id in users:
        transaction.on_commit(partial(services.bell_changed, user_id))
    return count
