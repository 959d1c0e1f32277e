"""The framework's own ceiling on this machine (`make loadtest-floor`): how many requests per
second the bare DRF floor app (bench/floor: token auth, insert one row, commit, answer)
serves through the same nginx, daphne and PostgreSQL as the load test, for 1, 2 and 4
daphne processes. No game, no channel layer, no sockets: whatever a move costs on top of
this, the load test's moves/s cannot pass this figure.

    python -m bench.floor_capacity [--web 1,2,4] [--clients 16] [--seconds 20]

Each of `clients` scripted clients sends POST /floor/insert/ with a move-sized body, one
after the other, through nginx. Prints requests/s, p50/p99 and the CPU each part used.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import psycopg

from stacks.localstack import Postgres, Stack

from .loadtest import CpuMeter, create_players, own_services, pct

BODY = {"move": {"type": "walk", "pawn": 1, "path": [[0, 1], [1, 1]]}, "expected_seq": 12}
TIME_LIMIT = 600
UNUSED_REDIS = "redis://127.0.0.1:1/0"


class FloorStack(Stack):
    """nginx -> `web` daphne processes of the floor app; PostgreSQL given, no worker."""

    app = "bench.floor.asgi:application"
    health_path = "/floor/health/"
    with_worker = False

    def prepare(self) -> None:
        self.manage("migrate", "--noinput", "-v", "0")  # Dwaalhof's users and tokens
        assert self.database_url is not None
        with psycopg.connect(self.database_url, autocommit=True) as conn:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS bench_floor "
                "(id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)"
            )

    def web_env(self) -> dict[str, str]:
        return dict(self.env, DJANGO_SETTINGS_MODULE="bench.floor.settings")


async def hammer(base: str, tokens: list[str], seconds: float) -> tuple[list[float], int]:
    """Each token's client inserts until the time is up: (latencies in s, errors)."""
    latencies: list[float] = []
    errors = 0
    deadline = time.monotonic() + seconds
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:

        async def client(token: str) -> None:
            nonlocal errors
            headers = {"Authorization": f"Token {token}"}
            while time.monotonic() < deadline:
                t0 = time.monotonic()
                async with session.post(
                    base + "/floor/insert/", json=BODY, headers=headers
                ) as answer:
                    await answer.read()
                    if answer.status == 201:
                        latencies.append(time.monotonic() - t0)
                    else:
                        errors += 1

        await asyncio.gather(*(client(t) for t in tokens))
    return latencies, errors


@dataclass
class FloorResult:
    web: int
    clients: int
    per_s: float  # inserts answered 201 per second
    p50: float  # ms
    p99: float  # ms
    errors: int
    cores: dict[str, float]

    @property
    def cpu_per_request(self) -> float:
        """daphne's CPU per answered request (ms)."""
        return self.cores["daphne (all)"] / max(self.per_s, 1e-9) * 1000

    def row(self) -> str:
        return (
            f"| {self.web} | {self.clients} | {self.per_s:.1f} | {self.p50:.0f} / "
            f"{self.p99:.0f} | {self.errors} | {self.cpu_per_request:.1f} | "
            + " | ".join(f"{self.cores[n]:.2f}" for n in self.cores)
            + " |"
        )


def run_config(web: int, clients: int, seconds: float, pg: Postgres, run_dir: Path) -> FloorResult:
    database_url = pg.create_database(f"floorcap_w{web}", drop=True)
    # The floor uses no Redis; a URL is given so that the stack starts none.
    stack = FloorStack(
        run_dir / f"floor{web}", web=web, database_url=database_url, redis_url=UNUSED_REDIS
    )
    with stack:
        tokens = [p.token for p in create_players(stack.env, clients, prefix="floor")]
        assert pg.child is not None and stack.nginx is not None
        meter = CpuMeter(
            {
                "daphne (all)": [c.pid for c in stack.web if c.pid is not None],
                "PostgreSQL": [pg.child.pid] if pg.child.pid else [],
                "nginx": [stack.nginx.pid] if stack.nginx.pid else [],
            }
        )
        meter.start()
        t0 = time.monotonic()
        latencies, errors = asyncio.run(hammer(stack.base, tokens, seconds))
        elapsed = time.monotonic() - t0
        cores = meter.stop()
    return FloorResult(
        web=web,
        clients=clients,
        per_s=len(latencies) / elapsed,
        p50=pct(latencies, 50) * 1000,
        p99=pct(latencies, 99) * 1000,
        errors=errors,
        cores=cores,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--web", default="1,2,4", help="web process counts to run")
    parser.add_argument("--clients", type=int, default=16, help="clients at once")
    parser.add_argument("--seconds", type=float, default=20, help="time per run")
    args = parser.parse_args(argv)
    webs = [int(w) for w in args.web.split(",")]
    if len(webs) * (args.seconds + 40) > TIME_LIMIT:
        parser.error(f"the whole run must fit in {TIME_LIMIT} s")
    rows = []
    with own_services("dwaalhof-floorcap-", redis=False) as (run_dir, pg, _redis):
        for web in webs:
            rows.append(run_config(web, args.clients, args.seconds, pg, run_dir).row())
            print(rows[-1], flush=True)
    head = (
        "| web processes | clients at once | inserts/s | p50 / p99 (ms) | errors | daphne CPU "
        "per request (ms) | daphne (all) | PostgreSQL | nginx | load client | whole machine "
        "| others |"
    )
    print("\n" + head + "\n" + "|---" * 12 + "|\n" + "\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
