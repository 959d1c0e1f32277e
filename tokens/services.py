"""Making, finding and revoking personal access tokens."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from datetime import timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from dwaalhof_site.api.prepared import PreparedRead

from . import scopes as scope_table
from .models import PersonalToken

PREFIX = "dwh_"
# A script that logs in with POST /api/auth/token on every start makes a token each time;
# beyond this many, the least recently used of those goes.
MAX_FROM_PASSWORD = 20
# last_used is written at most this often per token (not a write on every request).
LAST_USED_EVERY = timedelta(minutes=1)


def digest(secret: str) -> str:
    # A token is 256 random bits: a plain hash is enough (no salt, no slow hash needed).
    return hashlib.sha256(secret.encode()).hexdigest()


def issue(
    user: User, name: str, scopes: Iterable[str] = scope_table.ALL, *, from_password: bool = False
) -> tuple[PersonalToken, str]:
    """A new token and its secret (shown once, never stored)."""
    wanted = set(scopes)
    unknown = wanted - set(scope_table.ALL)
    if unknown:
        raise ValueError(f"unknown scopes: {sorted(unknown)}")
    secret = PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        token = PersonalToken.objects.create(
            user=user,
            name=name,
            prefix=secret[: len(PREFIX) + 4],
            digest=digest(secret),
            scopes=[s for s in scope_table.ALL if s in wanted],
            from_password=from_password,
        )
        if from_password:
            _trim_password_tokens(user)
    return token, secret


def _trim_password_tokens(user: User) -> None:
    live = PersonalToken.objects.filter(user=user, from_password=True, revoked=None)
    keep = live.order_by("-last_used", "-created", "-id").values_list("id", flat=True)
    old = list(keep[MAX_FROM_PASSWORD:])
    if old:
        PersonalToken.objects.filter(id__in=old).update(revoked=timezone.now())


def _live_token_query(token_digest: str) -> QuerySet[PersonalToken]:
    # (late: DRF reads tokens.auth, which imports this module, while gate's errors import DRF)
    from dwaalhof_site.api import gate

    joins = ("user__profile", *(f"user__{join}" for join in gate.user_joins()))
    # The digest is unique: no order needed (Django's first() would compile an ORDER BY).
    query = PersonalToken.objects.select_related(*joins).filter(digest=token_digest)
    return query.filter(revoked=None).order_by()


# Every API request by token reads it: compiled once per connection (dwaalhof_site.api.prepared).
# "-" is no SHA-256 digest.
_live_token = PreparedRead(_live_token_query, "-")


def find(secret: str) -> PersonalToken | None:
    """The live token with this secret (and its user with the profile, and what the account
    checks read: dwaalhof_site.api.gate), or None."""
    found = _live_token(digest(secret))
    token = found[0] if found else None
    if token is None or not token.user.is_active:
        return None
    now = timezone.now()
    if token.last_used is None or now - token.last_used >= LAST_USED_EVERY:
        PersonalToken.objects.filter(pk=token.pk).update(last_used=now)
        token.last_used = now
    return token


def revoke(user: User, token_id: int) -> bool:
    """Revoke one of the user's tokens; False when there is no such live token."""
    return bool(
        PersonalToken.objects.filter(user=user, pk=token_id, revoked=None).update(
            revoked=timezone.now()
        )
    )


def revoke_all(user: User) -> int:
    """Revoke every token of the user (a password reset, a deleted account)."""
    return PersonalToken.objects.filter(user=user, revoked=None).update(revoked=timezone.now())


def live_tokens(user: User) -> QuerySet[PersonalToken]:
    return PersonalToken.objects.filter(user=user, revoked=None)
