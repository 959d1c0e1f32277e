"""Load test of the production topology (`make loadtest`): K games played at once by
scripted clients (bench/loadclient.py) over REST with a websocket per seat, through nginx,
for 1, 2 and 4 daphne processes. Loopback only, bounded in time, stops what it starts.

    python -m bench.loadtest [--web 1,2,4] [--games 16] [--seconds 30] [--no-docs]

Per configuration it prints moves/s, submit p50/p99, commit -> opponent socket p50/p99,
errors, and the CPU each part used (cores: CPU-seconds per second of the run) next to
the whole machine's, so the bottleneck (Python, PostgreSQL, Redis, nginx) shows, and so do
other users of the CPU. After each run every game passes `verify_game`'s check and no
socket saw a seq skipped or doubled. The figures go into docs/deploy.md (between the
loadtest markers) unless --no-docs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import psycopg

from stacks.localstack import BIN, ROOT, Child, Postgres, Redis, Stack

from .loadclient import Api, Pacer, Player, ScriptedGame, Stats

TIME_LIMIT = 600  # seconds for the whole run, whatever the arguments
DOCS = ROOT / "docs" / "deploy.md"
BEGIN, END = "<!-- loadtest:begin -->", "<!-- loadtest:end -->"
TICK = os.sysconf("SC_CLK_TCK")


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


# --- CPU accounting from /proc ----------------------------------------------------------------


def _stat(pid: int) -> tuple[int, int] | None:
    """(parent pid, CPU ticks used) of a process, or None if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[1]), int(fields[11]) + int(fields[12])


def _with_children(pids: list[int]) -> list[int]:
    """The processes and their direct children (PostgreSQL backends, nginx workers)."""
    found = set(pids)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat and stat[0] in pids:
                found.add(int(entry.name))
    return sorted(found)


