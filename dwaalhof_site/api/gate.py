"""Whether an account may use the site right now. An app that can bar an account (moderation:
a suspension) registers a check here in its AppConfig.ready(), with the relation of the user
that check reads. The user is loaded with that relation joined (accounts.backends for a
session, tokens.services.find for a token), so the check costs no query of its own; the API
layer, accounts and tokens never import the app that bars.

A barred session is ended and answered with the refusal (accounts.gate); a barred token and
a barred login are refused with it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rest_framework import exceptions

from .errors import ApiError


class AccountBarred(ApiError, exceptions.APIException):  # type: ignore[misc]
    """A refusal of the account itself (suspended, ...). Also a DRF APIException, so DRF's
    authentication marks the request anonymous before it passes the refusal on (the error
    handler then answers it as any ApiError, with its code and params)."""

    status = status_code = 403
    code = "account_barred"


Check = Callable[[Any], AccountBarred | None]
_checks: list[Check] = []
_joins: list[str] = []


def register(check: Check, *, join: str | None = None) -> None:
    """`check(user)` answers the refusal of a barred user, else None; `join` names the
    relation of the user it reads (a one-to-one), loaded in the same query as the user."""
    if check not in _checks:
        _checks.append(check)
    if join and join not in _joins:
        _joins.append(join)


def user_joins() -> list[str]:
    """The relations of a user the checks read (for select_related)."""
    return list(_joins)


def refusal(user: Any) -> AccountBarred | None:
    """Why `user` may not use the site now, or None."""
    if user is None or not user.is_authenticated:
        return None
    for check in _checks:
        if (barred := check(user)) is not None:
            return barred
    return None
