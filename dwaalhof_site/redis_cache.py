"""Django's Redis cache with one connection pool per process.

Django gives every request (every asyncio context under ASGI) a cache object of its own, and
its Redis cache builds a client with a new connection pool for each: every throttled request
opened a new TCP connection to Redis and said HELLO before its one GET. Here all cache
objects of one configuration share one client, so the connections are reused (redis-py's
pool is thread-safe).
"""

from __future__ import annotations

import threading
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property

_lock = threading.Lock()
_clients: dict[tuple[str, ...], RedisCacheClient] = {}


class SharedPoolRedisCache(RedisCache):
    # Set by Django's RedisCache.__init__ (django-stubs does not declare them).
    _servers: list[str]
    _options: dict[str, Any]
    _class: type[RedisCacheClient]

    @cached_property
    def _cache(self) -> RedisCacheClient:
        key = (*self._servers, repr(sorted(self._options.items())))
        with _lock:
            client = _clients.get(key)
            if client is None:
                client = _clients[key] = self._class(self._servers, **self._options)
        return client
