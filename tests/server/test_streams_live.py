"""The streams in a real daphne process (tests/server/live_servers.py: a scratch database,
Redis, loopback): open streams hold no thread each (the process's thread count, from
/proc/<pid>/status, stays flat with 50 idle streams), and a server that stops ends each
stream with a clean end of its body, so the reader resumes with `since`."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import aiohttp

from .live_servers import ApiUser, Processes, scratch_database, server_env

STREAMS = 50


def threads(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    raise AssertionError("no Threads: line")


def test_fifty_idle_streams_hold_no_thread_each_and_a_shutdown_ends_them_cleanly(
    tmp_path, migrated_sqlite
):
    with scratch_database(
        migrated_sqlite, tmp_path, f"dwaalhof_streams_{os.getpid()}"
    ) as database_url:
        env = server_env(database_url, DWAALHOF_STREAMS_PER_HOLDER="100")
        with Processes(tmp_path) as procs:
            base = procs.daphne("web", env)
            server = procs.procs[-1]
            anna, bram = ApiUser(base, "anna_s"), ApiUser(base, "bram_s")
            game = anna.post("/api/games/", {"opponent": "invite", "public": True})
            bram.post(f"/api/games/invite/{game['invite_code']}/join/")
            paths = [f"/api/games/{game['id']}/stream/", "/api/stream/"]

            async def scenario():
                headers = {"Authorization": f"Token {anna.token}"}
                timeout = aiohttp.ClientTimeout(total=60)
                connector = aiohttp.TCPConnector(limit=0)
                async with aiohttp.ClientSession(
                    base, headers=headers, timeout=timeout, connector=connector
                ) as http:

                    async def one(path: str) -> aiohttp.ClientResponse:
                        answer = await http.get(path)
                        assert answer.status == 200, await answer.text()
                        assert (await answer.content.readline()).strip()  # the first line
                        return answer

                    for warm_up in await asyncio.gather(*(one(p) for p in paths)):
                        warm_up.close()
                    await asyncio.sleep(1)
                    before = threads(server.pid)
                    opened = await asyncio.gather(*(one(paths[i % 2]) for i in range(STREAMS)))
                    held = threads(server.pid)
                    # Django's handler held one thread per open stream (50 more)
                    assert held <= before + 4, (before, held)
                    server.terminate()  # daphne stops: every stream ends its body
                    for answer in opened:
                        rest = await answer.content.read()  # no ClientPayloadError
                        assert rest.strip() == b""
                        assert answer.content.at_eof()

            asyncio.run(scenario())
            server.wait(30)
