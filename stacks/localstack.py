"""The production topology on one machine, all on loopback: nginx in front of N daphne
processes, the worker, Redis and PostgreSQL. Used by `make prod` (stacks/prod.py),
the load test (bench/loadtest.py) and the fault tests, which stop and start pieces of it.

Each piece is a child process with its own log file in the run directory. Redis and
PostgreSQL are started here (their own data in the run directory, on free ports) unless
REDIS_URL / DATABASE_URL are given: then the stack uses those, as on several machines.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from glob import glob
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
TEMPLATE = ROOT / "deploy" / "nginx.conf.template"
APP = "dwaalhof_site.asgi:application"
# Answers without touching the database or Redis: "the process serves requests".
LIVENESS_PATH = "/health/live/"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def render(template: str, values: dict[str, str]) -> str:
    """Fill `{{name}}` placeholders; an unknown or missing name is an error, not a blank."""
    missing = set(re.findall(r"{{(\w+)}}", template)) - set(values)
    if missing:
        raise KeyError(f"no value for {sorted(missing)}")
    return re.sub(r"{{(\w+)}}", lambda m: values[m.group(1)], template)


def postgres_bin(name: str) -> str:
    found = sorted(glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError("PostgreSQL server binaries not found (apt-get install postgresql)")
    return found[-1]


class Child:
    """One started process and its log. `user` runs it as that account (PostgreSQL refuses
    to run as root)."""

    def __init__(
        self,
        name: str,
        args: list[str],
        env: dict[str, str],
        log_dir: Path,
        user: str | None = None,
    ):
        self.name, self.args, self.env, self.log_dir, self.user = name, args, env, log_dir, user
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def log_path(self) -> Path:
        return self.log_dir / f"{self.name}.log"

    def start(self) -> Child:
        with open(self.log_path, "ab") as log:
            extra: dict[str, Any] = {"user": self.user, "group": self.user} if self.user else {}
            self.proc = subprocess.Popen(  # noqa: S603 — our own programs, arguments built here: no outside input
                self.args,
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                **extra,
            )
        return self

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 15) -> None:
        proc = self.proc
        if proc is None or not self.alive:
            return
        proc.send_signal(sig)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def kill(self) -> None:
        """As a crash: SIGKILL, no chance to clean up."""
        self.stop(signal.SIGKILL)

    def tail(self, chars: int = 3000) -> str:
        with contextlib.suppress(OSError):
            return self.log_path.read_text(errors="replace")[-chars:]
        return ""


def wait_until(check: Callable[[], bool], child: Child, what: str, limit: float = 60) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if not child.alive:
            raise RuntimeError(f"{child.name} exited while starting:\n{child.tail()}")
        with contextlib.suppress(OSError, urllib.error.URLError):
            if check():
                return
        time.sleep(0.1)
    raise RuntimeError(f"{child.name}: {what} not ready after {limit} s:\n{child.tail()}")


def http_status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=3) as answer:  # noqa: S310 — a fixed http:// URL of the stack's own process on loopback
            status: int = answer.status
            return status
    except urllib.error.HTTPError as err:
        return err.code


class Redis:
    def __init__(self, run_dir: Path, port: int | None = None):
        self.port = port or free_port()
        self.child = Child(
            "redis",
            [
                "redis-server",
                "--bind",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(run_dir),
            ],
            dict(os.environ),
            run_dir,
        )

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> None:
        self.child.start()
        wait_until(lambda: port_open(self.port), self.child, "redis")

    def stop(self) -> None:
        self.child.stop()


class Postgres:
    """A PostgreSQL cluster of its own in `data_dir` (created on first use), on a free port.
    `fast` turns off fsync: for tests, whose data may be lost."""

    def __init__(self, data_dir: Path, log_dir: Path, port: int | None = None, fast: bool = False):
        self.data_dir, self.port, self.fast = data_dir, port or free_port(), fast
        self.user = "postgres" if os.geteuid() == 0 else None
        args = [
            postgres_bin("postgres"),
            "-D",
            str(data_dir),
            "-p",
            str(self.port),
            "-h",
            "127.0.0.1",
            "-k",
            str(data_dir),
            "-c",
            "max_connections=200",
        ]
        if fast:
            args += [
                "-c",
                "fsync=off",
                "-c",
                "synchronous_commit=off",
                "-c",
                "full_page_writes=off",
            ]
        self.child = Child("postgres", args, dict(os.environ), log_dir, user=self.user)

    def url(self, database: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def init(self) -> None:
        if (self.data_dir / "PG_VERSION").exists():
            return
        self.data_dir.mkdir(parents=True, exist_ok=True)
        if self.user:
            shutil.chown(self.data_dir, self.user, self.user)
        subprocess.run(  # noqa: S603 — our own programs, arguments built here: no outside input
            [
                postgres_bin("initdb"),
                "-D",
                str(self.data_dir),
                "-U",
                "postgres",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ],
            check=True,
            capture_output=True,
            user=self.user,
            group=self.user,
        )

    def start(self) -> None:
        self.init()
        self.child.start()
        wait_until(self._ready, self.child, "postgres")

    def _ready(self) -> bool:
        ready = subprocess.run(  # noqa: S603 — our own programs, arguments built here: no outside input
            [postgres_bin("pg_isready"), "-h", "127.0.0.1", "-p", str(self.port), "-q"],
            check=False,
        )
        return ready.returncode == 0

    def stop(self) -> None:
        self.child.stop(signal.SIGINT)  # "fast" shutdown: roll back, close sessions

    def create_database(self, name: str, *, drop: bool = False) -> str:
        import psycopg

        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            if drop:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
            if not exists:
                conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


def static_root(run_dir: Path) -> Path:
    """collectstatic's output of a stack: its own (two stacks started at once, as tests on
    several workers do, would otherwise write one folder together)."""
    return run_dir / "static"


def production_env(
    database_url: str, redis_url: str, run_dir: Path, **extra: str
) -> dict[str, str]:
    """The environment of every web process and the worker: production settings behind a
    plain-HTTP loopback proxy (no TLS here, so no HTTPS redirect and no HSTS)."""
    key_file = run_dir / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_urlsafe(64))
        key_file.chmod(0o600)
    env = dict(os.environ)
    env.update(
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=os.environ.get("DJANGO_SECRET_KEY") or key_file.read_text().strip(),
        DJANGO_ALLOWED_HOSTS=os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost"),
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_HSTS_SECONDS="0",
        DJANGO_BEHIND_PROXY="1",
        DJANGO_NUM_PROXIES="1",
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        DJANGO_STATIC_ROOT=str(static_root(run_dir)),
        DJANGO_DB_POOL_MIN=os.environ.get("DJANGO_DB_POOL_MIN", "1"),
        DJANGO_DB_POOL_MAX=os.environ.get("DJANGO_DB_POOL_MAX", "4"),
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


class Stack:
    """nginx -> `web` daphne processes, the worker, Redis, PostgreSQL; all in `run_dir`.

    start() brings everything up in dependency order and returns the proxy's base URL;
    stop() takes it down in reverse. The fault tests use the pieces directly. A subclass may
    serve another app (bench/floor_capacity.py): `app`, `health_path`, `with_worker`,
    `prepare` and `web_env` are what it changes.
    """

    app = APP  # what the daphne processes serve
    health_path = LIVENESS_PATH  # answers 2xx once a web process (and the proxy) is up
    with_worker = True

    def __init__(
        self,
        run_dir: Path,
        *,
        web: int = 2,
        port: int | None = None,
        database_url: str | None = None,
        redis_url: str | None = None,
        database: str = "dwaalhof",
        pg_dir: Path | None = None,
        fast_pg: bool = False,
        worker_interval: float = 0.5,
        env_extra: dict[str, str] | None = None,
    ):
        self.run_dir = run_dir
        run_dir.mkdir(parents=True, exist_ok=True)
        (run_dir / "nginx-tmp").mkdir(exist_ok=True)
        self.web_count, self.port = web, port or free_port()
        self.database_url, self.redis_url, self.database = database_url, redis_url, database
        self.redis = None if redis_url else Redis(run_dir)
        self.postgres = (
            None if database_url else Postgres(pg_dir or run_dir / "pg", run_dir, fast=fast_pg)
        )
        self.worker_interval = worker_interval
        self.env_extra = env_extra or {}
        self.web: list[Child] = []
        self.web_ports: list[int] = []
        self.worker: Child | None = None
        self.nginx: Child | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> str:
        if self.redis:
            self.redis.start()
            self.redis_url = self.redis.url(0)
        if self.postgres:
            self.postgres.start()
            self.database_url = self.postgres.create_database(self.database)
        assert self.database_url is not None and self.redis_url is not None  # given or started
        self.env = production_env(self.database_url, self.redis_url, self.run_dir, **self.env_extra)
        self.prepare()
        for i in range(self.web_count):
            self.web_ports.append(free_port())
            self.web.append(self._daphne(i))
        for i in range(self.web_count):
            self.wait_web(i)
        if self.with_worker:
            self.worker = self._worker().start()
        self.nginx = self._nginx().start()
        wait_until(lambda: http_status(self.base + self.health_path) < 300, self.nginx, "nginx")
        return self.base

    def prepare(self) -> None:
        """The database and the files the web processes need, before they start."""
        self.manage("migrate", "--noinput", "-v", "0")
        self.manage("collectstatic", "--noinput", "-v", "0")

    def web_env(self) -> dict[str, str]:
        """The environment of the web processes (the worker and manage.py get `env`)."""
        return self.env

    def manage(self, *args: str) -> None:
        subprocess.run(  # noqa: S603 — our own programs, arguments built here: no outside input
            [str(BIN / "python"), "manage.py", *args], cwd=ROOT, env=self.env, check=True
        )

    def _daphne(self, i: int) -> Child:
        return Child(
            f"web-{i}",
            # -v 0: no access log here (nginx keeps the edge's); warnings and errors stay.
            [
                str(BIN / "daphne"),
                *("-v", "0", "-b", "127.0.0.1", "-p", str(self.web_ports[i])),
                self.app,
            ],
            self.web_env(),
            self.run_dir,
        ).start()

    def wait_web(self, i: int) -> None:
        url = f"http://127.0.0.1:{self.web_ports[i]}{self.health_path}"
        wait_until(lambda: http_status(url) < 300, self.web[i], "daphne")

    def restart_web(self, i: int) -> None:
        self.web[i] = self._daphne(i)
        self.wait_web(i)

    def _worker(self) -> Child:
        return Child(
            "worker",
            [
                str(BIN / "python"),
                "manage.py",
                "run_worker",
                "--interval",
                str(self.worker_interval),
            ],
            self.env,
            self.run_dir,
        )

    def restart_worker(self) -> None:
        self.worker = self._worker().start()

    def nginx_config(self) -> str:
        upstreams = "\n".join(
            f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=2s;"
            for port in self.web_ports
        )
        return render(
            TEMPLATE.read_text(),
            {
                "listen": f"127.0.0.1:{self.port}",
                "run_dir": str(self.run_dir),
                "upstream_servers": upstreams.strip(),
                "static_root": str(static_root(self.run_dir)),
            },
        )

    def _nginx(self) -> Child:
        conf = self.run_dir / "nginx.conf"
        conf.write_text(self.nginx_config())
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        return Child(
            "nginx",
            [nginx, "-p", str(self.run_dir), "-c", str(conf)],
            dict(os.environ),
            self.run_dir,
        )

    def children(self) -> list[Child]:
        found = [self.nginx, self.worker, *self.web]
        found += [self.redis.child] if self.redis else []
        found += [self.postgres.child] if self.postgres else []
        return [c for c in found if c is not None]

    def stop(self) -> None:
        for child in (self.nginx, *self.web, self.worker):
            if child is not None:
                child.stop()
        if self.redis:
            self.redis.stop()
        if self.postgres:
            self.postgres.stop()

    def __enter__(self) -> Stack:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


@contextlib.contextmanager
def temporary_stack(prefix: str, **options: Any) -> Iterator[Stack]:
    """A Stack (`options` as Stack's) in a directory of its own under /tmp, started; stopped
    and the directory removed afterwards (the fault and browser tests)."""
    run_dir = Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))
    os.chmod(run_dir, 0o755)  # noqa: S103 — PostgreSQL runs as its own user below it
    try:
        with Stack(run_dir, **options) as stack:
            yield stack
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)
