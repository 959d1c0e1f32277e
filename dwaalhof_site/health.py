"""Liveness and readiness for the reverse proxy and an orchestrator (django-health-check).

- `/health/live/`: the process answers (no outside service is asked: a database outage must
  not make an orchestrator restart every web process).
- `/health/ready/`: the database answers a query, Django's cache works, and with REDIS_URL
  Redis (channel layer, cache) answers a ping. 503 when any of them fails: take this process
  out of rotation until it is back.

Both answer JSON with `Accept: application/json` or `?format=json` (HTML by default).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from health_check.views import HealthCheckView


def readiness_checks() -> list:
    checks: list = ["health_check.checks.Database", "health_check.checks.Cache"]
    layer: dict[str, Any] = settings.CHANNEL_LAYERS["default"]
    redis_hosts = layer.get("CONFIG", {}).get("hosts")
    if redis_hosts:
        from redis.asyncio import Redis

        ping = partial(Redis.from_url, redis_hosts[0]["address"], socket_timeout=3)
        checks.append(("health_check.contrib.redis.Redis", {"client_factory": ping}))
    return checks


class ReadinessView(HealthCheckView):
    @property
    def checks(self) -> list:  # read per request: what is configured now
        return readiness_checks()

    async def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = await super().get(request, *args, **kwargs)
        if response.status_code == 500:  # the library's "a check failed"
            response.status_code = 503  # what proxies and orchestrators read as "not ready"
        return response


live = HealthCheckView.as_view(checks=())
ready = ReadinessView.as_view()
