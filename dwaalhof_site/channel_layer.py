"""channels-redis's core layer, with a process's messages read in batches.

channels-redis 4.3 keeps every message for the sockets of one server process in one Redis
sorted set, and reads it one message at a time with four round trips in a row (restore a
backup set, BZPOPMIN, copy to the backup set, remove from the backup set), one read at a
time per process. Under load (`make loadtest`: ~60 moves/s per process, each a round trip
of several ms on a busy event loop) the reads fell seconds behind the sends.

Here a process takes everything waiting for it with one ZPOPMIN (up to BATCH messages),
and blocks with BZPOPMIN only when nothing waits: one round trip per batch. A read is one
task that outlives the receive that started it (`asyncio.shield`): a socket that closes
while its receive waits cancels only its wait, and the next receive takes what that read
popped. (In the library, a receive cancelled at the moment its BZPOPMIN pops drops that
message, channels_redis issue 366; the backup set only covers the moments after.)

A group send takes two round trips instead of four: the group's expiry and members in one
pipeline, then one script that drops each process's expired messages and adds the new one
(the library sends the drops in a round trip of their own). Under the same format, so a
process of the plain library reads what this one sends.

Channels without a process part ("!") are read the library's way.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import time
from typing import Any

from channels_redis.core import RedisChannelLayer

log = logging.getLogger(__name__)

# KEYS: the processes' message sets. ARGV: a message per key, a capacity per key, then the
# score below which messages have expired, now (the new messages' score), the key's expiry.
GROUP_SEND = """
local n = #KEYS
local expired, now, expiry = ARGV[2 * n + 1], ARGV[2 * n + 2], ARGV[2 * n + 3]
local over_capacity = 0
for i = 1, n do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, expired)
    if redis.call('ZCARD', KEYS[i]) < tonumber(ARGV[n + i]) then
        redis.call('ZADD', KEYS[i], now, ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over_capacity = over_capacity + 1
    end
end
return over_capacity
"""


class BatchReadRedisChannelLayer(RedisChannelLayer):
    BATCH = 100

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._popped: dict[str, collections.deque[bytes]] = collections.defaultdict(
            collections.deque
        )
        self._reads: dict[str, asyncio.Task] = {}  # channel key -> the read under way

    async def receive_single(self, channel: str) -> tuple[Any, dict[str, Any]]:
        if "!" not in channel:
            return await super().receive_single(channel)
        assert self.require_valid_channel_name(channel, receive=True), "Channel name invalid"
        key = self.prefix + channel
        popped = self._popped[key]
        while not popped:
            read = self._reads.get(key)
            if read is None or read.get_loop() is not asyncio.get_running_loop():
                read = self._reads[key] = asyncio.ensure_future(
                    self._read(self.consistent_hash(channel), key)
                )
            await asyncio.shield(read)
        message = self.deserialize(popped.popleft())
        # As the library: a message for several sockets of this process names them all.
        if "__asgi_channel__" in message:
            channel = message.pop("__asgi_channel__")
        return channel, message

    async def _read(self, index: int, key: str) -> None:
        """Move what waits for this process (at least one message, or none after the
        blocking read's timeout) from Redis into the process's buffer."""
        try:
            connection = self.connection(index)
            members = [member for member, _score in await connection.zpopmin(key, self.BATCH)]
            if not members:
                found = await connection.bzpopmin(key, timeout=self.brpop_timeout)
                members = [] if found is None else [found[1]]
            self._popped[key].extend(members)
        finally:
            if self._reads.get(key) is asyncio.current_task():
                del self._reads[key]

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        assert self.require_valid_group_name(group), "Group name not valid"
        key = self._group_key(group)
        now = time.time()
        pipe = self.connection(self.consistent_hash(group)).pipeline(transaction=False)
        pipe.zremrangebyscore(key, min=0, max=int(now) - self.group_expiry)
        pipe.zrange(key, 0, -1)
        _dropped, members = await pipe.execute()
        channels = [member.decode("utf8") for member in members]
        by_connection, messages, capacities = self._map_channel_keys_to_connection(
            channels, message
        )
        for index, keys in by_connection.items():
            args = [messages[k] for k in keys] + [capacities[k] for k in keys]
            args += [int(now) - int(self.expiry), now, self.expiry]
            over = await self.connection(index).eval(GROUP_SEND, len(keys), *keys, *args)
            if over:
                log.info("%s of %s channels over capacity in group %s", over, len(keys), group)

    async def flush(self) -> None:
        loop = asyncio.get_running_loop()
        for read in self._reads.values():
            if read.get_loop() is loop:  # a read of a loop that has ended cannot be cancelled
                read.cancel()
        self._reads.clear()
        self._popped.clear()
        await super().flush()
