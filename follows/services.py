"""Following players: follow, unfollow, the list of the players I follow (with who of them is
online now), and the question the profile asks (do I follow this player?).

Who may follow whom: not yourself, not a deleted or closed account, not across a block in
either direction (moderation.services.blocked_between); a block made later removes the
follows both ways (follows.apps). At most FOLLOWS_MAX follows per account (docs/api.md)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import display_name, is_bot
from moderation import services as moderation
from notifications.services import online_users
from ratings.services import rating_payload

from . import errors
from .models import Follow

# The most players one account may follow: a list the lobby shows whole, and a bound on
# what one account can write (docs/api.md, "Follows").
FOLLOWS_MAX = 500


def follow(*, follower: Any, username: str, now: datetime | None = None) -> tuple[Follow, bool]:
    """Follow the player named `username` (any case): (the follow, whether it is new). Following
    one already followed changes nothing (PUT is idempotent)."""
    target = moderation.player_named(username)
    if target.pk == follower.pk:
        raise errors.CannotFollowSelf()
    if moderation.blocked_between(follower, target):
        raise errors.FollowBlocked()
    with transaction.atomic():
        # one follower's writes one at a time: two at once cannot pass the limit together
        get_user_model().objects.select_for_update().filter(pk=follower.pk).first()
        existing = Follow.objects.filter(follower=follower, followed=target).first()
        if existing is not None:
            existing.followed = target
            return existing, False
        if Follow.objects.filter(follower=follower).count() >= FOLLOWS_MAX:
            raise errors.TooManyFollows(params={"max": FOLLOWS_MAX})
        made = Follow.objects.create(
            follower=follower, followed=target, created=now or timezone.now()
        )
    return made, True


def unfollow(*, follower: Any, username: str) -> None:
    """Stop following `username`; not following them already is no error (DELETE is
    idempotent). PlayerNotFound: no such player and no follow of that name."""
    deleted, _ = Follow.objects.filter(
        follower=follower, followed__username__iexact=username
    ).delete()
    if not deleted:
        moderation.player_named(username)  # 404 for a name nobody has


def is_following(viewer: Any, player: Any) -> bool | None:
    """Whether `viewer` follows `player`; None for an anonymous viewer or their own profile."""
    if viewer is None or not viewer.is_authenticated or viewer.pk == player.pk:
        return None
    return Follow.objects.filter(follower=viewer, followed=player).exists()


def unfollow_both_ways(a: Any, b: Any) -> int:
    """A block between `a` and `b` ends their follows (either direction)."""
    return Follow.objects.filter(Q(follower=a, followed=b) | Q(follower=b, followed=a)).delete()[0]


def followed_payload(user: Any, *, online: bool, since: datetime) -> dict[str, Any]:
    return {
        "username": user.username,
        "display_name": display_name(user),
        "bot": is_bot(user),
        "online": online,
        "rating": rating_payload(getattr(user, "rating", None)),
        "since": since,
    }


def follows_of(user: Any, now: datetime | None = None) -> list[dict[str, Any]]:
    """The players `user` follows (not deleted or closed accounts): online ones first, then by
    display name."""
    now = now or timezone.now()
    rows = list(
        Follow.objects.filter(
            follower=user, followed__is_active=True, followed__profile__deleted_at=None
        ).select_related("followed__profile", "followed__rating")
    )
    ids = [row.followed_id for row in rows]
    online = set(online_users(now).filter(user_id__in=ids).values_list("user_id", flat=True))
    listed = [
        followed_payload(r.followed, online=r.followed_id in online, since=r.created) for r in rows
    ]
    listed.sort(key=lambda p: (not p["online"], p["display_name"].casefold(), p["username"]))
    return listed


def payload_of(row: Follow, now: datetime | None = None) -> dict[str, Any]:
    """One follow as the list shows it (the answer to PUT)."""
    now = now or timezone.now()
    online = online_users(now).filter(user_id=row.followed_id).exists()
    return followed_payload(row.followed, online=online, since=row.created)
