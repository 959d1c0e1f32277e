"""The signed links in a notification mail (docs/api.md, "One-click links"):

- the game link, `/m/<token>`: opens that one game for that player without a password, once,
  for GAME_LINK_AGE; the session it makes is limited to the game (notifications.limited);
- the unsubscribe link, `/api/unsubscribe/<token>` (RFC 8058): turns the player's
  notification mail off, without login.

Each has a salt of its own, so neither token is good for the other (nor for any other of
Django's signatures). A game link also carries a fragment of a hash of the player's password
hash: a new password kills every link sent before it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.db import IntegrityError, transaction
from django.utils.crypto import constant_time_compare, salted_hmac

from .models import UsedLink

GAME_LINK_SALT = "dwaalhof.mail.game-link"
UNSUBSCRIBE_SALT = "dwaalhof.mail.unsubscribe"
GAME_LINK_AGE = timedelta(days=3)


class BadLink(ValueError):
    """The link is forged, expired, used already, or its player's password changed."""


@dataclass(frozen=True)
class GameLink:
    user: Any
    game_id: int


def _site() -> str:
    return settings.DWAALHOF_SITE_URL.rstrip("/")


def _password_part(user: Any) -> str:
    """Changes when the password does (as Django's password-reset tokens do)."""
    return salted_hmac(GAME_LINK_SALT, user.password or "").hexdigest()[:16]


def game_link_token(user: Any, game_id: int) -> str:
    payload = {"u": user.pk, "g": game_id, "n": secrets.token_hex(8), "p": _password_part(user)}
    return signing.dumps(payload, salt=GAME_LINK_SALT, compress=True)


def game_link(user: Any, game_id: int) -> str:
    return f"{_site()}/m/{game_link_token(user, game_id)}"


def _game_link_payload(token: str) -> dict[str, Any]:
    try:
        payload = signing.loads(token, salt=GAME_LINK_SALT, max_age=GAME_LINK_AGE)
    except signing.BadSignature as err:  # SignatureExpired is one too
        raise BadLink(str(err)) from err
    if not isinstance(payload, dict) or not {"u", "g", "n", "p"} <= payload.keys():
        raise BadLink("not a game link")
    if not all(isinstance(payload[k], int) for k in "ug"):
        raise BadLink("not a game link")
    return payload


def peek(token: str) -> tuple[int, int]:
    """The (player id, game id) a genuine, unexpired link names; it is not used up."""
    payload = _game_link_payload(token)
    return int(payload["u"]), int(payload["g"])


def check_unused(token: str) -> None:
    """Raises BadLink when the link was opened already (its page then says nothing more)."""
    if UsedLink.objects.filter(nonce=str(_game_link_payload(token)["n"])[:32]).exists():
        raise BadLink("used already")


def open_game_link(token: str, now: datetime) -> GameLink:
    """The player and game of a valid link, which is then used up (one use). Raises BadLink."""
    payload = _game_link_payload(token)
    user = get_user_model().objects.filter(pk=payload["u"], is_active=True).first()
    if user is None or not constant_time_compare(str(payload["p"]), _password_part(user)):
        raise BadLink("the password changed since")
    try:
        with transaction.atomic():
            UsedLink.objects.create(nonce=str(payload["n"])[:32], used_at=now)
    except IntegrityError as err:
        raise BadLink("used already") from err
    return GameLink(user=user, game_id=int(payload["g"]))


def prune_used(now: datetime) -> int:
    """Forget the used links that would have expired anyway (their signature refuses them)."""
    return UsedLink.objects.filter(used_at__lt=now - GAME_LINK_AGE - timedelta(days=1)).delete()[0]


def unsubscribe_token(user: Any) -> str:
    """No expiry: a mail read a month later must still be able to stop the next ones."""
    return signing.dumps({"u": user.pk}, salt=UNSUBSCRIBE_SALT)


def unsubscribe_url(user: Any) -> str:
    return f"{_site()}/api/unsubscribe/{unsubscribe_token(user)}"


def unsubscribe_user(token: str) -> Any | None:
    """The player of a genuine unsubscribe token, else None."""
    try:
        payload = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    if not isinstance(payload, dict) or not isinstance(payload.get("u"), int):
        return None
    return get_user_model().objects.filter(pk=payload["u"]).first()
