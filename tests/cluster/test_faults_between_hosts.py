"""Every cluster fault (`make cluster-test`; minutes long, left out of `make test`): a web
host's link cut, the Redis host unreachable, the standby host dying. The data host's death
is test_failover.py's (in `make test`).

In each, two games are played through the edge host with a websocket per seat; afterwards
every move that was answered 2xx is in the log once, nothing else is, every socket saw every
move once and in order, and each game passes verify_game's check.
"""

from __future__ import annotations

import asyncio
import functools

import aiohttp
import pytest
import websockets

from bench.loadclient import Stats
from deploy.cluster import net

from . import figures
from .players import RecordingApi, assert_nothing_lost, create_players, play, start_games

pytestmark = [pytest.mark.cluster_full, pytest.mark.one_worker, pytest.mark.timeout(600)]

CUT = 8.0  # seconds a link stays down
NAMES = {  # each scenario's name in the figures (docs/deploy.md)
    "cut": f"web1 cut off for {CUT:.0f} s",
    "redis": "Redis cut off",
    "standby": "standby killed",
}


@pytest.fixture
def quick_pings(monkeypatch):
    """The players' sockets ping every second and give up after 2 s without a pong, as a
    client must to notice a path that went silent (a cut link sends no FIN nor RST)."""
    connect = websockets.connect
    monkeypatch.setattr(
        websockets, "connect", functools.partial(connect, ping_interval=1, ping_timeout=2)
    )


def scenario_with(cluster, prefix, fault, what):
    """Two games; `fault(api, games)` runs while they are being played; then they play on
    and settle. `what(stats, reconnections)` says what else held, for the figures.
    Returns (stats, reconnections)."""
    people = create_players(cluster, 4, prefix)
    stats = Stats()

    async def scenario():
        async with aiohttp.ClientSession() as session:
            api = RecordingApi(session, "http://198.18.0.10", stats)
            games = await start_games(api, people, 2)
            await play(games, 3)
            await fault(api, games)
            await play(games, 4)
            problems = []
            for game in games:
                problems += await game.settle(timeout=30)
            reconnected = sum(s.connects - 1 for g in games for s in g.sockets)
            return api, games, problems, reconnected

    api, games, problems, reconnected = asyncio.run(scenario())
    assert 500 not in stats.statuses, stats.statuses
    assert stats.errors == []
    assert problems == []
    acknowledged = assert_nothing_lost(cluster, api, games)
    print(
        f"\n{prefix}: {acknowledged} moves acknowledged, all in the log once; "
        f"{reconnected} socket reconnections; {stats.retried} requests retried; "
        f"statuses {stats.statuses}"
    )
    figures.record(NAMES[prefix], acknowledged, what(stats, reconnected))
    return stats, reconnected


def test_a_web_host_cut_off_its_sockets_reconnect_through_the_edge_to_the_other(
    cluster, quick_pings
):
    async def cut_web1(api, games):
        net.set_link("web1", "down")
        try:
            before = len(api.acknowledged)
            await play(games, 3)  # through web2 meanwhile
            assert len(api.acknowledged) > before
            await asyncio.sleep(CUT)
        finally:
            net.set_link("web1", "up")

    _stats, reconnected = scenario_with(
        cluster,
        "cut",
        cut_web1,
        lambda stats, moved: (
            f"{figures.count(moved, 'socket reconnection', 'socket reconnections')} "
            "(those on web1), to web2; "
            f"{figures.count(stats.retried, 'request', 'requests')} retried by the players"
        ),
    )
    assert reconnected >= 1  # least_conn had put sockets on web1


def test_the_redis_host_unreachable_moves_still_commit_and_sockets_resync(cluster, quick_pings):
    async def cut_redis(api, games):
        net.set_link("redis", "down")
        try:
            before = len(api.acknowledged)
            for game in games:  # moves go on without the channel layer
                if game.status == "active":
                    await game.play_one()
            assert len(api.acknowledged) > before
        finally:
            net.set_link("redis", "up")

    scenario_with(
        cluster,
        "redis",
        cut_redis,
        lambda _stats, moved: (
            "every socket at the final seq afterwards, each seq once; "
            f"{figures.count(moved, 'socket reconnection', 'socket reconnections')}"
        ),
    )


def test_the_standby_dies_moves_wait_until_the_operator_switches_to_asynchronous_commit(
    cluster,
):
    waited = {}

    async def standby_dies(api, games):
        await asyncio.to_thread(net.kill_host, "standby")
        game = next(g for g in games if g.status == "active")
        before = len(api.acknowledged)
        move = asyncio.create_task(game.play_one())
        # The move's commit is on the primary's disk but waits for the standby: not
        # acknowledged, and not visible to anyone.
        for _ in range(100):
            if await asyncio.to_thread(cluster.waiting_for_standby):
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(3)
        waited["unanswered"] = not move.done() and len(api.acknowledged) == before
        await asyncio.to_thread(cluster.async_commit)  # the operator's switch
        await move  # answered now (or, after a client timeout, its retry is: same id)

    scenario_with(
        cluster,
        "standby",
        standby_dies,
        lambda _stats, _moved: (
            "the move waited (a `SyncRep` session) unanswered until "
            "`async-commit`, then was answered 2xx"
        ),
    )
    assert waited["unanswered"]
