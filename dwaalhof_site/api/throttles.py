"""Scoped throttles whose rates are read from settings at request time (tests can change them).

DRF's ScopedRateThrottle binds its rates when the class is imported, so override_settings
would not reach it; these read `settings.DWAALHOF_THROTTLE_RATES` on every request. The
counters live in Django's cache (Redis when REDIS_URL is set: shared by all processes).
"""

from __future__ import annotations

import logging

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
