"""Latency as deployed, over HTTP: Dwaalhof next to the bare DRF floor, interleaved.

    python -m bench.http_latency [--moves 400] [--warmup 30] [--layer core|pubsub|ab]
                                 [--sockets same|apart]

Needs PostgreSQL (DATABASE_URL names the server; the run uses a scratch database
`<name>_httpbench` there, dropped afterwards) and Redis (REDIS_URL, default
redis://127.0.0.1:6379/0; a channel prefix of its own). It starts, on free loopback ports:

- Dwaalhof as deployed: one daphne serving dwaalhof_site.asgi with the production settings
  (DJANGO_DEBUG=0, the pool, the Redis channel layer) and the worker (`run_worker`) beside it;
  requests carry the headers the TLS proxy adds (X-Forwarded-Proto/-For), so HTTPS redirect,
  HSTS and the throttles run as in production (with rates too high to refuse anything);
- the floor: bench.floor (Django's startproject defaults plus DRF with the same token
  auth), by daphne too, on the same database: insert+commit one row, and a bare GET.

Two players play random legal moves over HTTP with keep-alive connections; each one holds a
game websocket. Each step, in an alternating order so both apps see the same noise: the
mover's legal moves and a bare GET; the move and a floor insert; the game read and a bare
GET; GET /api/auth/me (the site's stack with little to do) and a bare GET.
`--layer ab` starts a site (and worker) per channel layer and alternates their steps.
"commit -> socket" runs from the server's stamp taken right after the commit to the arrival
on the opponent's socket (the same machine's clock); "row -> socket" from the logged
entry's `created` (inside the transaction: an upper bound).
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import queue
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import websockets

from stacks.localstack import free_port

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
TIME_LIMIT = 300  # seconds of measuring, whatever the arguments
TARGETS = {
    "submit_p50": 2.0,
    "submit_p99": 3.0,
    "read_p50": 2.0,
    "socket_p50": 5.0,
    "socket_p99": 25.0,
}


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


# --- the scratch database and the servers -------------------------------------------------------


def scratch_database(base_url: str, create: bool) -> str:
    parts = urlsplit(base_url)
    name = parts.path.lstrip("/") + "_httpbench"
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if create:
            conn.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path=f"/{name}"))


class Servers:
    """Dwaalhof (daphne + worker) and the floor (daphne), each on a free port."""

    def __init__(
        self,
        database_url: str,
        redis_url: str,
        workdir: Path,
        py_spy: str = "",
        layers: tuple[str, ...] = ("core",),
        sockets_apart: bool = False,
    ):
        self.py_spy = py_spy
        self.layers = layers
        self.env = dict(os.environ)
        self.env.update(
            DATABASE_URL=database_url,
            DJANGO_DEBUG="0",
            DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
            DJANGO_ALLOWED_HOSTS="127.0.0.1",
            DJANGO_BEHIND_PROXY="1",
            DJANGO_THROTTLE_AUTH="1000000/minute",
            DJANGO_THROTTLE_MOVES="1000000/minute",
            DJANGO_THROTTLE_TOKEN_READ="1000000/minute",  # noqa: S106 — a throttle rate, not a password (the name says TOKEN)
            DJANGO_THROTTLE_TOKEN_WRITE="1000000/minute",  # noqa: S106 — a throttle rate, not a password (the name says TOKEN)
            REDIS_URL=redis_url,
            DWAALHOF_CHANNEL_PREFIX=f"dwaalhof-httpbench-{os.getpid()}",
            DWAALHOF_BOT_MOVES="worker",
        )
        self.env.pop("DJANGO_SETTINGS_MODULE", None)
        self.workdir = workdir
        self.procs: list[subprocess.Popen] = []
        self.named: dict[str, subprocess.Popen] = {}
        self.site_ports = {layer: free_port() for layer in layers}
        # --sockets apart: the players' sockets are held by a second daphne of the same site,
        # as behind the proxy with several processes, where the opponent's socket is usually
        # in another process than the mover's request.
        self.socket_ports = {
            layer: free_port() if sockets_apart else port for layer, port in self.site_ports.items()
        }
        self.floor_port = free_port()

    def manage(self, *args: str) -> str:
        done = subprocess.run(  # noqa: S603 — our own programs, arguments built here: no outside input
            [str(BIN / "python"), "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            check=True,
            capture_output=True,
            text=True,
        )
        return done.stdout

    def _spawn(self, name: str, argv: list[str], env: dict) -> None:
        log = open(self.workdir / f"{name}.log", "wb")  # noqa: SIM115
        proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)  # noqa: S603 — our own programs, arguments built here: no outside input
        self.procs.append(proc)
        self.named[name] = proc

    def start(self) -> None:
        self.manage("migrate", "--noinput", "-v", "0")
        with psycopg.connect(self.env["DATABASE_URL"], autocommit=True) as conn:
            conn.execute(
                "CREATE TABLE bench_floor (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)"
            )
        daphne = [str(BIN / "daphne"), "-b", "127.0.0.1", "-p"]
        for layer, port in self.site_ports.items():
            # One site (and its worker) per channel layer, each on a prefix of its own.
            env = dict(
                self.env,
                DWAALHOF_CHANNEL_LAYER=layer,
                DWAALHOF_CHANNEL_PREFIX=f"{self.env['DWAALHOF_CHANNEL_PREFIX']}-{layer}",
            )
            site = [*daphne, str(port), "dwaalhof_site.asgi:application"]
            if self.py_spy:  # sample the site process: stacks of all its threads
                spy = [str(BIN / "py-spy"), "record", "-r", "250", "--gil", "--threads"]
                spy += ["--format", "raw"]
                site = [*spy, "-o", f"{self.py_spy}.{layer}", "--", *site]
            self._spawn(f"site-{layer}", site, env)
            if self.socket_ports[layer] != port:
                held = [*daphne, str(self.socket_ports[layer]), "dwaalhof_site.asgi:application"]
                self._spawn(f"sockets-{layer}", held, env)
            worker = [str(BIN / "python"), "manage.py", "run_worker"]
            self._spawn(f"worker-{layer}", worker, env)
        floor_env = dict(self.env, DJANGO_SETTINGS_MODULE="bench.floor.settings")
        self._spawn(
            "floor", [*daphne, str(self.floor_port), "bench.floor.asgi:application"], floor_env
        )
        waits = [
            (port, "/api/content/")
            for port in {*self.site_ports.values(), *self.socket_ports.values()}
        ]
        for port, path in [*waits, (self.floor_port, "/floor/get/")]:
            self._wait(port, path)

    def _wait(self, port: int, path: str) -> None:
        end = time.monotonic() + 60
        while time.monotonic() < end:
            if any(p.poll() is not None for p in self.procs):
                break
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                conn.request("GET", path, headers={"X-Forwarded-Proto": "https"})
                if conn.getresponse().status < 500:
                    return
            except OSError:
                time.sleep(0.1)
        logs = "".join((self.workdir / f"{n}.log").read_text()[-2000:] for n in self.named)
        raise RuntimeError(f"a server did not start:\n{logs}")

    def stop(self) -> None:
        for p in self.procs:
            if p.poll() is None:
                # py-spy writes its file on SIGINT; daphne stops on it too.
                p.send_signal(signal.SIGINT) if self.py_spy else p.terminate()
        for p in self.procs:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                p.kill()


# --- clients ------------------------------------------------------------------------------------


class Client:
    """One keep-alive HTTP connection, as a browser behind the TLS proxy would hold."""

    def __init__(self, port: int, token: str):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {
            "Authorization": f"Token {token}",
            "X-Forwarded-Proto": "https",
            "X-Forwarded-For": "127.0.0.1",
            "Accept": "application/json",
        }

    def call(self, method: str, path: str, body=None) -> tuple[float, int, dict]:
        """(milliseconds, status, answer): the time from sending to the last byte read."""
        headers = dict(self.headers)
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        t0 = time.perf_counter()
        self.conn.request(method, path, body=data, headers=headers)
        answer = self.conn.getresponse()
        raw = answer.read()
        took = (time.perf_counter() - t0) * 1000
        return took, answer.status, json.loads(raw) if raw else {}

    def ok(self, method: str, path: str, body=None) -> tuple[float, dict]:
        took, status, answer = self.call(method, path, body)
        if status >= 300:
            raise RuntimeError(f"{method} {path}: {status} {answer}")
        return took, answer


class Sockets:
    """The players' game websockets, read on a thread of their own; arrivals are stamped
    the moment a message is read and queued per player as (arrival, message)."""

    def __init__(self):
        self.arrivals: dict[str, queue.Queue] = {}
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.open: dict[str, list] = {}

    def connect(self, who: str, url: str) -> None:
        arrivals = self.arrivals.setdefault(who, queue.Queue())

        async def run():
            ws = await websockets.connect(url, max_size=None)
            self.open.setdefault(who.split(":")[0], []).append(ws)

            async def read():
                try:
                    async for text in ws:
                        arrivals.put((time.time(), json.loads(text)))
                except websockets.ConnectionClosed:
                    pass

            self.loop.create_task(read())

        asyncio.run_coroutine_threadsafe(run(), self.loop).result(30)

    def close_all(self, lane: str | None = None) -> None:
        """Close the sockets of one lane (the part of `who` before ":"), or all."""

        async def run():
            for name in [lane] if lane else list(self.open):
                for ws in self.open.pop(name, []):
                    await ws.close()

        asyncio.run_coroutine_threadsafe(run(), self.loop).result(30)

    def wait_update(self, who: str, seq: int) -> tuple[float, dict]:
        """The first game.update for `who` at `seq` or later: (arrival, message)."""
        end = time.monotonic() + 30
        while True:
            wait = max(0.1, end - time.monotonic())
            arrived, message = self.arrivals[who].get(timeout=wait)
            if message.get("type") == "game.update" and message["seq"] >= seq:
                return arrived, message

    def drain(self) -> None:
        for arrivals in self.arrivals.values():
            while not arrivals.empty():
                arrivals.get_nowait()

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)


# --- the run ------------------------------------------------------------------------------------


class Figures:
    def __init__(self):
        self.data: dict[str, list[float]] = {}
        self.cpu: dict[str, float] = {}
        self.steps = 0

    def add(self, name: str, ms: float) -> None:
        self.data.setdefault(name, []).append(ms)

    def p(self, name: str, q: float) -> float:
        return pct(self.data[name], q)


def make_players(servers: Servers) -> dict[str, str]:
    code = (
        "from django.contrib.auth import get_user_model;"
        "from tokens.services import issue;"
        "User = get_user_model();"
        "print(*[issue(User.objects.create_user(n, password="
        "'Bench-pw-2025!'), 'bench')[1] for n in ('bench_a', 'bench_b')])"
    )
    a, b = servers.manage("shell", "-c", code).split()[-2:]
    return {"bench_a": a, "bench_b": b}


def cpu_ms(pid: int) -> float:
    """CPU time (user + system) a process has used so far, in ms: work done, whatever the
    other processes on the machine make the wall clock say."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def lane(servers: Servers, layer: str, tokens, floor: Client, sockets: Sockets, seed: int):
    """One site's games, played one step per `next()`: yields (figures, measured) with the
    step's figures added when `measured` (the caller sets it before each step)."""
    site = {who: Client(servers.site_ports[layer], t) for who, t in tokens.items()}
    rng = random.Random(seed)  # noqa: S311 — a load pattern replayable from its seed, not for security
    figures = Figures()
    step = 0
    while True:
        _t, game = site["bench_a"].ok("POST", "/api/games/", {"opponent": "invite"})
        gid = game["id"]
        site["bench_b"].ok("POST", f"/api/games/invite/{game['invite_code']}/join/")
        _t, game = site["bench_a"].ok("GET", f"/api/games/{gid}/")
        seat_of = {p["username"]: p["seat"] for p in game["players"]}
        by_seat = {seat: who for who, seat in seat_of.items()}
        port = servers.socket_ports[layer]
        for who, token in tokens.items():
            sockets.connect(
                f"{layer}:{who}", f"ws://127.0.0.1:{port}/ws/games/{gid}/?token={token}"
            )
            sockets.wait_update(f"{layer}:{who}", 0)  # the hello
        current = game["current"]
        while current is not None:
            measured = yield figures
            mover, other = by_seat[current], by_seat[1 - current]
            flip = step % 2 == 1  # which of the pair goes first

            def timed(label, client, method, path, body=None, measured=measured):
                took, answer = client.ok(method, path, body)
                if measured:
                    figures.add(label, took)
                return answer

            def pair(first, second, flip=flip):
                results = [timed(*call) for call in ((second, first) if flip else (first, second))]
                return results[1] if flip else results[0]

            legal = pair(
                ("legal", site[mover], "GET", f"/api/games/{gid}/legal/"),
                ("bare_get", floor, "GET", "/floor/get/"),
            )
            body = {"move": rng.choice(legal["moves"]), "expected_seq": legal["seq"]}
            insert = ("insert", floor, "POST", "/floor/insert/", body)
            sockets.drain()
            # The move's pushes are awaited before anything else is sent: no request of
            # ours competes with them (the worker's scans may).
            if flip:
                timed(*insert)
            answer = timed("submit", site[mover], "POST", f"/api/games/{gid}/moves/", body)
            arrived, update = sockets.wait_update(f"{layer}:{other}", answer["seq"])
            sockets.wait_update(f"{layer}:{mover}", answer["seq"])
            if measured:
                figures.add("socket", (arrived - update["server_time"]) * 1000)
                figures.add("socket_to_layer", (update["sent_time"] - update["server_time"]) * 1000)
                figures.add("socket_from_layer", (arrived - update["sent_time"]) * 1000)
                created = datetime.fromisoformat(update["entries"][0]["created"]).timestamp()
                figures.add("row_socket", (arrived - created) * 1000)
                figures.add("answer_kib", len(json.dumps(answer)) / 1024)
            if not flip:
                timed(*insert)
            reader = other if step % 4 < 2 else mover  # both seats read the game
            pair(
                ("read", site[reader], "GET", f"/api/games/{gid}/"),
                ("bare_get", floor, "GET", "/floor/get/"),
            )
            pair(  # the site's stack alone: an authenticated view with little to do
                ("me", site[reader], "GET", "/api/auth/me"),
                ("bare_get", floor, "GET", "/floor/get/"),
            )
            current = answer["game"]["current"]
            step += 1
        sockets.close_all(layer)


