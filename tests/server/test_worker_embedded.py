"""`make run` on the embedded default (no Redis): one process serves the site and runs the
worker, and the computer's moves made by that worker reach the player's socket."""

from __future__ import annotations

import asyncio
import json
import sys

import pytest
import websockets

from .live_servers import (
    ApiUser,
    Processes,
    free_port,
    server_env,
    wait_until_up,
)
from .test_realtime_redis import RECEIVE_LIMIT, next_update


@pytest.fixture
def embedded_server(tmp_path, migrated_sqlite):
    env = server_env(migrated_sqlite(tmp_path / "embedded.sqlite3"))
    env.pop("REDIS_URL")
    port = free_port()
    with Processes(tmp_path) as procs:
        proc = procs.start(
            "run_all",
            [sys.executable, "-m", "dwaalhof_site.run_all", "--port", str(port)],
            env,
        )
        base = f"http://127.0.0.1:{port}"
        wait_until_up(base, proc, tmp_path / "run_all.log")
        yield base


def test_make_run_plays_the_computer_in_the_same_process_and_pushes_its_moves(embedded_server):
    dora = ApiUser(embedded_server, "dora")
    game = dora.post("/api/games/", {"opponent": "computer"})

    async def scenario():
        async with websockets.connect(dora.ws_url(f"/ws/games/{game['id']}/")) as ws:
            seq = json.loads(await asyncio.wait_for(ws.recv(), RECEIVE_LIMIT))["seq"]
            while (await asyncio.to_thread(dora.get, f"/api/games/{game['id']}/"))["current"] == 0:
                seq = (await asyncio.to_thread(dora.play_first_legal, game["id"]))["seq"]
            computer_seats = set()
            while True:
                update = await next_update(ws, after_seq=seq)
                seq = update["seq"]
                computer_seats |= {e["seat"] for e in update["entries"] if not e["auto"]}
                if update["game"]["current"] == 0:
                    break
            assert computer_seats == {1}

    asyncio.run(scenario())
    assert dora.get(f"/api/games/{game['id']}/")["current"] == 0
