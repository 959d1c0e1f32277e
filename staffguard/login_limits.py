"""Password guessing: limits per account name and per address, with growing delays, on top
of django-axes (docs/deploy.md, "Logins").

django-axes records every failed `authenticate()` (the API's login and token, allauth's
headless login, the admin's login) and refuses a locked one before any password is checked
(its AxesStandaloneBackend comes first in AUTHENTICATION_BACKENDS). This module is the
policy it runs with (settings.AXES_*):

- Two limits, each on its own: `account` failures for one account name (in any case, from
  any address) lock that name; `address` failures from one address (over any names) lock the
  address. A name that has no account is counted and locked the same way, so the answers
  never tell the two apart.
- A failure counts until it expires: `base_seconds` after it, doubled for every lockout of
  the same name or address in the last `memory_hours` (so the second lockout lasts twice as
  long, the third four times, up to `max_seconds`). A locked login is refused without being
  recorded, so the lockout ends when its failures expire.
- Each lockout is written once (staffguard.models.LoginLockout, in the admin) and a locked
  account name sends `account_locked_out` once, which mails the owner (accounts.notices).
- The refusal: 429 with Retry-After; the API's is the JSON error `login_locked`."""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from django.utils.translation import gettext_noop as _
from rest_framework.throttling import BaseThrottle

from dwaalhof_site.api.errors import ApiError
from dwaalhof_site.api.language import request_language

from .models import LoginLockout
from .signals import account_locked_out

ACCOUNT, ADDRESS = str(LoginLockout.Kind.ACCOUNT), str(LoginLockout.Kind.ADDRESS)
DEFAULTS = {
    "account": 5,
    "address": 20,
    "base_seconds": 60,
    "max_seconds": 3600,
    "memory_hours": 24,
}


def limits() -> dict[str, int]:
    return {**DEFAULTS, **getattr(settings, "DWAALHOF_LOGIN_LIMITS", {})}


class LoginLocked(ApiError):
    """429: too many failed logins for this account name or from this address."""

    status = 429
    code = "login_locked"
    detail = _(
        "Te veel mislukte pogingen om in te loggen. Probeer het over %(minutes)s minuten opnieuw."
    )

    @classmethod
    def after(cls, seconds: int) -> LoginLocked:
        return cls(
            params={"retry_after": seconds, "minutes": max(1, math.ceil(seconds / 60))},
            retry_after=seconds,
        )


# --- what axes asks (settings.AXES_CLIENT_IP_CALLABLE, AXES_USERNAME_CALLABLE, ...) ----------


def client_address(request: HttpRequest) -> str:
    """The client's address as the API's throttles see it (REST_FRAMEWORK's NUM_PROXIES:
    behind N proxies the Nth address from the right of X-Forwarded-For)."""
    # no address (a test client): a valid one, since PostgreSQL keeps it as inet
    return BaseThrottle().get_ident(request) or "0.0.0.0"  # type: ignore[arg-type]  # noqa: S104 — an address stored, never bound to


def login_name(request: HttpRequest, credentials: dict[str, Any] | None) -> str | None:
    """The account name tried, in lower case (logins are case-insensitive through allauth's
    backend, so "Anna" and "ANNA" are one name to guess). Kept on the request for cool_off."""
    raw = (credentials or {}).get("username")
    if raw is None:
        data = getattr(request, "data", None) or getattr(request, "POST", {})
        raw = data.get("username") if hasattr(data, "get") else None
    name = str(raw).strip().lower()[:255] if raw else None
    if name is not None and request is not None:
        request.dwaalhof_login_name = name  # type: ignore[attr-defined]
    return name


def _keys(request: HttpRequest) -> dict[str, str]:
    keys: dict[str, str] = {
        ADDRESS: getattr(request, "axes_ip_address", None) or client_address(request)
    }
    name = getattr(request, "dwaalhof_login_name", None)
    if name:
        keys[ACCOUNT] = name
    return keys


