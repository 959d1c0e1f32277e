"""Scoped throttles whose rates are read from settings at request time (tests can change them).

DRF's ScopedRateThrottle binds its rates when the class is imported, so override_settings
would not reach it; these read `settings.DWAALHOF_THROTTLE_RATES` on every request. The
counters live in Django's cache (Redis when REDIS_URL is set: shared by all processes),
read and written by dwaalhof_site.api.limits: one round trip per request, however many
limits it passes (a request by token takes its place in the view's throttles together with
its bucket, `claim_with_token`).
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.base import BaseCache
from django.http import HttpRequest
from redis.exceptions import RedisError
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView

from . import limits

log = logging.getLogger(__name__)

# Not DRF's "throttle_..." keys: those held pickled values, these Redis's own (a list, text).
KEY = "limit:%(scope)s:%(ident)s"
# The request's attribute with the view throttles' answers taken ahead (TokenThrottle).
CLAIMED = "dwaalhof_claimed_limits"


class _SettingsRateThrottle(SimpleRateThrottle):
    cache_format = KEY
    waiting: float | None = None

    @property
    def cache(self) -> BaseCache:  # type: ignore[override]
        # The cache itself, not DRF's proxy to it: limits.claim asks whether it is Redis.
        return caches["default"]

    def __init__(self) -> None:  # the base class reads the rate here; we read it per request
        pass

    def ident(self, request: Request, user: Any) -> Any:
        """Whom the counter is for: the client's address (AuthThrottle and the like)."""
        return self.get_ident(request)

    def get_cache_key(self, request: Request, view: APIView | None) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.ident(request, request.user)}

    def limit(self, request: Request, user: Any) -> limits.Window | None:
        """This throttle's window for the request by `user`; None: no rate set."""
        rate = settings.DWAALHOF_THROTTLE_RATES.get(self.scope or "")
        if not rate:
            return None
        number, duration = self.parse_rate(rate)
        assert number is not None and duration is not None
        key = self.cache_format % {"scope": self.scope, "ident": self.ident(request, user)}
        return limits.Window(key, number, duration)

    def allow_request(self, request: Request, view: APIView) -> bool:
        claimed = _claimed(request).get(self.scope or "")
        if claimed is not None:  # taken with the token's bucket (claim_with_token)
            allowed, self.waiting = claimed
            return allowed
        limit = self.limit(request, request.user)
        if limit is None:
            return True
        try:
            refusal = limits.claim(self.cache, [limit], self.timer())
        except RedisError:
            # Redis away for a moment (restart): let the request through rather than answer
            # every move with a 500; the limit holds again as soon as Redis is back.
            log.warning("throttle %s: cache unreachable, request allowed", self.scope)
            return True
        if refusal is None:
            return True
        self.waiting = refusal.wait
        return False

    def wait(self) -> float | None:
        return self.waiting


def _claimed(request: Request | HttpRequest) -> dict[str, tuple[bool, float | None]]:
    """The view throttles' answers taken ahead with a token's bucket, by scope."""
    return getattr(getattr(request, "_request", request), CLAIMED, {})


class AuthThrottle(_SettingsRateThrottle):
    """Signup, login and token: per client address, against password guessing."""

    scope = "auth"


class MoveThrottle(_SettingsRateThrottle):
    """Moves, previews, resigning: per user."""

    scope = "moves"

    def ident(self, request: Request, user: Any) -> Any:
        return user.pk if user is not None and user.is_authenticated else self.get_ident(request)


class TokenThrottle(_SettingsRateThrottle):
    """A personal access token's requests: a token bucket per token and kind (`read`: GET, HEAD
    and OPTIONS; `write`: every other method: moves, game creation, ...). The rate
    (`DWAALHOF_THROTTLE_RATES["token_read"]`, `"token_write"`) reads "N/period burst B": a
    bucket of B requests, refilled at N per period; without "burst", B is N. The bucket (its
    level and when it was last filled) lives in the cache under the token's id, so two tokens
    of one player have two buckets. On Redis read and written in one script (atomic); in the
    in-process cache without a lock, as DRF's own throttles do: two requests at the same
    instant may both take the last place.

    tokens.auth checks it where a token is admitted, not in a view's throttle_classes: a view
    that names its own throttles (the moves) would otherwise drop it. It takes the view's
    throttles' places for the token's user in the same round trip, after its own bucket's
    (so not when the bucket is empty, as when they ran after it); their answers wait on the
    request for the view's throttle check. A request that a view's permission then refuses
    (a bot's token without bot:play) has taken its place in them as in the bucket, where
    before it took the bucket's only: stricter, and only for requests that fail anyway."""

    def __init__(self, kind: str, token_id: int, user: Any = None) -> None:
        # (the token comes from its authentication, which is still running: request.auth
        # and request.user would start it again, hence the user given here)
        self.kind, self.token_id, self.user = kind, token_id, user
        self.scope = f"token_{kind}"
        self.waiting = 0.0

    def parse_rate(self, rate: str | None) -> tuple[int | None, int | None]:
        """DRF's "N/period" (burst set aside by bucket())."""
        return super().parse_rate(rate.split(" burst ")[0].strip() if rate else rate)

    def bucket(self) -> limits.Bucket | None:
        spec = settings.DWAALHOF_THROTTLE_RATES.get(self.scope or "")
        if not spec:
            return None
        number, duration = self.parse_rate(spec)
        _, _, burst_text = spec.partition(" burst ")
        assert number and duration, f"{self.scope}: a rate 'N/period [burst B]'"
        burst = int(burst_text) if burst_text.strip() else number
        key = self.cache_format % {"scope": self.scope, "ident": self.token_id}
        return limits.Bucket(key, burst, number / duration)

    def allow_request(self, request: Request, view: APIView | None) -> bool:
        bucket = self.bucket()
        windows: list[tuple[str, limits.Window]] = []
        if view is not None and self.user is not None:
            for throttle in view.get_throttles():
                if isinstance(throttle, _SettingsRateThrottle) and throttle.scope:
                    if (window := throttle.limit(request, self.user)) is not None:
                        windows.append((throttle.scope, window))
        taken: list[limits.Limit] = [bucket] if bucket else []
        first_window = len(taken)
        try:
            refusal = limits.claim(self.cache, [*taken, *(w for _, w in windows)], self.timer())
        except RedisError:
            log.warning("throttle %s: cache unreachable, request allowed", self.scope)
            return True
        if refusal is not None and refusal.index < first_window:
            self.waiting = refusal.wait or 0.0
            return False
        answers: dict[str, tuple[bool, float | None]] = {}
        for index, (scope, _) in enumerate(windows, start=first_window):
            if refusal is None or index < refusal.index:
                answers[scope] = (True, None)
            elif index == refusal.index:
                answers[scope] = (False, refusal.wait)
            else:
                break  # not taken: the view's check takes it on its own, as DRF checks all
        setattr(getattr(request, "_request", request), CLAIMED, answers)
        return True

    def wait(self) -> float:
        return self.waiting or 0.0
