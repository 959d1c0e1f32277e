"""Migrated scratch databases for the tests that start server or worker processes.

Migrating is seconds of CPU in a process of its own, and CI's time is its CPU work: a run
migrates once, into a template, and each such test gets a copy of it (SQLite: the file;
PostgreSQL: CREATE DATABASE ... TEMPLATE). The pytest-xdist workers of a run share the
template (a file lock, PostgreSQL's advisory lock). The SQLite file stays in pytest's
basetemp (pytest removes old ones); the PostgreSQL template is dropped by the last worker
that used it, at its session's end: each user holds a shared advisory lock from its first
use, and a worker drops the template only when it can take that lock alone. (Dropping it
at any worker's end once let a worker still about to copy it find it gone: every database
test of that worker failed. One that needs it after the drop migrates it again.)

The own stacks (stacks/localstack.py: PostgreSQL, Redis, daphne, the worker, nginx) start
likewise on copies of one cluster with the database migrated and of one collectstatic
output, kept in basetemp too (stack_template)."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from stacks.localstack import Stack, production_env, static_root

ROOT = Path(__file__).resolve().parents[1]
PYTHON = str(Path(sys.executable).parent / "python")
# One template per test run: every xdist worker of a run sees the same id.
RUN = os.environ.get("PYTEST_XDIST_TESTRUNUID", str(os.getpid()))[:16]
TEMPLATE_DB = f"dwaalhof_template_{RUN}"
# PostgreSQL advisory lock of the run (other runs on the same server keep theirs): one
# worker migrates the template while the others wait.
_LOCK_KEY = int(hashlib.sha256(TEMPLATE_DB.encode()).hexdigest()[:15], 16)
# Held shared by every process of the run that uses the template, from its first use to its
# end, on a connection of its own (`_user`): the template is dropped only by one that can
# take it alone.
_USERS_KEY = int(hashlib.sha256(f"{TEMPLATE_DB} users".encode()).hexdigest()[:15], 16)
_user: Any = None  # this process's connection holding the shared lock
used_postgres = False  # this process made a copy: it drops the template at its end


def _migrate(database_url: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(DATABASE_URL=database_url, DJANGO_DEBUG="1", DJANGO_LOG_LEVEL="WARNING")
    subprocess.run(
        [PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True
    )


def sqlite_copy(shared_dir: Path, target: Path) -> str:
    """A migrated SQLite database at `target`; its URL. `shared_dir` is a folder every
    worker of the run sees (the parent of pytest's basetemp under xdist)."""
    template = shared_dir / "dwaalhof-migrated.sqlite3"
    with open(shared_dir / "dwaalhof-migrated.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not template.exists():
            building = shared_dir / "dwaalhof-migrating.sqlite3"
            building.unlink(missing_ok=True)
            _migrate(f"sqlite:///{building}")
            building.rename(template)
    shutil.copyfile(template, target)
    return f"sqlite:///{target}"


@contextlib.contextmanager
def _template_locked(server: str):
    """A connection to the server's `postgres` database holding the run's lock, with the
    template migrated (by this process if no other has)."""
    import psycopg

    global used_postgres, _user
    used_postgres = True
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (_LOCK_KEY,))
        try:
            if _user is None:  # a user from now on: no one drops the template meanwhile
                _user = psycopg.connect(f"{server}/postgres", autocommit=True)
                _user.execute("SELECT pg_advisory_lock_shared(%s)", (_USERS_KEY,))
            found = conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (TEMPLATE_DB,)
            ).fetchone()
            if not found:
                conn.execute(f'CREATE DATABASE "{TEMPLATE_DB}"')
                try:
                    _migrate(f"{server}/{TEMPLATE_DB}")
                except BaseException:
                    conn.execute(f'DROP DATABASE IF EXISTS "{TEMPLATE_DB}"')
                    raise
            yield conn
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (_LOCK_KEY,))


def postgres_template(server: str) -> str:
    """The name of the run's migrated template on the PostgreSQL server at `server` (an URL
    without the database), migrated first if need be."""
    with _template_locked(server):
        return TEMPLATE_DB


