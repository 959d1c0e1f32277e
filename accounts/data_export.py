"""A player's own data, as one JSON document (GET /api/account/data/): the account and
profile here, and each app's part from the app that keeps it. The apps answer the signal
`account_data` (accounts never imports them: they follow accounts, as for account_deleting):
a receiver returns (section, data) with what that user may see of their own data, e.g.
games: a running game only as the player's own view, never the seed nor the opponent's
hand; chat: only what the user wrote; notifications: the user's own."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.dispatch import Signal
from django.utils import timezone

from . import services

FORMAT = "dwaalhof-account-data/1"

# Sent with `user`; each receiver returns (section name, JSON-able data).
account_data = Signal()


def account_part(user: User) -> dict[str, Any]:
    return {
        **services.account_fields(user),
        "date_joined": user.date_joined,
        "last_login": user.last_login,
    }


def collect(user: User) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": FORMAT,
        "exported_at": timezone.now(),
        "account": account_part(user),
    }
    # each receiver answers (section, data) (django-stubs types an answer as str | None)
    answers: list[Any] = [answer for _receiver, answer in account_data.send(User, user=user)]
    parts: list[tuple[str, Any]] = answers
    for section, part in sorted(parts, key=lambda pair: pair[0]):
        data[section] = part
    return data
