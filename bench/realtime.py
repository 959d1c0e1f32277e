"""Realtime benchmark: prints figures, asserts nothing. Bounded, loopback only, stops by itself.

    python -m bench.realtime [--moves 300] [--sockets 2000] [--streams 1000] [--streams-only]
                             [--redis] [--postgres]

1. Latency from a committed move to its arrival on the opponent's websocket (p50, p99):
   two players on one game, the mover submits first-legal moves over REST; the opponent's
   socket stamps each arrival. "commit -> socket" counts from the update's `server_time`
   (taken when the after-commit hook starts); "log row written -> socket" from the entry's
   `created` (inside the transaction: adds the rest of the transaction and the commit);
   "request -> socket" from sending the move request (adds the request itself).
2. Idle game websockets one server process holds: opens up to --sockets sockets to one
   daphne process, then reports its memory growth per connection (RSS from /proc).
3. Idle streams (newline-delimited JSON) one server process holds: up to --streams game
   streams (GET /api/games/{id}/stream/), then as many account streams (GET /api/stream/),
   its memory and threads before, with them open and after they closed (a stream is a
   Channels consumer waiting on the channel layer, not a thread). --streams-only: just this.

The server is a real daphne process on a scratch file-SQLite database, with the in-memory
channel layer (the embedded default), or Redis with --redis (REDIS_URL or 127.0.0.1:6379).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

import requests
import websockets

from stacks.localstack import free_port

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PASSWORD = "Dwaal-hof-bench-2025!"  # noqa: S105 — a throwaway account on a scratch benchmark database
TIME_LIMIT = 600  # seconds for the whole run, whatever the arguments


def raise_fd_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def threads(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    return 0


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


PG_SERVER = "postgres://postgres@127.0.0.1:5432"
PG_DB = "dwaalhof_bench"


def scratch_postgres(create: bool) -> str:
    import psycopg

    with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{PG_DB}" WITH (FORCE)')
        if create:
            conn.execute(f'CREATE DATABASE "{PG_DB}"')
    return f"{PG_SERVER}/{PG_DB}"


class Server:
    def __init__(self, workdir: Path, redis: bool, postgres: bool):
        self.postgres = postgres
        database_url = (
            scratch_postgres(create=True) if postgres else f"sqlite:///{workdir / 'bench.sqlite3'}"
        )
        self.env = dict(os.environ)
        self.env.update(
            DATABASE_URL=database_url,
            DJANGO_DEBUG="0",
            DJANGO_SECRET_KEY="bench-only",  # noqa: S106 — a throwaway secret of a scratch benchmark server
            DJANGO_SECURE_SSL_REDIRECT="0",
            DJANGO_ALLOWED_HOSTS="127.0.0.1",
            DJANGO_THROTTLE_AUTH="100000/minute",
            DJANGO_THROTTLE_MOVES="10000000/minute",
            DJANGO_THROTTLE_TOKEN_READ="1000000/minute",  # noqa: S106 — a throttle rate, not a password (the name says TOKEN)
            DJANGO_THROTTLE_TOKEN_WRITE="1000000/minute",  # noqa: S106 — a throttle rate, not a password (the name says TOKEN)
            DWAALHOF_BOT_MOVES="worker",
        )
        self.env.pop("REDIS_URL", None)
        if redis:
            self.env["REDIS_URL"] = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/7")
            self.env["DWAALHOF_CHANNEL_PREFIX"] = f"dwaalhof-bench-{os.getpid()}"
        self.workdir = workdir
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        subprocess.run(  # noqa: S603 — our own programs, arguments built here: no outside input
            [str(BIN / "python"), "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=self.env,
            check=True,
        )
        self.log = open(self.workdir / "daphne.log", "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(  # noqa: S603 — our own programs, arguments built here: no outside input
            [
                str(BIN / "daphne"),
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "dwaalhof_site.asgi:application",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            preexec_fn=raise_fd_limit,
        )
        end = time.monotonic() + 60
        while time.monotonic() < end:
            try:
                if requests.get(f"{self.base}/api/auth/csrf", timeout=2).status_code < 500:
                    return
            except requests.RequestException:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()
        if self.postgres:
            scratch_postgres(create=False)


class Player:
    """A player with a token (made directly in the database: no HTTPS cookie dance)."""

    def __init__(self, server: Server, name: str, token: str | None = None):
        self.base = server.base
        self.token = token or self.made(server, [name])[0]
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Token {self.token}"

    @staticmethod
    def made(server: Server, names: list[str]) -> list[str]:
        """Accounts with a token each, made in one process (a Django start per player took
        minutes for a thousand streams' players): their tokens."""
        code = (
            "from django.contrib.auth import get_user_model;"
            "from tokens.services import issue;"
            f"users = [get_user_model().objects.create_user(n, password={PASSWORD!r}) "
            f"for n in {names!r}];"
            "print(' '.join(issue(u, 'bench')[1] for u in users))"
        )
        out = subprocess.run(  # noqa: S603 — our own programs, arguments built here: no outside input
            [str(BIN / "python"), "manage.py", "shell", "-c", code],
            cwd=ROOT,
            env=server.env,
            check=True,
            capture_output=True,
            text=True,
        )
        return out.stdout.strip().splitlines()[-1].split()

    @classmethod
    def many(cls, server: Server, names: list[str]) -> list[Player]:
        return [cls(server, n, t) for n, t in zip(names, cls.made(server, names), strict=True)]

    def call(self, method: str, path: str, body=None) -> dict:
        answer = self.http.request(method, self.base + path, json=body, timeout=30)
        answer.raise_for_status()
        return answer.json()

    def ws(self, game_id: int) -> str:
        return self.base.replace("http", "ws") + f"/ws/games/{game_id}/?token={self.token}"


def new_game(a: Player, b: Player) -> dict:
    game = a.call("POST", "/api/games/", {"opponent": "invite", "public": False})
    b.call("POST", f"/api/games/invite/{game['invite_code']}/join/")
    return a.call("GET", f"/api/games/{game['id']}/")


async def latency(server: Server, moves: int) -> None:
    a, b = Player(server, "bench_a"), Player(server, "bench_b")
    by_seat: dict[int, Player] = {}
    commit_ms: list[float] = []
    row_ms: list[float] = []
    request_ms: list[float] = []
    game = new_game(a, b)
    sockets = {}

    async def open_game(game):
        for p in (a, b):
            sockets[p] = await websockets.connect(p.ws(game["id"]), max_size=None)
            await sockets[p].recv()  # the hello
        seats = {s["username"]: s["seat"] for s in game["players"]}
        by_seat.clear()
        by_seat.update({seats["bench_a"]: a, seats["bench_b"]: b})

    await open_game(game)
    seq, current = game["seq"], game["current"]
    for _ in range(moves):
        mover, other = by_seat[current], by_seat[1 - current]
        legal = await asyncio.to_thread(mover.call, "GET", f"/api/games/{game['id']}/legal/")
        sent = time.time()
        post = asyncio.create_task(
            asyncio.to_thread(
                mover.call,
                "POST",
                f"/api/games/{game['id']}/moves/",
                {"move": legal["moves"][0], "expected_seq": legal["seq"]},
            )
        )
        while True:
            message = json.loads(await asyncio.wait_for(sockets[other].recv(), 30))
            if message.get("type") == "game.update" and message["seq"] > seq:
                break
        arrived = time.time()
        await post
        created = datetime.fromisoformat(message["entries"][0]["created"]).timestamp()
        row_ms.append((arrived - created) * 1000)
        commit_ms.append((arrived - message["server_time"]) * 1000)
        request_ms.append((arrived - sent) * 1000)
        seq, current = message["seq"], message["game"]["current"]
        while True:  # drain the mover's own copy of the update
            own = json.loads(await asyncio.wait_for(sockets[mover].recv(), 30))
            if own.get("type") == "game.update" and own["seq"] >= seq:
                break
        if message["game"]["status"] != "active":
            for ws in sockets.values():
                await ws.close()
            game = new_game(a, b)
            await open_game(game)
            seq, current = game["seq"], game["current"]
    for ws in sockets.values():
        await ws.close()
    print(f"moves measured: {len(commit_ms)}")
    print(
        f"commit -> opponent socket: p50 {statistics.median(commit_ms):.1f} ms, "
        f"p99 {pct(commit_ms, 99):.1f} ms (target p99 < 50 ms)"
    )
    print(
        f"log row written (before the commit) -> opponent socket: "
        f"p50 {statistics.median(row_ms):.1f} ms, p99 {pct(row_ms, 99):.1f} ms"
    )
    print(
        f"request sent -> opponent socket: p50 {statistics.median(request_ms):.1f} ms, "
        f"p99 {pct(request_ms, 99):.1f} ms"
    )


async def open_in_batches(one, count: int, batch: int = 50) -> tuple[list, BaseException | None]:
    """Open `count` connections, `one(i)` each, `batch` at a time, until the first failure:
    (what opened, the first failure or None)."""
    opened: list = []
    failed = None
    while len(opened) < count and failed is None:
        results = await asyncio.gather(
            *(one(len(opened) + i) for i in range(min(batch, count - len(opened)))),
            return_exceptions=True,
        )
        for r in results:
            if isinstance(r, BaseException):
                failed = failed or r
            else:
                opened.append(r)
    return opened, failed


async def idle_sockets(server: Server, count: int) -> None:
    a, b = Player(server, "idle_a"), Player(server, "idle_b")
    games = [new_game(a, b) for _ in range(max(1, count // 100))]
    assert server.proc is not None  # started
    pid = server.proc.pid
    await asyncio.sleep(1)
    before = rss_kib(pid)
    started = time.monotonic()

    async def one(i):
        game = games[i % len(games)]
        player = a if i % 2 == 0 else b
        ws = await websockets.connect(player.ws(game["id"]), max_size=None, ping_interval=None)
        await ws.recv()
        return ws

    opened, failed = await open_in_batches(one, count)
    took = time.monotonic() - started
    await asyncio.sleep(2)
    after = rss_kib(pid)
    alive = requests.get(f"{server.base}/api/auth/csrf", timeout=10).status_code
    per = (after - before) / max(1, len(opened))
    print(
        f"idle game websockets held by one server process: {len(opened)} "
        f"(asked {count}; opened in {took:.1f} s; server still answers: {alive < 500})"
    )
    if failed is not None:
        print(f"  stopped at the first failure: {failed!r}")
    print(
        f"server memory: {before / 1024:.0f} MiB before, {after / 1024:.0f} MiB after: "
        f"{per:.1f} KiB per connection"
    )
    for ws in opened:
        await ws.close()


async def idle_streams(server: Server, count: int, which: str) -> None:
    """`count` idle streams of one kind: "game" (a public game's stream, every player a
    spectator, as a bot watching) or "account" (each player's own GET /api/stream/)."""
    import aiohttp

    players = Player.many(server, [f"{which}_stream_{i}" for i in range(max(2, count // 16 + 1))])
    game = players[0].call("POST", "/api/games/", {"opponent": "invite", "public": True})
    players[1].call("POST", f"/api/games/invite/{game['invite_code']}/join/")
    path = f"/api/games/{game['id']}/stream/" if which == "game" else "/api/stream/"
    assert server.proc is not None  # started
    pid = server.proc.pid
    await asyncio.sleep(1)
    before, threads_before = rss_kib(pid), threads(pid)
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    started = time.monotonic()
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:

        async def one(i):
            player = players[i // 16]  # 16 streams per token: the documented limit
            answer = await http.get(
                server.base + path, headers={"Authorization": f"Token {player.token}"}
            )
            if answer.status != 200:
                raise RuntimeError(f"stream {i}: {answer.status} {await answer.text()}")
            await answer.content.readline()  # the first line
            return answer

        opened, failed = await open_in_batches(one, count)
        took = time.monotonic() - started
        await asyncio.sleep(2)
        held, threads_held = rss_kib(pid), threads(pid)
        alive = requests.get(f"{server.base}/api/auth/csrf", timeout=10).status_code
        for answer in opened:
            answer.close()
    await asyncio.sleep(3)
    after, threads_after = rss_kib(pid), threads(pid)
    per = (held - before) / max(1, len(opened))
    print(
        f"idle {which} streams held by one server process: {len(opened)} (asked {count}; "
        f"opened in {took:.1f} s; server still answers: {alive < 500})"
    )
    if failed is not None:
        print(f"  stopped at the first failure: {failed!r}")
    print(
        f"server memory: {before / 1024:.0f} MiB before, {held / 1024:.0f} MiB with them open "
        f"({per:.1f} KiB per stream), {after / 1024:.0f} MiB after they closed; threads: "
        f"{threads_before} before, {threads_held} open, {threads_after} after"
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Dwaalhof realtime benchmark")
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--sockets", type=int, default=2000)
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument(
        "--streams-only", action="store_true", help="only the idle streams (game, account)"
    )
    parser.add_argument("--redis", action="store_true", help="channel layer on Redis")
    parser.add_argument(
        "--postgres", action="store_true", help=f"a scratch database on {PG_SERVER}"
    )
    args = parser.parse_args(argv)
    raise_fd_limit()
    with tempfile.TemporaryDirectory(prefix="dwaalhof-bench-") as tmp:
        server = Server(Path(tmp), args.redis, args.postgres)
        print(
            f"== realtime benchmark (channel layer: {'redis' if args.redis else 'in-memory'}, "
            f"database: {'PostgreSQL' if args.postgres else 'SQLite file'}, one daphne process)"
        )
        server.start()
        try:

            async def both():
                if not args.streams_only:
                    await latency(server, args.moves)
                    await idle_sockets(server, args.sockets)
                await idle_streams(server, args.streams, "game")
                await idle_streams(server, args.streams, "account")

            asyncio.run(asyncio.wait_for(both(), TIME_LIMIT))
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
