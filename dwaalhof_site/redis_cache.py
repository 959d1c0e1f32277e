"""Django's Redis cache with one connection pool per process.

Django gives every request (every asyncio context under ASGI) a cache object of its own, and
its Redis cache builds a client with a new connection pool for each: every throttled request
opened a new TCP connection to Redis and said HELLO before its one GET. Here all cache
objects of one configuration share one client, so the connections are reused (redis-py's
pool is thread-safe); and that client keeps its redis.Redis objects instead of building one
per call.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property

_lock = threading.Lock()


class KeptClientsRedisCacheClient(RedisCacheClient):
    """Django builds a new redis.Redis at every get_client(), once per cache call: its table
    of ~170 response callbacks made each ~65 us of CPU (a move paid it in its rate limits).
    A client is thread-safe over its connection pool, so one is kept per pool."""

    _get_connection_pool_index: Callable[[bool], int]  # Django's (django-stubs lacks it)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._kept: dict[int, Any] = {}  # pool index -> client

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        index = self._get_connection_pool_index(write)
        client = self._kept.get(index)
        if client is None:
            client = self._kept[index] = super().get_client(key, write=write)
        return client


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
                client = _clients[key] = KeptClientsRedisCacheClient(self._servers, **self._options)
        return client
