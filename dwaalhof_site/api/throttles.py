"""Scoped throttles whose rates are read from settings at request time (tests can change them).

DRF's ScopedRateThrottle binds its rates when the class is imported, so override_settings
would not reach it; these read `settings.DWAALHOF_THROTTLE_RATES` on every request. The
counters live in Django's cache (Redis when REDIS_URL is set: shared by all processes).
"""

from __future__ import annotations

import logging
import math

from django.conf import settings
from redis.exceptions import RedisError
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView

log = logging.getLogger(__name__)


class _SettingsRateThrottle(SimpleRateThrottle):
    def __init__(self) -> None:  # the base class reads the rate here; we read it per request
        pass

    def allow_request(self, request: Request, view: APIView) -> bool:
        self.rate = settings.DWAALHOF_THROTTLE_RATES.get(self.scope or "")
        if not self.rate:
            return True
        self.num_requests, self.duration = self.parse_rate(self.rate)
        try:
            return super().allow_request(request, view)
        except RedisError:
            # Redis away for a moment (restart): let the request through rather than answer
            # every move with a 500; the limit holds again as soon as Redis is back.
            log.warning("throttle %s: cache unreachable, request allowed", self.scope)
            return True


class AuthThrottle(_SettingsRateThrottle):
    """Signup, login and token: per client address, against password guessing."""

    scope = "auth"

    def get_cache_key(self, request: Request, view: APIView) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class MoveThrottle(_SettingsRateThrottle):
    """Moves, previews, resigning: per user."""

    scope = "moves"

    def get_cache_key(self, request: Request, view: APIView) -> str:
        ident = request.user.pk if request.user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


class TokenThrottle(_SettingsRateThrottle):
    """A personal access token's requests: a token bucket per token and kind (`read`: GET, HEAD
    and OPTIONS; `write`: every other method: moves, game creation, ...). The rate
    (`DWAALHOF_THROTTLE_RATES["token_read"]`, `"token_write"`) reads "N/period burst B": a
    bucket of B requests, refilled at N per period; without "burst", B is N. The bucket (its
    level and when it was last filled) lives in the cache under the token's id, so two tokens
    of one player have two buckets. Read and written without a lock, as DRF's own throttles
    do: two requests at the same instant may both take the last place.

    tokens.auth checks it where a token is admitted, not in a view's throttle_classes: a view
    that names its own throttles (the moves) would otherwise drop it."""

    def __init__(self, kind: str, token_id: int) -> None:
        # (the token comes from its authentication, which is still running: request.auth
        # would start it again)
        self.kind, self.token_id = kind, token_id
        self.scope = f"token_{kind}"
        self.waiting = 0.0

    def parse_rate(self, rate: str | None) -> tuple[int | None, int | None]:
        """DRF's "N/period" (burst set aside by allow_request)."""
        return super().parse_rate(rate.split(" burst ")[0].strip() if rate else rate)

    def allow_request(self, request: Request, view: APIView | None) -> bool:
        spec = settings.DWAALHOF_THROTTLE_RATES.get(self.scope or "")
        if not spec:
            return True
        number, duration = self.parse_rate(spec)
        _, _, burst_text = spec.partition(" burst ")
        assert number and duration, f"{self.scope}: a rate 'N/period [burst B]'"
        burst = int(burst_text) if burst_text.strip() else number
        per_second = number / duration
        key = self.cache_format % {"scope": self.scope, "ident": self.token_id}
        now = self.timer()
        try:
            level, stamp = self.cache.get(key) or (burst, now)
            level = min(burst, level + max(0.0, now - stamp) * per_second)
            if level < 1:
                self.waiting = (1 - level) / per_second
                return False
            # kept until the bucket would be full again (then a missing key is a full bucket)
            self.cache.set(key, (level - 1, now), math.ceil(burst / per_second) + 1)
        except RedisError:
            log.warning("throttle %s: cache unreachable, request allowed", self.scope)
        return True

    def wait(self) -> float:
        return self.waiting
