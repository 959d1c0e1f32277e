"""The real worker on a scratch SQLite database, set up, started, killed and started again:
what the exactly-once tests of the mail and the web push (test_email_worker_kill,
test_webpush_worker_kill) share. Each brings its own outside service and its own counts."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON = str(Path(sys.executable).parent / "python")


def scratch_env(database: Path, **settings: str) -> dict[str, str]:
    """The environment of a worker on `database` alone (no Redis, no other database)."""
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    env.update(
        DATABASE_URL=f"sqlite:///{database}",
        DJANGO_DEBUG="1",
        DJANGO_LOG_LEVEL="WARNING",
        PYTHONUNBUFFERED="1",
        **settings,
    )
    return env


def run_shell(env: dict[str, str], code: str) -> None:
    """`manage.py shell -c code` on the scratch database (the test's setup)."""
    subprocess.run([PYTHON, "manage.py", "shell", "-c", code], cwd=ROOT, env=env, check=True)


class Worker:
    """`manage.py run_worker` started again after each SIGKILL, its output in one log."""

    def __init__(self, env: dict[str, str], log_path: Path):
        self.env, self.log_path = env, log_path
        self.log = open(log_path, "ab")  # noqa: SIM115  (closed by stop)
        self.process: subprocess.Popen | None = None
        self.kills = 0

    def start(self) -> None:
        self.process = subprocess.Popen(
            [PYTHON, "manage.py", "run_worker", "--interval", "0.1"],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.kills += 1

    def tail(self) -> str:
        """The log's end, for an assertion's message."""
        return self.log_path.read_text()[-2000:]

    def wait_until(self, done: Callable[[], bool], timeout: float = 90, poll: float = 0.2) -> None:
        end = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < end, self.tail()
            time.sleep(poll)

    def stop(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=30)
        self.log.close()
