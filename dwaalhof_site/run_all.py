"""`make run`: serve the site and run the background worker until Ctrl-C.

Embedded default (no REDIS_URL): ONE process. The channel layer is in memory, so a worker
in another process could not reach the server's sockets; the worker therefore runs inside
the server, as a task on daphne's event loop that does each pass in a thread.
With REDIS_URL: two processes, daphne and `manage.py run_worker`; Ctrl-C stops both.

    python -m dwaalhof_site.run_all [--host 127.0.0.1] [--port 8000]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path
from types import FrameType
from typing import NoReturn

ROOT = Path(__file__).resolve().parent.parent
APP = "dwaalhof_site.asgi:application"
WORKER_INTERVAL = 0.5  # seconds between worker passes


def _interrupt(signum: int, frame: FrameType | None) -> NoReturn:
    raise KeyboardInterrupt


def run_two_processes(host: str, port: int) -> int:
    signal.signal(signal.SIGTERM, _interrupt)  # stopped by a service manager: same as Ctrl-C
    bin_dir = Path(sys.executable).parent
    server = subprocess.Popen([str(bin_dir / "daphne"), "-b", host, "-p", str(port), APP], cwd=ROOT)  # noqa: S603 — our own programs, arguments built here: no outside input
    worker = subprocess.Popen(  # noqa: S603 — our own programs, arguments built here: no outside input
        [sys.executable, "manage.py", "run_worker", "--interval", str(WORKER_INTERVAL)], cwd=ROOT
    )
    procs = (server, worker)
    try:
        while all(p.poll() is None for p in procs):
            try:
                server.wait(timeout=1)
            except subprocess.TimeoutExpired:
                pass
    except KeyboardInterrupt:
        pass
    finally:
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in procs:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                p.kill()
    return max(p.returncode or 0 for p in procs)


def run_one_process(host: str, port: int) -> None:
    import daphne.server  # noqa: F401  (installs the asyncio reactor; must come first)
    from daphne.cli import CommandLineInterface
    from twisted.internet import reactor

    async def worker_loop() -> None:
        import django
        from asgiref.sync import sync_to_async

        django.setup()
        from worker import loop as worker

        tick = sync_to_async(worker.tick_safely, thread_sensitive=False)
        while True:
            await tick()
            await asyncio.sleep(WORKER_INTERVAL)

    def start_worker() -> None:
        asyncio.get_event_loop().create_task(worker_loop())
        print("worker running inside the server (embedded default)", flush=True)

    reactor.callWhenRunning(start_worker)
    CommandLineInterface().run(["-b", host, "-p", str(port), APP])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dwaalhof_site.settings")
    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))
    if os.environ.get("REDIS_URL"):
        return run_two_processes(args.host, args.port)
    run_one_process(args.host, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
