"""Real server processes for the production-path tests and the benchmark: a scratch
database (file SQLite, or a PostgreSQL database when DATABASE_URL points at PostgreSQL),
Redis as the channel layer, daphne processes on free loopback ports, and the worker."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from pathlib import Path

import requests

from stacks.localstack import free_port
from tests import migrated

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
REDIS_URL = os.environ.get("DWAALHOF_TEST_REDIS_URL", "redis://127.0.0.1:6379/7")


@contextlib.contextmanager
def scratch_database(migrated_sqlite, tmp_path: Path, name: str):
    """A migrated database nobody else uses (a copy of the run's template, tests/migrated.py):
    a file SQLite in `tmp_path`, or a PostgreSQL database dropped afterwards."""
    base = os.environ.get("DATABASE_URL", "")
    if base.startswith(("postgres://", "postgresql://")):
        import psycopg

        server = base.rsplit("/", 1)[0]
        url = migrated.postgres_copy(server, name)
        try:
            yield url
        finally:
            with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    else:
        yield migrated_sqlite(tmp_path / (name + ".sqlite3"))


def server_env(database_url: str, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        REDIS_URL=REDIS_URL,
        DWAALHOF_CHANNEL_PREFIX=f"dwaalhof-test-{os.getpid()}",
        DJANGO_DEBUG="1",
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DWAALHOF_BOT_MOVES="worker",
        DJANGO_THROTTLE_AUTH="100000/minute",
        DJANGO_THROTTLE_MOVES="1000000/minute",
        DJANGO_THROTTLE_TOKEN_READ="1000000/minute",
        DJANGO_THROTTLE_TOKEN_WRITE="1000000/minute",
        DJANGO_LOG_LEVEL="WARNING",
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


class Processes:
    """Started processes, stopped (terminate, then kill) when the block ends."""

    def __init__(self, log_dir: Path):
        self.log_dir = log_dir
        self.procs: list[subprocess.Popen] = []

    def start(self, name: str, args: list[str], env: dict[str, str]) -> subprocess.Popen:
        log = open(self.log_dir / f"{name}.log", "wb")  # noqa: SIM115  (closed with the process)
        proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        proc.log_file = log  # type: ignore[attr-defined]
        self.procs.append(proc)
        return proc

    def daphne(self, name: str, env: dict[str, str]) -> str:
        port = free_port()
        self.start(
            name,
            [
                str(BIN / "daphne"),
                "-b",
                "127.0.0.1",
                "-p",
                str(port),
                "dwaalhof_site.asgi:application",
            ],
            env,
        )
        base = f"http://127.0.0.1:{port}"
        wait_until_up(base, self.procs[-1], self.log_dir / f"{name}.log")
        return base

    def worker(self, env: dict[str, str]) -> subprocess.Popen:
        return self.start(
            "worker",
            [str(BIN / "python"), "manage.py", "run_worker", "--interval", "0.1"],
            env,
        )

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            proc.log_file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def wait_until_up(base: str, proc: subprocess.Popen, log: Path, limit: float = 60) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {log.read_text()[-2000:]}")
        with contextlib.suppress(requests.RequestException):
            if requests.get(f"{base}/api/auth/csrf", timeout=2).status_code < 500:
                return
        time.sleep(0.1)
    raise RuntimeError(f"server at {base} did not come up: {log.read_text()[-2000:]}")


class ApiUser:
    """A player talking to the REST API with a token, like a bot or script."""

    def __init__(self, base: str, username: str, password: str = "Dwaal-hof-2025!"):
        self.base = base
        self.session = requests.Session()
        self.session.get(f"{base}/api/auth/csrf")
        csrf = self.session.cookies.get("csrftoken", "")
        answer = self.session.post(
            f"{base}/api/auth/signup",
            json={"username": username, "password": password},
            headers={"X-CSRFToken": csrf},
        )
        answer.raise_for_status()
        self.token = requests.post(
            f"{base}/api/auth/token", json={"username": username, "password": password}
        ).json()["token"]
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Token {self.token}"

    def at(self, base: str) -> ApiUser:
        """The same player, talking to another server process."""
        other = object.__new__(ApiUser)
        other.base, other.token, other.session = base, self.token, self.session
        return other

    def get(self, path: str) -> dict:
        answer = self.session.get(self.base + path, timeout=30)
        answer.raise_for_status()
        return answer.json()

    def post(self, path: str, body: dict | None = None) -> dict:
        answer = self.session.post(self.base + path, json=body or {}, timeout=30)
        if answer.status_code >= 400:
            raise AssertionError(f"{path}: {answer.status_code} {answer.text}")
        return answer.json()

    def play_first_legal(self, game_id: int) -> dict:
        legal = self.get(f"/api/games/{game_id}/legal/")
        return self.post(
            f"/api/games/{game_id}/moves/",
            {"move": legal["moves"][0], "expected_seq": legal["seq"]},
        )

    def ws_url(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return self.base.replace("http://", "ws://") + f"{path}{sep}token={self.token}"
