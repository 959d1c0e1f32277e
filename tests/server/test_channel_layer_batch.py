"""The production channel layer reads a server process's messages in batches, loses none
when a socket's receive is cancelled, and keeps each socket's messages in order."""

from __future__ import annotations

import asyncio
import contextlib
import os
import uuid
from collections.abc import AsyncIterator

import pytest

from dwaalhof_site.channel_layer import BatchReadRedisChannelLayer

pytestmark = pytest.mark.redis

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")


@contextlib.asynccontextmanager
async def new_layer() -> AsyncIterator[BatchReadRedisChannelLayer]:
    # A prefix of its own: nothing else on this Redis is read, and only its keys are flushed.
    layer = BatchReadRedisChannelLayer(
        hosts=[{"address": REDIS_URL, "socket_timeout": 15}], prefix=f"t{uuid.uuid4().hex[:12]}"
    )
    try:
        yield layer
    finally:
        await layer.flush()


class CountedCommands:
    """Counts the layer's round trips to Redis: each command, or each pipeline."""

    def __init__(self, layer: BatchReadRedisChannelLayer):
        self.count = 0
        connection_of = layer.connection

        def connection(index):
            redis = connection_of(index)
            if not getattr(redis, "_counted", False):
                execute = redis.execute_command

                async def counted(*args, **kwargs):
                    self.count += 1
                    return await execute(*args, **kwargs)

                def pipeline(*args, **kwargs):
                    pipe = make_pipeline(*args, **kwargs)
                    run = pipe.execute

                    async def counted_run(*a, **k):
                        self.count += 1  # a pipeline's commands go in one round trip
                        return await run(*a, **k)

                    pipe.execute = counted_run
                    return pipe

                make_pipeline = redis.pipeline
                redis.execute_command, redis.pipeline, redis._counted = counted, pipeline, True
            return redis

        layer.connection = connection


def test_a_process_reads_a_burst_of_waiting_messages_in_a_few_round_trips_in_order():
    """Under load the messages for a process's sockets wait in Redis; the library read them
    with four round trips each, and fell seconds behind (make loadtest)."""

    async def scenario():
        async with new_layer() as layer:
            first, second = await layer.new_channel(), await layer.new_channel()
            for channel in (first, second):
                await layer.group_add("game.1", channel)
            for n in range(100):
                await layer.group_send("game.1", {"type": "game.changed", "n": n})
            commands = CountedCommands(layer)
            got = {first: [], second: []}
            for _ in range(100):
                for channel in (first, second):
                    message = await asyncio.wait_for(layer.receive(channel), 5)
                    got[channel].append(message["n"])
            assert got[first] == got[second] == list(range(100))  # each once, in order
            assert commands.count <= 3

    asyncio.run(scenario())


def test_a_group_send_takes_two_round_trips_and_keeps_each_process_within_capacity():
    async def scenario():
        async with new_layer() as layer:
            layer.capacity = 3
            sockets = [await layer.new_channel() for _ in range(2)]
            for channel in sockets:
                await layer.group_add("game.3", channel)
            commands = CountedCommands(layer)
            await layer.group_send("game.3", {"type": "game.changed", "n": 0})
            assert commands.count == 2  # the library: four
            for n in range(1, 5):
                await layer.group_send("game.3", {"type": "game.changed", "n": n})
            # One set per process holds 3 at most: the last two sends found it full.
            for channel in sockets:
                got = [(await asyncio.wait_for(layer.receive(channel), 5))["n"] for _ in range(3)]
                assert got == [0, 1, 2]
            waiting = asyncio.ensure_future(layer.receive(sockets[0]))
            await asyncio.sleep(0.3)
            assert not waiting.done()
            waiting.cancel()

    asyncio.run(scenario())


def test_a_receive_cancelled_while_it_waits_loses_no_message():
    """A socket closing cancels its receive while the read waits in BZPOPMIN: the read goes
    on, and what it pops reaches the process's other sockets."""

    async def scenario():
        async with new_layer() as layer:
            leaving, staying = await layer.new_channel(), await layer.new_channel()
            for channel in (leaving, staying):
                await layer.group_add("game.2", channel)
            waiting = asyncio.ensure_future(layer.receive(leaving))
            await asyncio.sleep(0.3)  # the read now blocks in Redis
            waiting.cancel()
            await layer.group_discard("game.2", leaving)
            await layer.group_send("game.2", {"type": "game.changed", "n": 7})
            message = await asyncio.wait_for(layer.receive(staying), 5)
            assert message == {"type": "game.changed", "n": 7}

    asyncio.run(scenario())


def test_with_nothing_to_read_a_receive_waits_for_the_next_message():
    async def scenario():
        async with new_layer() as layer:
            channel = await layer.new_channel()
            waiting = asyncio.ensure_future(layer.receive(channel))
            await asyncio.sleep(0.3)
            assert not waiting.done()
            await layer.send(channel, {"type": "game.changed", "n": 1})
            assert (await asyncio.wait_for(waiting, 5))["n"] == 1

    asyncio.run(scenario())


def test_a_move_update_per_audience_reaches_only_the_processes_of_that_audience():
    """A move's update is one message per audience group (seat 0, seat 1, spectators), each
    with that audience's text (~17 kB): all three go in the round trips of one group send,
    and a process's message set gets only the messages of the groups its sockets are in (one
    message with all three texts went to every process holding a socket of the game)."""

    async def scenario():
        async with new_layer() as layer:
            other = BatchReadRedisChannelLayer(hosts=layer.hosts, prefix=layer.prefix)
            seat0, seat1 = await layer.new_channel(), await layer.new_channel()
            spectator = await other.new_channel()  # another server process
            for channel, audience in ((seat0, "0"), (seat1, "1"), (spectator, "spectator")):
                await layer.group_add(f"game.4.{audience}", channel)
            commands = CountedCommands(layer)
            await layer.group_send_each(
                {
                    f"game.4.{a}": {"type": "game.changed", "text": a}
                    for a in ("0", "1", "spectator")
                }
            )
            assert commands.count == 2
            redis = layer.connection(0)
            assert await redis.zcard(layer.prefix + layer.non_local_name(seat0)) == 2
            assert await redis.zcard(layer.prefix + other.non_local_name(spectator)) == 1
            assert (await asyncio.wait_for(layer.receive(seat0), 5))["text"] == "0"
            assert (await asyncio.wait_for(layer.receive(seat1), 5))["text"] == "1"
            assert (await asyncio.wait_for(other.receive(spectator), 5))["text"] == "spectator"

    asyncio.run(scenario())


def test_a_message_given_as_a_function_is_built_only_for_a_group_with_members():
    """A move's update for an audience nobody watches (most games have no spectator) is
    never built: the members the send reads first decide which messages are made."""

    async def scenario():
        async with new_layer() as layer:
            seat0 = await layer.new_channel()
            await layer.group_add("game.5.0", seat0)
            built: list[str] = []

            def message(audience: str):
                def build():
                    built.append(audience)
                    return {"type": "game.changed", "text": audience}

                return build

            commands = CountedCommands(layer)
            await layer.group_send_each(
                {f"game.5.{a}": message(a) for a in ("0", "1", "spectator")}
            )
            assert built == ["0"] and commands.count == 2
            assert (await asyncio.wait_for(layer.receive(seat0), 5))["text"] == "0"

    asyncio.run(scenario())
