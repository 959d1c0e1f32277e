"""The short cluster test (in `make test`): the database host dies mid-game and no move
that was acknowledged is lost.

Two games are played through the edge host (nginx -> daphne on web1 and web2) by scripted
players, a websocket per seat. While moves are being sent, every process of the data host
(the PostgreSQL primary) is killed with SIGKILL; a few seconds later the standby is promoted
(deploy/cluster's promote, as the operator runs it). Meanwhile moves answer a JSON 503 and
the players retry them (same client_move_id), as the web client does. The primary committed
each move only once the standby had it (synchronous replication), so after the promotion
every move answered 2xx is in the log, and the games verify.
"""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from bench.loadclient import Stats
from deploy.cluster import net

from . import figures
from .players import (
    RecordingApi,
    assert_nothing_lost,
    create_players,
    play,
    start_games,
    the_computer_answers,
)

pytestmark = [pytest.mark.cluster, pytest.mark.one_worker, pytest.mark.timeout(400)]

# Seconds between the data host's death and the promotion: longer than the pool's wait for a
# connection (DJANGO_DB_POOL_TIMEOUT, 5 s), after which a request answers 503.
OUTAGE = 7.0


def test_the_database_host_dies_mid_game_no_acknowledged_move_is_lost(cluster):
    assert cluster.replication() == ["standby|sync"]  # commits wait for the standby
    people = create_players(cluster, 5, "fail")
    stats = Stats()

    async def scenario():
        async with aiohttp.ClientSession() as session:
            api = RecordingApi(session, "http://198.18.0.10", stats)
            games = await start_games(api, people, 2)
            await play(games, 4)
            before = len(api.acknowledged)
            # Play on while the host dies and the standby takes over.
            playing = asyncio.create_task(play(games, 10))
            while len(api.acknowledged) < before + 2:
                await asyncio.sleep(0.05)
            await asyncio.to_thread(net.kill_host, "data")
            during = len(api.acknowledged)
            await asyncio.sleep(OUTAGE)
            stuck = len(api.acknowledged) - during  # moves acknowledged with no database
            refused = stats.statuses.get(503, 0)  # answered during the outage
            await asyncio.to_thread(cluster.promote)
            await playing
            problems = []
            for game in games:
                problems += await game.settle(timeout=15)
            # The worker came through the failover too: it plays the computer's turn.
            worker_plays = await the_computer_answers(api, people[4])
            return api, games, stuck, refused, problems, worker_plays

    api, games, stuck, refused, problems, worker_plays = asyncio.run(scenario())
    assert worker_plays
    assert stuck == 0
    # The outage is answered with JSON 503s `database_unavailable` (a non-JSON answer is an
    # error), or, on a slow machine, sat out by moves that waited for the promotion (their
    # connection's new host): never a 500, never an acknowledged move lost.
    assert set(api.unavailable) <= {"database_unavailable"}
    assert 500 not in stats.statuses, stats.statuses
    assert stats.errors == []
    assert problems == []  # every socket saw every move once, in order
    acknowledged = assert_nothing_lost(cluster, api, games)
    assert acknowledged >= 20 or all(g.status == "finished" for g in games)
    print(
        f"\nfailover: {acknowledged} moves acknowledged, all in the log once; "
        f"{len(api.unavailable)} answers 503 ({refused} before the promotion); "
        f"statuses {stats.statuses}"
    )
    figures.record(
        "data host killed, standby promoted",
        acknowledged,
        f"{figures.count(len(api.unavailable), 'answer', 'answers')} 503 "
        f"`database_unavailable` ({refused} during the {OUTAGE:.0f} s outage), none 500; "
        "the worker played the computer's turn after",
    )
