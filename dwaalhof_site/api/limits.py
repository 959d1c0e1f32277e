"""Rate limit counters, several checked and taken at once: one Redis round trip per request.

A move by token passes two limits: the token's bucket (tokens.auth) and the move throttle
(per user). Read and written one by one through Django's cache, that was four round trips to
Redis (a GET and a SET each). `claim` takes the limits in order, each one's place only while
all before it had one, and stops at the first that has none, as the checks did one by one.
On Redis (the production cache) it is one Lua script, so one round trip, and the read and
the write of a counter can no longer interleave with another process's. On any other cache
(each process's memory: development and the tests) it is the same steps in Python.

Two kinds of limit, as before:
- `Bucket`: a token bucket of `burst` places refilled at `per_second`; the counter is its
  level and when it was last filled, kept until the bucket would be full again.
- `Window`: DRF's throttle, at most `number` requests in the last `duration` seconds; the
  counter is the times of those requests, newest first, kept for `duration`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.redis import RedisCache
from redis.commands.core import Script


@dataclass(frozen=True)
class Bucket:
    key: str
    burst: int
    per_second: float


@dataclass(frozen=True)
class Window:
    key: str
    number: int
    duration: int


Limit = Bucket | Window


@dataclass(frozen=True)
class Refusal:
    index: int  # which of the limits has no place
    wait: float | None  # seconds until it has one (None: DRF's "no idea", a lowered rate)


def claim(cache: BaseCache, limits: list[Limit], now: float) -> Refusal | None:
    """Takes a place in each limit in order; at the first without one, stops and says so."""
    if not limits:
        return None
    if isinstance(cache, RedisCache):
        return _claim_on_redis(cache, limits, now)
    for index, limit in enumerate(limits):
        wait = (
            _bucket(cache, limit, now) if isinstance(limit, Bucket) else _window(cache, limit, now)
        )
        if wait is not False:
            return Refusal(index, wait)
    return None


def _bucket(cache: BaseCache, limit: Bucket, now: float) -> float | bool:
    """False: a place taken; else the seconds to wait."""
    level, stamp = cache.get(limit.key) or (limit.burst, now)
    level = min(limit.burst, level + max(0.0, now - stamp) * limit.per_second)
    if level < 1:
        return (1 - level) / limit.per_second
    cache.set(limit.key, (level - 1, now), _bucket_ttl(limit))
    return False


def _bucket_ttl(limit: Bucket) -> int:
    return math.ceil(limit.burst / limit.per_second) + 1


def _window(cache: BaseCache, limit: Window, now: float) -> float | None | bool:
    """False: a place taken; else the seconds to wait (DRF's SimpleRateThrottle.wait)."""
    history = [t for t in cache.get(limit.key, []) if t > now - limit.duration]
    if len(history) >= limit.number:
        remaining = limit.duration - (now - history[-1]) if history else limit.duration
        available = limit.number - len(history) + 1
        return remaining / available if available > 0 else None
    cache.set(limit.key, [now, *history], limit.duration)
    return False


# KEYS: the limits' counters. ARGV: now, then three per limit: its kind ("b" or "w") and its
# two figures (a bucket's burst and refill per second; a window's number and duration).
# Returns {0} when every limit had a place, else {its 1-based index, the wait ("": none)}.
# Numbers go in and out as text: a Lua number returned to Redis would lose its fraction.
_LUA = b"""
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local kind, a, b = ARGV[3 * i - 1], tonumber(ARGV[3 * i]), tonumber(ARGV[3 * i + 1])
  if kind == 'b' then
    local burst, per_second = a, b
    local level, stamp = burst, now
    local saved = redis.call('GET', key)
    if saved then
      local l, s = string.match(saved, '^(%S+) (%S+)$')
      if l then level, stamp = tonumber(l), tonumber(s) end
    end
    level = math.min(burst, level + math.max(0, now - stamp) * per_second)
    if level < 1 then
      return {i, string.format('%.17g', (1 - level) / per_second)}
    end
    redis.call('SET', key, string.format('%.17g %.17g', level - 1, now),
               'EX', math.ceil(burst / per_second) + 1)
  else
    local number, duration = a, b
    while true do  -- newest first: drop the oldest while they are out of the window
      local oldest = redis.call('LINDEX', key, -1)
      if not oldest or tonumber(oldest) > now - duration then break end
      redis.call('RPOP', key)
    end
    local count = redis.call('LLEN', key)
    if count >= number then
      local remaining = duration
      if count > 0 then remaining = duration - (now - tonumber(redis.call('LINDEX', key, -1))) end
      local available = number - count + 1
      if available <= 0 then return {i, ''} end
      return {i, string.format('%.17g', remaining / available)}
    end
    redis.call('LPUSH', key, string.format('%.17g', now))
    redis.call('EXPIRE', key, duration)
  end
end
return {0}
"""
_SCRIPT = Script(None, _LUA)  # type: ignore[arg-type]  # bytes need no client's encoder


def _claim_on_redis(cache: RedisCache, limits: list[Limit], now: float) -> Refusal | None:
    keys = [cache.make_key(limit.key) for limit in limits]
    args: list[Any] = [repr(now)]
    for limit in limits:
        if isinstance(limit, Bucket):
            args += ["b", limit.burst, repr(limit.per_second)]
        else:
            args += ["w", limit.number, limit.duration]
    client = cache._cache.get_client(write=True)
    answer = _SCRIPT(keys, args, client=client)
    if not answer[0]:
        return None
    wait = answer[1]
    return Refusal(int(answer[0]) - 1, float(wait) if wait else None)
