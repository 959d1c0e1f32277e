"""Writes and reads of notifications, and presence (is a player connected right now?).

`notify` stores the notification, decides its email (per the player's preference, only when
the player is not connected, only for 'your turn' and 'deadline near') and pushes it live to
the player's sockets after the commit. Email itself is sent later by the worker
(notifications.emails), so a move request never waits for a mail server.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from accounts.models import Profile
from accounts.services import verified_email
from games import realtime
from games.signals import PRESENCE_REFRESH

from .models import Notification, Presence

EMAIL_KINDS = frozenset({Notification.Kind.YOUR_TURN, Notification.Kind.DEADLINE_NEAR})
# The game sockets refresh their rows every PRESENCE_REFRESH seconds (games.signals).
PRESENCE_TTL = timedelta(seconds=3 * PRESENCE_REFRESH)  # older rows: a crashed server's


# --- presence -------------------------------------------------------------------------------


def presence_add(user, channel_name: str) -> None:
    Presence.objects.update_or_create(
        channel_name=channel_name, defaults={"user": user, "seen_at": timezone.now()}
    )


def presence_touch(channel_names: list[str], batch: int = 500) -> None:
    now = timezone.now()
    for i in range(0, len(channel_names), batch):
        Presence.objects.filter(channel_name__in=channel_names[i : i + batch]).update(seen_at=now)


def presence_remove(channel_name: str) -> None:
    Presence.objects.filter(channel_name=channel_name).delete()


def on_socket_opened(sender, *, user, channel_name: str, **kwargs) -> None:
    presence_add(user, channel_name)


def on_sockets_alive(sender, *, channel_names: list[str], **kwargs) -> None:
    presence_touch(channel_names)


def on_socket_closed(sender, *, channel_name: str, **kwargs) -> None:
    presence_remove(channel_name)


def presence_prune(now: datetime) -> int:
    """Forget the rows of sockets whose server died without closing them (worker)."""
    return Presence.objects.filter(seen_at__lt=now - PRESENCE_TTL).delete()[0]


def is_connected(user, now: datetime | None = None) -> bool:
    now = now or timezone.now()
    return Presence.objects.filter(user=user, seen_at__gte=now - PRESENCE_TTL).exists()


def online_users(now: datetime):
    """The ids of the users connected at `now`, as a subquery (the lobby lists a live open
    game only while its creator is online: games.selectors.open_games)."""
    return Presence.objects.filter(seen_at__gte=now - PRESENCE_TTL).values("user_id")


# --- notifications --------------------------------------------------------------------------


def email_preference(user) -> str:
    profile = Profile.objects.filter(user=user).first()
    return profile.notify if profile is not None else Profile.Notify.OFF


def notify(user, kind: str, text: str, *, game=None, now: datetime | None = None) -> Notification:
    """Store a notification and push it to the user's sockets once committed."""
    now = now or timezone.now()
    email: str = Notification.Email.NONE
    if kind in EMAIL_KINDS and verified_email(user) and not is_connected(user, now):
        by_preference: dict[str, str] = {
            Profile.Notify.TURN: Notification.Email.PENDING,
            Profile.Notify.DAILY: Notification.Email.DIGEST,
        }
        email = by_preference.get(email_preference(user), Notification.Email.NONE)
    if game is not None:
        # One unread entry per game: the newest says what matters now (a badge of 17 after
        # one game said nothing). The older ones stay in the list, read; a pending email of
        # theirs is then skipped by the worker, as for any notice read before it went out.
        Notification.objects.filter(user=user, game=game, read_at__isnull=True).update(read_at=now)
    note = Notification.objects.create(
        user=user, kind=kind, game=game, text=text, created=now, email=email
    )
    transaction.on_commit(lambda: push(note))
    return note


def already_notified(user, kind: str, game, since: datetime | None) -> bool:
    qs = Notification.objects.filter(user=user, kind=kind, game=game)
    if since is not None:
        qs = qs.filter(created__gte=since)
    return qs.exists()


def as_json(note: Notification) -> dict:
    return {
        "id": note.pk,
        "kind": note.kind,
        "game": note.game_id,
        "text": note.text,
        "created": note.created,
        "read_at": note.read_at,
    }


def push(note: Notification) -> None:
    realtime.push_to_user(
        note.user_id,
        {"type": "notification", "notification": as_json(note), "unread": unread_count(note.user)},
    )


def unread_count(user) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def user_notifications(user, *, unread_only: bool = False, limit: int = 100):
    qs = Notification.objects.filter(user=user)
    if unread_only:
        qs = qs.filter(read_at__isnull=True)
    return list(qs[:limit])


def mark_read(user, ids: list[int] | None = None, *, now: datetime | None = None) -> int:
    """Mark the user's notifications read (all of them when `ids` is None). Returns how many."""
    qs = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        qs = qs.filter(pk__in=ids)
    count = qs.update(read_at=now or timezone.now())
    if count:
        unread = unread_count(user)
        transaction.on_commit(
            lambda: realtime.push_to_user(
                user.pk, {"type": "notifications.unread", "unread": unread}
            )
        )
    return count