def postgres_copy(server: str, name: str) -> str:
    """A migrated database `name` on the PostgreSQL server at `server`; its URL."""
    with _template_locked(server) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{TEMPLATE_DB}"')
    return f"{server}/{name}"


def drop_postgres_template(server: str) -> None:
    """At a worker's end: no longer a user of the run's template; drop it if no other
    process of the run still is (the last one to finish drops it)."""
    import psycopg

    global _user
    if _user is not None:
        _user.close()  # its shared lock goes with it
        _user = None
    with (
        contextlib.suppress(psycopg.Error),
        psycopg.connect(f"{server}/postgres", autocommit=True) as conn,
    ):
        conn.execute("SELECT pg_advisory_lock(%s)", (_LOCK_KEY,))
        alone = conn.execute("SELECT pg_try_advisory_lock(%s)", (_USERS_KEY,)).fetchone()
        if alone and alone[0]:
            conn.execute(f'DROP DATABASE IF EXISTS "{TEMPLATE_DB}"')


# --- own stacks (stacks/localstack.py): a migrated PostgreSQL cluster and the static files ---


def stack_template(shared_dir: Path) -> Path:
    """What a Stack's prepare() leaves behind, made once per run in `shared_dir` (a folder
    every worker sees): a stopped PostgreSQL cluster whose stack database is migrated, and
    collectstatic's output. initdb, migrate and collectstatic are seconds of CPU each, which
    every stack of a run spent again."""
    template = shared_dir / "dwaalhof-stack"
    with open(shared_dir / "dwaalhof-stack.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not template.exists():
            # built under /tmp: PostgreSQL runs as its own user, who cannot enter basetemp
            building = Path(tempfile.mkdtemp(prefix="dwaalhof-stack-template-", dir="/tmp"))
            try:
                os.chmod(building, 0o755)  # noqa: S103 — PostgreSQL's user reaches its data
                _prepare_stack(building)
                template.mkdir()
                shutil.move(building / "pg", template / "pg")
                shutil.move(static_root(building), template / "static")
            finally:
                shutil.rmtree(building, ignore_errors=True)
    return template


def _prepare_stack(run_dir: Path) -> None:
    """A stack's own prepare() (production settings), on a cluster started for it only."""
    stack = Stack(run_dir, web=0, redis_url="redis://127.0.0.1:1/0", fast_pg=True)
    assert stack.postgres is not None
    stack.postgres.start()
    try:
        stack.database_url = stack.postgres.create_database(stack.database)
        stack.env = production_env(stack.database_url, "redis://127.0.0.1:1/0", run_dir)
        stack.prepare()
    finally:
        stack.postgres.stop()


class MigratedStack(Stack):
    """A Stack on copies of the run's template (stack_template): its cluster has the
    database migrated and collectstatic's files are in place, so prepare() has nothing left
    to do. Its own PostgreSQL and Redis, as a Stack's."""

    def __init__(self, run_dir: Path, template: Path, **options: Any):
        assert "database_url" not in options and "database" not in options, "the template's"
        pg_dir = run_dir / "pg"
        shutil.copytree(template / "pg", pg_dir, symlinks=True)
        if os.geteuid() == 0:  # PostgreSQL runs as its own user (stacks/localstack.py)
            for path in (pg_dir, *pg_dir.rglob("*")):
                shutil.chown(path, "postgres", "postgres")
        shutil.copytree(template / "static", static_root(run_dir), symlinks=True)
        super().__init__(run_dir, pg_dir=pg_dir, **options)

    def prepare(self) -> None:
        pass


@contextlib.contextmanager
def stack(shared_dir: Path, prefix: str, **options: Any) -> Iterator[Stack]:
    """As stacks.localstack.temporary_stack, on copies of the run's template."""
    template = stack_template(shared_dir)
    run_dir = Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))
    os.chmod(run_dir, 0o755)  # noqa: S103 — PostgreSQL runs as its own user below it
    try:
        with MigratedStack(run_dir, template, **options) as started:
            yield started
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)
