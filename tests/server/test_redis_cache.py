"""The throttle counters' cache (Redis, with REDIS_URL) reuses its connections: Django gives
every request a cache object of its own, and each used to open a new connection to Redis."""

from __future__ import annotations

import os
import threading

import pytest
from django.core.cache import CacheHandler

pytestmark = pytest.mark.redis

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")


def connections_opened(backend: str, requests: int) -> int:
    """Connections to Redis that `requests` requests (each a thread with its own cache
    object, as under ASGI) opened for one counter read each."""
    handler = CacheHandler(
        {"default": {"BACKEND": backend, "LOCATION": REDIS_URL, "KEY_PREFIX": "test-pool"}}
    )
    clients = []

    def request() -> None:
        cache = handler["default"]
        cache.get("throttle_moves_1")
        clients.append(cache._cache)

    for _ in range(requests):
        thread = threading.Thread(target=request)
        thread.start()
        thread.join()
    pools = {id(p): p for c in clients for p in c._pools.values()}
    return sum(pool._created_connections for pool in pools.values())


def test_requests_share_one_connection_to_redis():
    assert connections_opened("dwaalhof_site.redis_cache.SharedPoolRedisCache", 5) == 1


def test_djangos_own_redis_cache_opens_one_per_request():
    # Why the shared pool exists; if Django changes this, the shared pool can go.
    assert connections_opened("django.core.cache.backends.redis.RedisCache", 5) == 5


def test_cache_calls_reuse_one_redis_client():
    """Django builds a new redis.Redis (~170 response callbacks) at every cache call; the
    shared cache keeps one per connection pool: a move's rate limits pay no client build."""
    handler = CacheHandler(
        {
            "default": {
                "BACKEND": "dwaalhof_site.redis_cache.SharedPoolRedisCache",
                "LOCATION": REDIS_URL,
                "KEY_PREFIX": "test-client",
            }
        }
    )
    cache = handler["default"]
    cache.set("throttle_moves_1", 1)
    assert cache.get("throttle_moves_1") == 1
    assert cache._cache.get_client(write=True) is cache._cache.get_client(write=True)
    assert cache._cache.get_client() is cache._cache.get_client()