def threads(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("Threads:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


async def sample_threads(pids: list[int], into: list[int]) -> None:
    """The most threads any web process had, sampled every 0.2 s: Django runs each sync
    request in a thread of its own, so this shows how many requests overlapped."""
    while True:
        into.append(max(threads(pid) for pid in pids))
        await asyncio.sleep(0.2)


def machine_busy_ticks() -> int:
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return sum(values) - values[3] - values[4]  # all but idle and iowait


class CpuMeter:
    """CPU-seconds each group used between start() and stop(); children that came and went
    in between (short-lived backends) are missed, so PostgreSQL reads a little low."""

    def __init__(self, groups: dict[str, list[int]]):
        self.groups = groups

    def _ticks(self) -> dict[str, dict[int, int]]:
        return {
            name: {pid: (_stat(pid) or (0, 0))[1] for pid in _with_children(pids)}
            for name, pids in self.groups.items()
        }

    def start(self) -> None:
        self.before, self.busy_before = self._ticks(), machine_busy_ticks()
        self.t0 = time.monotonic()
        self.client0 = sum(os.times()[:2])

    def stop(self) -> dict[str, float]:
        after, busy = self._ticks(), machine_busy_ticks()
        wall = time.monotonic() - self.t0
        cores = {
            name: sum(t - self.before[name].get(pid, 0) for pid, t in after[name].items())
            / TICK
            / wall
            for name in self.groups
        }
        cores["load client"] = (sum(os.times()[:2]) - self.client0) / wall
        cores["whole machine"] = (busy - self.busy_before) / TICK / wall
        cores["others (not this test)"] = max(
            0.0, cores["whole machine"] - sum(v for k, v in cores.items() if k != "whole machine")
        )
        return cores


# --- one configuration ------------------------------------------------------------------------


class DatabaseMeter:
    """What the run wrote to PostgreSQL's WAL (bytes), and the most client connections open
    to its database at once (sampled every 0.25 s on a thread: the web processes' pools and
    the worker's), for the capacity figures in docs/deploy.md."""

    QUERY = (
        "SELECT pg_current_wal_lsn(), (SELECT count(*) FROM pg_stat_activity "
        "WHERE datname = current_database() AND backend_type = 'client backend' "
        "AND pid <> pg_backend_pid())"
    )

    def __init__(self, database_url: str):
        self.conn = psycopg.connect(database_url, autocommit=True)
        self.connections: list[int] = []
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _read(self) -> tuple[int, int]:
        lsn, count = self.conn.execute(self.QUERY).fetchone()  # type: ignore[misc]
        high, low = lsn.split("/")
        return (int(high, 16) << 32) + int(low, 16), count

    def _sample(self) -> None:
        while not self._done.wait(0.25):
            self.connections.append(self._read()[1])

    def start(self) -> None:
        self.lsn0 = self._read()[0]
        self._thread.start()

    def stop(self) -> tuple[int, int]:
        """(WAL bytes written since start, most connections seen)."""
        self._done.set()
        self._thread.join()
        wal = self._read()[0] - self.lsn0
        self.conn.close()
        return wal, max(self.connections, default=0)


def py_spy(pid: int, into: str, seconds: float) -> subprocess.Popen:
    """Sample one web process's threads while the players play (py-spy installed in the
    venv: `pip install py-spy`), as collapsed stacks: one line per stack with its count."""
    args = [
        str(BIN / "py-spy"),
        "record",
        "--pid",
        str(pid),
        "--gil",
        "--threads",
        "--format",
        "raw",
    ]
    args += ["--rate", "100", "--duration", str(int(seconds)), "--output", into, "--nonblocking"]
    return subprocess.Popen(args, stdout=subprocess.DEVNULL)  # noqa: S603 — our own tool, arguments built here


def _pid(child: Child | None) -> int:
    """The pid of a started process of the stack."""
    if child is None or child.pid is None:
        raise RuntimeError("the stack is not started")
    return child.pid


def manage_shell(env: dict[str, str], code: str) -> Any:
    """Run Python in the server's Django (same database); its last output line is JSON."""
    done = subprocess.run(  # noqa: S603 — our own programs, arguments built here: no outside input
        [str(BIN / "python"), "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def create_players(env: dict[str, str], count: int, prefix: str = "load") -> list[Player]:
    """Accounts and tokens made directly (no password: hashing 2K passwords would cost more
    CPU than the games)."""
    code = (
        "import json\n"
        "from django.contrib.auth import get_user_model\n"
        "from tokens.services import issue\n"
        "U = get_user_model()\n"
        "out = []\n"
        f"for i in range({count}):\n"
        f"    u = U.objects.create_user(username=f'{prefix}{{i}}')\n"
        "    out.append([u.username, issue(u, 'loadtest')[1]])\n"
        "print(json.dumps(out))\n"
    )
    return [Player(name, token) for name, token in manage_shell(env, code)]


def verify_games(env: dict[str, str], ids: list[int]) -> dict[str, list]:
    code = (
        "import json\n"
        "from games.models import Game\n"
        "from games.verify import check_game\n"
        f"ids = {ids!r}\n"
        "out = {}\n"
        "for g in Game.objects.filter(pk__in=ids):\n"
        "    r = check_game(g)\n"
        "    out[str(g.pk)] = [r.ok, r.problem, g.status, g.seq]\n"
        "print(json.dumps(out))\n"
    )
    return manage_shell(env, code)


@dataclass
class Result:
    web: int
    games: int
    seconds: float
    moves: int
    games_played: int
    games_finished: int
    submit_p50: float
    submit_p99: float
    socket_p50: float
    socket_p99: float
    errors: list[str]
    late: int
    cores: dict[str, float]
    max_threads: int
    wal_bytes: int = 0
    pg_connections: int = 0

    @property
    def moves_per_s(self) -> float:
        return self.moves / self.seconds

    @property
    def cpu_per_move(self) -> float:
        """daphne's CPU per move (ms)."""
        return self.cores["daphne (all)"] / max(self.moves_per_s, 1e-9) * 1000


async def play(
    base: str,
    players: list[Player],
    games: int,
    seconds: float,
    web_pids: list[int],
    thread_counts: list[int],
    rate: float | None = None,
):
    stats = Stats()
    pacer = Pacer(rate) if rate else None
    sampler = asyncio.create_task(sample_threads(web_pids, thread_counts))
    ws_base = base.replace("http://", "ws://")
    connector = aiohttp.TCPConnector(limit=0)
    played: list[ScriptedGame] = []
    async with aiohttp.ClientSession(connector=connector) as session:
        api = Api(session, base, stats)
        deadline = time.monotonic() + seconds

        async def table(i: int) -> None:
            # One pair of players plays game after game until the time is up.
            pair = (players[2 * i], players[2 * i + 1])
            n = 0
            while time.monotonic() < deadline:
                game = ScriptedGame(api, ws_base, pair, seed=f"{i}:{n}")
                played.append(game)
                n += 1
                try:
                    await game.create()
                    await game.play_until(deadline, pacer)
                except AssertionError:
                    return  # recorded in stats.errors

        await asyncio.wait_for(asyncio.gather(*(table(i) for i in range(games))), seconds + 120)
        sampler.cancel()
        problems = []
        for game in played:
            problems += await game.settle()
    return stats, played, problems


def run_config(
    web: int,
    games: int,
    seconds: float,
    redis: Redis,
    pg: Postgres,
    run_dir: Path,
    rate: float | None = None,
    profile: str = "",
) -> Result:
    database_url = pg.create_database(f"loadtest_w{web}", drop=True)
    stack = Stack(
        run_dir / f"web{web}",
        web=web,
        database_url=database_url,
        redis_url=redis.url(0),
        env_extra={
            "DWAALHOF_CHANNEL_PREFIX": f"loadtest-{web}",
            # Scripted players move faster than any person: lift the per-user limits.
            "DJANGO_THROTTLE_MOVES": "1000000/minute",
            "DJANGO_THROTTLE_TOKEN_READ": "1000000/minute",
            "DJANGO_THROTTLE_TOKEN_WRITE": "1000000/minute",
            "DJANGO_THROTTLE_AUTH": "100000/minute",
        },
    )
    with stack:
        players = create_players(stack.env, 2 * games)
        meter = CpuMeter(
            {
                "daphne (all)": [_pid(c) for c in stack.web],
                "PostgreSQL": [_pid(pg.child)],
                "Redis": [_pid(redis.child)],
                "nginx": [_pid(stack.nginx)],
                "worker": [_pid(stack.worker)],
            }
        )
        database = DatabaseMeter(database_url)
        meter.start()
        database.start()
        spy = py_spy(_pid(stack.web[0]), profile, seconds) if profile else None
        t0 = time.monotonic()
        thread_counts: list[int] = []
        stats, played, problems = asyncio.run(
            play(
                stack.base,
                players,
                games,
                seconds,
                [_pid(c) for c in stack.web],
                thread_counts,
                rate,
            )
        )
        elapsed = time.monotonic() - t0
        cores = meter.stop()
        wal_bytes, pg_connections = database.stop()
        if spy is not None:
            spy.wait(60)
        ids = [g.game_id for g in played if g.game_id is not None]
        verdicts = verify_games(stack.env, ids)
    errors = list(stats.errors) + problems
    errors += [f"game {gid}: verify_game: {v[1]}" for gid, v in verdicts.items() if not v[0]]
    errors += [f"game {gid}: not stored" for gid in ids if str(gid) not in verdicts]
    latencies = [lat for g in played for lat in g.opponent_latencies()]
    return Result(
        web=web,
        games=games,
        seconds=elapsed,
        moves=stats.moves,
        games_played=len(ids),
        games_finished=sum(1 for v in verdicts.values() if v[2] == "finished"),
        submit_p50=pct(stats.submit, 50) * 1000,
        submit_p99=pct(stats.submit, 99) * 1000,
        socket_p50=pct(latencies, 50) * 1000,
        socket_p99=pct(latencies, 99) * 1000,
        errors=errors,
        late=len(stats.late),
        cores=cores,
        max_threads=max(thread_counts, default=0),
        wal_bytes=wal_bytes,
        pg_connections=pg_connections,
    )


# --- report -----------------------------------------------------------------------------------


def table(results: list[Result]) -> str:
    lines = [
        "| web processes | games at once | moves/s | submit p50 / p99 (ms) | commit -> opponent "
        "socket p50 / p99 (ms) | socket later than 5 s | errors | games (finished) verified | threads per web "
        "process (max) | daphne CPU per move (ms) | WAL per move (bytes) | PostgreSQL "
        "connections (max) |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        lines.append(
            f"| {r.web} | {r.games} | {r.moves_per_s:.1f} | {r.submit_p50:.0f} / "
            f"{r.submit_p99:.0f} | {r.socket_p50:.1f} / {r.socket_p99:.1f} | {r.late} | "
            f"{len(r.errors)} | "
            f"{r.games_played} ({r.games_finished}) | {r.max_threads} | "
            f"{r.cpu_per_move:.1f} | "
            f"{r.wal_bytes / max(r.moves, 1):.0f} | {r.pg_connections} |"
        )
    lines += ["", f"CPU used during each run, in cores (the machine has {os.cpu_count()}):", ""]
    names = list(results[0].cores)
    lines.append("| web processes | " + " | ".join(names) + " |")
    lines.append("|---" * (len(names) + 1) + "|")
    for r in results:
        lines.append(f"| {r.web} | " + " | ".join(f"{r.cores[n]:.2f}" for n in names) + " |")
    return "\n".join(lines)


def write_docs(text: str, begin: str = BEGIN, end: str = END) -> None:
    """Put `text` between the markers `begin` and `end` of docs/deploy.md."""
    doc = DOCS.read_text()
    if begin not in doc or end not in doc:
        print(f"(docs/deploy.md has no {begin} markers: figures not written)")
        return
    head, rest = doc.split(begin, 1)
    tail = rest.split(end, 1)[1]
    DOCS.write_text(f"{head}{begin}\n{text}\n{end}{tail}")


@contextmanager
def own_services(prefix: str, *, redis: bool) -> Iterator[tuple[Path, Postgres, Redis | None]]:
    """A temporary directory with a PostgreSQL (and, if asked, a Redis) of the run's own,
    started; stopped and removed afterwards."""
    with tempfile.TemporaryDirectory(prefix=prefix, dir="/tmp") as tmp:
        run_dir = Path(tmp)
        os.chmod(run_dir, 0o755)  # noqa: S103 — PostgreSQL runs as its own user below it
        pg, own_redis = Postgres(run_dir / "pg", run_dir), Redis(run_dir) if redis else None
        try:
            if own_redis:
                own_redis.start()
            pg.start()
            yield run_dir, pg, own_redis
        finally:
            if own_redis:
                own_redis.stop()
            pg.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--web", default="1,2,4", help="web process counts to run")
    parser.add_argument("--games", type=int, default=16, help="games played at once")
    parser.add_argument("--seconds", type=float, default=30, help="play time per run")
    parser.add_argument(
        "--rate",
        type=float,
        help="moves per second in all, paced (default: as fast as the players can)",
    )
    parser.add_argument("--no-docs", action="store_true", help="do not write docs/deploy.md")
    parser.add_argument(
        "--py-spy",
        default="",
        help="sample the first web process with py-spy into FILE.<web> (collapsed stacks)",
    )
    args = parser.parse_args(argv)
    webs = [int(w) for w in args.web.split(",")]
    if len(webs) * (args.seconds + 60) > TIME_LIMIT:
        parser.error(f"the whole run must fit in {TIME_LIMIT} s")
    results = []
    # Redis and PostgreSQL of its own, shared by the runs (a fresh database per run).
    with own_services("dwaalhof-loadtest-", redis=True) as (run_dir, pg, redis):
        assert redis is not None
        for web in webs:
            profile = f"{args.py_spy}.{web}" if args.py_spy else ""
            result = run_config(
                web, args.games, args.seconds, redis, pg, run_dir, args.rate, profile
            )
            results.append(result)
            print(table([result]).split("\n\n")[0].splitlines()[-1], flush=True)
            for error in result.errors[:10]:
                print("   error:", error)
    report = table(results)
    stamp = time.strftime("%Y-%m-%d %H:%M")
    paced = f", paced at {args.rate:g} moves/s" if args.rate else ""
    text = (
        f"Measured {stamp} with `make loadtest` ({args.games} games at once, "
        f"{args.seconds:.0f} s per run{paced}):\n\n{report}"
    )
    print("\n" + text)
    if not args.no_docs and not args.rate:  # the docs keep the unpaced table
        write_docs(text)
    return 1 if any(r.errors for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
