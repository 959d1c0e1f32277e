"""`make prod WEB=4`: the production topology on this machine, until Ctrl-C (or `make
prod-stop`): nginx on 127.0.0.1:PORT in front of WEB daphne processes, the worker, Redis and
PostgreSQL (their data in var/prod unless REDIS_URL / DATABASE_URL name running ones).
A web process or the worker that dies is started again, as systemd's Restart= would.

    python -m stacks.prod [--web 4] [--port 8000] [--run-dir var/prod]
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from pathlib import Path
from types import FrameType
from typing import NoReturn

from .localstack import ROOT, Stack

RESTART_AFTER = 1.0  # seconds before a crashed process is started again


class Stop(Exception):
    pass


def _stop(signum: int, frame: FrameType | None) -> NoReturn:
    raise Stop


def supervise(stack: Stack) -> None:
    """Restart crashed web processes and the worker until stopped."""
    while True:
        time.sleep(RESTART_AFTER)
        for i, web in enumerate(stack.web):
            if not web.alive:
                code = web.proc.returncode if web.proc else None
                print(f"web-{i} exited ({code}); starting it again", flush=True)
                stack.restart_web(i)
        worker = stack.worker
        assert worker is not None  # started with the stack
        if not worker.alive:
            code = worker.proc.returncode if worker.proc else None
            print(f"worker exited ({code}); starting it again", flush=True)
            stack.restart_worker()
        for piece in (
            stack.nginx,
            stack.redis and stack.redis.child,
            stack.postgres and stack.postgres.child,
        ):
            if piece and not piece.alive:
                raise RuntimeError(f"{piece.name} exited:\n{piece.tail()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--web", type=int, default=2, help="daphne processes (default 2)")
    parser.add_argument("--port", type=int, default=8000, help="the proxy's port")
    parser.add_argument("--run-dir", type=Path, default=ROOT / "var" / "prod")
    args = parser.parse_args(argv)
    run_dir = args.run_dir.resolve()
    run_dir.mkdir(parents=True, exist_ok=True)
    pid_file = run_dir / "supervisor.pid"
    pid_file.write_text(str(os.getpid()))
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    stack = Stack(
        run_dir,
        web=args.web,
        port=args.port,
        database_url=os.environ.get("DATABASE_URL"),
        redis_url=os.environ.get("REDIS_URL"),
    )
    try:
        stack.start()
        print(
            f"Dwaalhof (production settings) on {stack.base}/ : nginx -> {args.web} daphne "
            f"on ports {stack.web_ports}, worker, Redis {stack.redis_url}, PostgreSQL "
            f"{stack.database_url}. Logs in {run_dir}. Ctrl-C or `make prod-stop` stops all.",
            flush=True,
        )
        supervise(stack)
    except Stop:
        print("stopping...", flush=True)
    finally:
        # Stopping takes seconds: a second Ctrl-C (or SIGTERM) meanwhile must not cut it
        # short and leave PostgreSQL or daphne processes behind.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        stack.stop()
        pid_file.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
