"""Reads of notifications (the bell), marking them read, and presence (is a player
connected right now, and which game do they watch?). Notifications are written by one place
only: notifications.pipeline."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from accounts.models import Profile
from games import realtime
from games.signals import PRESENCE_REFRESH

from .models import Notification, Presence

# The game sockets refresh their rows every PRESENCE_REFRESH seconds (games.signals).
PRESENCE_TTL = timedelta(seconds=3 * PRESENCE_REFRESH)  # older rows: a crashed server's


# --- presence -------------------------------------------------------------------------------


def presence_add(user, channel_name: str, game_id: int | None = None) -> None:
    """A socket opened; a game's socket (`game_id`) starts out watching its game."""
    Presence.objects.update_or_create(
        channel_name=channel_name,
        defaults={"user": user, "seen_at": timezone.now(), "watching": game_id},
    )


def presence_touch(channel_names: list[str], batch: int = 500) -> None:
    now = timezone.now()
    for i in range(0, len(channel_names), batch):
        Presence.objects.filter(channel_name__in=channel_names[i : i + batch]).update(seen_at=now)


def presence_remove(channel_name: str) -> None:
    Presence.objects.filter(channel_name=channel_name).delete()


def presence_watch(channel_name: str, game_id: int | None) -> None:
    """The socket's page became visible on `game_id`, or hidden (None)."""
    Presence.objects.filter(channel_name=channel_name).update(
        watching=game_id, seen_at=timezone.now()
    )


def on_socket_opened(sender, *, user, channel_name: str, game_id=None, **kwargs) -> None:
    presence_add(user, channel_name, game_id)


def on_sockets_alive(sender, *, channel_names: list[str], **kwargs) -> None:
    presence_touch(channel_names)


def on_socket_closed(sender, *, channel_name: str, **kwargs) -> None:
    presence_remove(channel_name)


def presence_prune(now: datetime) -> int:
    """Forget the rows of sockets whose server died without closing them (worker)."""
    return Presence.objects.filter(seen_at__lt=now - PRESENCE_TTL).delete()[0]


def open_sockets(user, now: datetime | None = None) -> list[int | None]:
    """The game each fresh socket of the player shows in a visible page (None: no game, or
    a hidden page). Stale rows (a crashed server's) do not count."""
    now = now or timezone.now()
    fresh = Presence.objects.filter(user=user, seen_at__gte=now - PRESENCE_TTL)
    return list(fresh.values_list("watching", flat=True))


def is_connected(user, now: datetime | None = None) -> bool:
    return bool(open_sockets(user, now))


def online_users(now: datetime):
    """The ids of the users connected at `now`, as a subquery (the lobby lists a live open
    game only while its creator is online: games.selectors.open_games)."""
    return Presence.objects.filter(seen_at__gte=now - PRESENCE_TTL).values("user_id")


def is_watching(user, game_id: int | None, now: datetime | None = None) -> bool:
    """Is a fresh socket of the player showing this game in a visible page right now? When
    unsure (no such row, or a stale one: a crashed server's, a hidden tab) the answer is no,
    so the notice is sent."""
    return game_id is not None and game_id in open_sockets(user, now)


# --- notifications --------------------------------------------------------------------------


def email_preference(user) -> str:
    profile = Profile.objects.filter(user=user).first()
    return profile.notify if profile is not None else Profile.Notify.OFF


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
        "past": note.past_at is not None,
    }


def to_bell(note: Notification) -> None:
    """Show a new notice in the player's open bells (the notifications socket)."""
    realtime.push_to_user(
        note.user_id,
        {"type": "notification", "notification": as_json(note), "unread": unread_count(note.user)},
    )


def bell_changed(user_id: int) -> None:
    """Entries of the player's bell changed (marked past): open bells fetch the list again."""
    realtime.push_to_user(
        user_id, {"type": "notifications.changed", "unread": unread_count(user_id)}
    )


def unread_count(user) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def user_notifications(user, *, unread_only: bool = False, limit: int = 100):
    """The bell: one entry per game (its newest notice; older notices of the game stay in the
    database, e.g. for their mail state) and every notice without a game."""
    newer = Notification.objects.filter(
        user=OuterRef("user"), game=OuterRef("game"), pk__gt=OuterRef("pk")
    )
    qs = Notification.objects.filter(user=user).annotate(has_newer=Exists(newer))
    qs = qs.exclude(game__isnull=False, has_newer=True)
    if unread_only:
        qs = qs.filter(read_at__isnull=True)
    return list(qs[:limit])


def mark_read(
    user, ids: list[int] | None = None, *, game: int | None = None, now: datetime | None = None
) -> int:
    """Mark the user's notifications read: those in `ids`, those of `game` (the game the
    player opened), or all of them. Returns how many."""
    qs = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        qs = qs.filter(pk__in=ids)
    if game is not None:
        qs = qs.filter(game_id=game)
    count = qs.update(read_at=now or timezone.now())
    if count:
        unread = unread_count(user)
        transaction.on_commit(
            lambda: realtime.push_to_user(
                user.pk, {"type": "notifications.unread", "unread": unread}
            )
        )
    return count
