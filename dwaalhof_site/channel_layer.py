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

A group send takes two round trips instead of four (and sends to several groups, a move's
update per audience, take the same two: `group_send_each`, which builds a message given as a
function only for a group with members): the group's expiry and members in one pipeline,
then one script that drops each process's expired messages and adds the new one (the
library sends the drops in a round trip of their own). Under the same format, so a
process of the plain library reads what this one sends.

Channels without a process part ("!") are read the library's way.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import time
from collections.abc import Callable, Mapping
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
        await self.group_send_each({group: message})

    async def group_send_each(
        self, messages: Mapping[str, dict[str, Any] | Callable[[], dict[str, Any]]]
    ) -> None:
        """A message to each of several groups (a move's update: one per audience) in the
        round trips of one group send: per Redis server, the groups' expiry and members in
        one pipeline, then one script that adds every process's messages. A message may be
        a function that builds it: it is called only if its group has members."""
        now = time.time()
        groups_on: dict[int, list[str]] = collections.defaultdict(list)
        for group in messages:
            assert self.require_valid_group_name(group), "Group name not valid"
            groups_on[self.consistent_hash(group)].append(group)
        members: dict[str, list[str]] = {}
        for index, groups in groups_on.items():
            pipe = self.connection(index).pipeline(transaction=False)
            for group in groups:
                key = self._group_key(group)
                pipe.zremrangebyscore(key, min=0, max=int(now) - self.group_expiry)
                pipe.zrange(key, 0, -1)
            found = await pipe.execute()
            for group, names in zip(groups, found[1::2], strict=True):
                members[group] = [name.decode("utf8") for name in names]
        # Per Redis server: (a process's message set, the message, its capacity), for all groups.
        adds: dict[int, list[tuple[str, bytes, int]]] = collections.defaultdict(list)
        for group, message in messages.items():
            if not members[group]:
                continue  # nobody listens: a message given as a function is never built
            if callable(message):
                message = message()
            by_connection, serialized, capacities = self._map_channel_keys_to_connection(
                members[group], message
            )
            for index, keys in by_connection.items():
                adds[index] += [(key, serialized[key], capacities[key]) for key in keys]
        for index, batch in adds.items():
            keys = [key for key, _, _ in batch]
            args: list[Any] = [m for _, m, _ in batch] + [c for _, _, c in batch]
            args += [int(now) - int(self.expiry), now, self.expiry]
            over = await self.connection(index).eval(GROUP_SEND, len(keys), *keys, *args)
            if over:
                log.info("%s of %s channels over capacity in %s", over, len(keys), [*messages])

    async def flush(self) -> None:
        loop = asyncio.get_running_loop()
        for read in self._reads.values():
            if read.get_loop() is loop:  # a read of a loop that has ended cannot be cancelled
                read.cancel()
        self._reads.clear()
        self._popped.clear()
        await super().flush()