def play(servers: Servers, moves: int, warmup: int, seed: int) -> dict[str, Figures]:
    """Each layer's site plays `warmup + moves` steps; with two layers their steps alternate
    (core, pubsub, pubsub, core, ...), so both see the same noise."""
    tokens = make_players(servers)
    floor = Client(servers.floor_port, tokens["bench_a"])
    sockets = Sockets()
    lanes = {layer: lane(servers, layer, tokens, floor, sockets, seed) for layer in servers.layers}
    figures = {layer: next(gen) for layer, gen in lanes.items()}  # up to the first step
    order = list(servers.layers)
    started = time.monotonic()
    step = 0
    try:
        while step < warmup + moves and time.monotonic() - started < TIME_LIMIT:
            if step == warmup:
                cpu_start = {n: cpu_ms(p.pid) for n, p in servers.named.items()}
            for layer in order if step % 2 == 0 else reversed(order):
                lanes[layer].send(step >= warmup)
            step += 1
        if step > warmup:
            cpu = {n: cpu_ms(p.pid) - cpu_start[n] for n, p in servers.named.items()}
            for layer, f in figures.items():
                # The floor serves every lane: its share per lane.
                f.cpu = {
                    n: ms / len(lanes)
                    for n, ms in cpu.items()
                    if not n.endswith(("-core", "-pubsub"))
                }
                f.cpu.update({n.split("-")[0]: ms for n, ms in cpu.items() if n.endswith(layer)})
                f.steps = step - warmup
    finally:
        for gen in lanes.values():
            gen.close()
        sockets.close_all()
        sockets.stop()
    return figures