def cool_off(request: HttpRequest | None) -> timedelta:
    """How long a failure counts (settings.AXES_COOLOFF_TIME): base_seconds, doubled for
    each recent lockout of this name or address, at most max_seconds."""
    conf = limits()
    if request is None:
        return timedelta(seconds=conf["base_seconds"])
    since = timezone.now() - timedelta(hours=conf["memory_hours"])
    match = Q()
    for kind, key in _keys(request).items():
        match |= Q(kind=kind, key=key)
    counts = LoginLockout.objects.filter(match, started__gte=since).values("kind")
    recent = max((row["n"] for row in counts.annotate(n=Count("id"))), default=0)
    seconds = min(conf["base_seconds"] * 2 ** min(recent, 20), conf["max_seconds"])
    return timedelta(seconds=seconds)


def _lifts_at(field: str, key: str, limit: int, now: datetime) -> tuple[datetime, int] | None:
    """When the lock on `key` ends (the failures still counting drop below `limit`), and how
    many count; None when it is not locked."""
    rows = list(
        AccessAttempt.objects.filter(**{field: key}, expiration__expires_at__gt=now)
        .order_by("expiration__expires_at")
        .values_list("failures_since_start", "expiration__expires_at")
    )
    total = counted = sum(failures for failures, _ in rows)
    if total < limit:
        return None
    for failures, expires in rows:
        total -= failures
        if total < limit:
            return expires, counted
    return None  # not reached: the sum of no rows is below any limit


def locks(request: HttpRequest) -> dict[str, tuple[datetime, int]]:
    """The limits this request's name and address are over: kind -> (until, failures)."""
    conf, now = limits(), timezone.now()
    keys = _keys(request)
    found: dict[str, tuple[datetime, int]] = {}
    for kind, field in ((ACCOUNT, "username"), (ADDRESS, "ip_address")):
        if kind in keys and (lock := _lifts_at(field, keys[kind], conf[kind], now)):
            found[kind] = lock
    return found


def retry_after(request: HttpRequest) -> int:
    """Seconds until this request's name and address may try again (at least 1)."""
    ends = [until for until, _ in locks(request).values()]
    if not ends:
        return 1
    return max(1, math.ceil((max(ends) - timezone.now()).total_seconds()))


class LoginLimitHandler(AxesDatabaseHandler):
    """axes' database handler with our two limits (settings.AXES_HANDLER). axes locks when
    get_failures() reaches AXES_FAILURE_LIMIT (1): here, the number of limits reached."""

    def get_failures(self, request: HttpRequest, credentials: dict | None = None) -> int:
        login_name(request, credentials)
        return len(locks(request))


def lockout_response(
    request: HttpRequest, original: HttpResponse | None = None, *args: Any
) -> HttpResponse:
    """settings.AXES_LOCKOUT_CALLABLE: AxesMiddleware's answer to a locked login. The API's
    views already answer LoginLocked (kept); allauth's headless login gets the same JSON; the
    admin's login page (its form says why) is sent with the status."""
    seconds = retry_after(request)
    response: HttpResponse
    if not isinstance(original, HttpResponse):
        original = None
    if request.path.startswith("/api/"):
        if original is not None and original.status_code == 429:
            response = original
        else:
            body = LoginLocked.after(seconds).body(request_language(request))
            response = JsonResponse(body, status=429)
    elif original is not None:
        response = original
        response.status_code = 429
    else:
        response = HttpResponse("Too many failed logins: try again later.", status=429)
    response["Retry-After"] = str(seconds)
    return response


def on_locked_out(sender: Any, request: HttpRequest, username: str | None, **kwargs: Any) -> None:
    """axes.signals.user_locked_out (sent on the failure that locks, and again on every
    refused attempt): write each new lockout once; a locked account name tells its owner."""
    now = timezone.now()
    for kind, (until, failures) in locks(request).items():
        key = _keys(request)[kind]
        if LoginLockout.objects.filter(kind=kind, key=key, until__gt=now).exists():
            continue  # this lockout is already written (and its owner told)
        LoginLockout.objects.create(kind=kind, key=key, started=now, until=until, failures=failures)
        if kind == ACCOUNT:
            account_locked_out.send(
                sender=LoginLockout, username=key, until=until, failures=failures
            )