def report(f: Figures, out=sys.stdout) -> None:
    def line(label, name, floor_name=None, unit="ms"):
        text = f"  {label:<34} p50 {f.p(name, 50):7.2f} {unit}  p99 {f.p(name, 99):7.2f} {unit}"
        if floor_name:
            text += (
                f"   ({f.p(name, 50) / f.p(floor_name, 50):.2f}x / "
                f"{f.p(name, 99) / f.p(floor_name, 99):.2f}x the floor)"
            )
        print(text, file=out)

    print(
        f"  {len(f.data['submit'])} moves measured; client-side round trips, keep-alive", file=out
    )
    line("move submit", "submit", "insert")
    line("floor: insert + commit", "insert")
    line("game read (GET /api/games/{id}/)", "read", "bare_get")
    line("legal moves", "legal", "bare_get")
    line("site stack alone (GET /api/auth/me)", "me", "bare_get")
    line("floor: bare GET", "bare_get")
    line("commit -> opponent socket (Redis)", "socket")
    line("  commit -> built on the loop", "socket_to_layer")
    line("  built -> opponent socket", "socket_from_layer")
    line("row written -> opponent socket", "row_socket")
    print(f"  move answer size: p50 {f.p('answer_kib', 50):.1f} KiB", file=out)
    per_step = ", ".join(f"{n} {ms / f.steps:.1f} ms" for n, ms in f.cpu.items())
    print(
        f"  CPU per step (site: 4 requests and the pushes; floor: 4 requests): {per_step}", file=out
    )
    submit50 = f.p("submit", 50) / f.p("insert", 50)
    submit99 = f.p("submit", 99) / f.p("insert", 99)
    read50 = f.p("read", 50) / f.p("bare_get", 50)
    legal50 = f.p("legal", 50) / f.p("bare_get", 50)
    checks = [
        ("submit p50 / insert p50", submit50, TARGETS["submit_p50"], "x"),
        ("submit p99 / insert p99", submit99, TARGETS["submit_p99"], "x"),
        ("read p50 / bare GET p50", read50, TARGETS["read_p50"], "x"),
        ("legal p50 / bare GET p50", legal50, TARGETS["read_p50"], "x"),
        ("commit -> socket p50", f.p("socket", 50), TARGETS["socket_p50"], " ms"),
        ("commit -> socket p99", f.p("socket", 99), TARGETS["socket_p99"], " ms"),
    ]
    for label, value, target, unit in checks:
        mark = "ok" if value <= target else "MISSED"
        print(f"  {label:<26} {value:6.2f}{unit:<3} target <= {target}{unit}  {mark}", file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--layer",
        choices=("core", "pubsub", "ab"),
        default="core",
        help="the channel layer (DWAALHOF_CHANNEL_LAYER); ab: one site with each, steps "
        "alternating, and the two compared",
    )
    parser.add_argument(
        "--sockets",
        choices=("same", "apart"),
        default="same",
        help="apart: the sockets are held by a second daphne process (the Redis path between "
        "processes, as behind the proxy)",
    )
    parser.add_argument(
        "--py-spy", default="", help="record the site's stacks to this file (py-spy installed)"
    )
    args = parser.parse_args(argv)
    base = os.environ.get("DATABASE_URL", "")
    if not base.startswith("postgres"):
        print("bench.http_latency needs DATABASE_URL=postgres://... (the server)", file=sys.stderr)
        return 2
    redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    print(
        "== HTTP latency as deployed (one daphne, DEBUG off, PostgreSQL pool, Redis layer, "
        "worker) vs the bare DRF floor on daphne, interleaved"
    )
    database_url = scratch_database(base, create=True)
    with tempfile.TemporaryDirectory(prefix="dwaalhof-httpbench-") as tmp:
        layers = ("core", "pubsub") if args.layer == "ab" else (args.layer,)
        servers = Servers(
            database_url, redis_url, Path(tmp), args.py_spy, layers, args.sockets == "apart"
        )
        try:
            servers.start()
            figures = play(servers, args.moves, args.warmup, args.seed)
        finally:
            servers.stop()
            scratch_database(base, create=False)
    for layer, f in figures.items():
        print(f"-- channel layer: {layer}")
        report(f)
    if len(figures) == 2:
        core, pubsub = figures["core"], figures["pubsub"]
        print("-- pubsub / core, steps alternating in one run:")
        for label, name in (("commit -> socket", "socket"), ("move submit", "submit")):
            print(
                f"  {label:<20} p50 {pubsub.p(name, 50) / core.p(name, 50):.2f}x  "
                f"p99 {pubsub.p(name, 99) / core.p(name, 99):.2f}x"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
