"""Separate hosts on one machine (docs/deploy.md, "Cluster"): the network of net.py, and on
each host its service, started from the files in deploy/ with the host's own environment
file (deploy/cluster/env/<host>.env):

    edge     nginx (deploy/nginx.conf.template) -> web1:8000, web2:8000
    web1     daphne + the worker          web2     daphne
    data     PostgreSQL primary           standby  PostgreSQL streaming replica (synchronous)
    redis    Redis

Every file of a run (data directories, logs, nginx's conf, the secret key) is in one
temporary directory, named in STATE; stop() removes it with everything else. The processes
are started detached, so `make cluster` returns while the cluster runs on.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from stacks.localstack import (
    BIN,
    ROOT,
    TEMPLATE,
    Child,
    http_status,
    postgres_bin,
    render,
    static_root,
    wait_until,
)

from . import net

HERE = net.HERE
STATE = Path("/run/dwaalhof-cluster.state")  # the current run's directory (root's /run)
EDGE_URL = f"http://{net.HOSTS['edge']}"
PG_USER = "postgres"  # PostgreSQL refuses to run as root


def read_env(host: str) -> dict[str, str]:
    """deploy/cluster/env/<host>.env: KEY=VALUE lines, # comments (systemd's format)."""
    values = {}
    for line in (HERE / "env" / f"{host}.env").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            values[key.strip()] = value.strip()
    return values


class Cluster:
    """One run of the cluster in `run_dir`. `extra_env` is added to the web hosts'
    environment (the tests lift the throttles with it)."""

    def __init__(self, run_dir: Path, extra_env: dict[str, str] | None = None):
        self.run_dir = run_dir
        self.extra_env = extra_env or {}
        self.children: dict[str, Child] = {}

    # -- paths and environments

    def pg_dir(self, host: str) -> Path:
        return self.run_dir / host / "pgdata"

    def socket_dir(self, host: str) -> Path:
        """The local socket, outside the data directory (a base backup would copy its lock)."""
        path = self.run_dir / host / "socket"
        if not path.exists():
            path.mkdir(parents=True)
            shutil.chown(path, PG_USER, PG_USER)
        return path

    def log_dir(self, host: str) -> Path:
        path = self.run_dir / host
        path.mkdir(parents=True, exist_ok=True)
        return path

    def web_env(self, host: str) -> dict[str, str]:
        """The host's env file, plus what belongs to this run rather than to the files."""
        key_file = self.run_dir / "secret_key"
        if not key_file.exists():
            key_file.write_text(secrets.token_urlsafe(64))
            key_file.chmod(0o600)
        env = {k: os.environ[k] for k in ("PATH", "LANG", "HOME") if k in os.environ}
        env.update(read_env(host))
        env.update(
            DJANGO_SECRET_KEY=key_file.read_text().strip(),
            DJANGO_STATIC_ROOT=str(static_root(self.run_dir)),
            PYTHONUNBUFFERED="1",
        )
        env.update(self.extra_env)
        return env

    def run_in(self, host: str, *args: str, user: str | None = None, **kw: object) -> str:
        """Run a command to its end on `host`; its output."""
        prefix = _as_user(user) if user else []
        done = subprocess.run(  # noqa: S603 — our own programs, arguments built here
            net.in_host(host, *prefix, *args),
            cwd=ROOT,
            check=False,
            capture_output=True,
            text=True,
            **kw,  # type: ignore[call-overload]
        )
        if done.returncode != 0:
            raise RuntimeError(f"on {host}: {' '.join(args)} failed:\n{done.stderr[-3000:]}")
        return str(done.stdout)

    def manage(self, host: str, *args: str, **extra_env: str) -> str:
        """manage.py on a web host, with that host's environment."""
        env = {**self.web_env(host), **extra_env}
        return self.run_in(host, str(BIN / "python"), "manage.py", *args, env=env)

    def psql(self, host: str, sql: str, **kw: object) -> str:
        """SQL as the superuser, over the host's local socket."""
        return self.run_in(
            host,
            postgres_bin("psql"),
            *("-X", "-At", "-v", "ON_ERROR_STOP=1", "-h", str(self.socket_dir(host))),
            *("-U", PG_USER, "-d", "postgres", "-c", sql),
            user=PG_USER,
            **kw,
        )

    def start_child(self, name: str, host: str, args: list[str], env: dict[str, str]) -> Child:
        child = Child(name, net.in_host(host, *args), env, self.log_dir(host)).start()
        self.children[name] = child
        return child

    # -- the hosts

    def start_redis(self) -> None:
        env = read_env("redis")
        redis = self.start_child(
            "redis",
            "redis",
            [
                "redis-server",
                *("--bind", env["REDIS_BIND"], "--port", env["REDIS_PORT"]),
                *("--protected-mode", "no", "--save", "", "--appendonly", "no"),
                *("--dir", str(self.log_dir("redis"))),
            ],
            dict(os.environ),
        )
        wait_until(lambda: self._redis_ready(env), redis, "redis")

    def _redis_ready(self, env: dict[str, str]) -> bool:
        import socket

        with socket.socket() as s:
            s.settimeout(0.5)
            return s.connect_ex((env["REDIS_BIND"], int(env["REDIS_PORT"]))) == 0

    def _configure_pg(self, host: str) -> None:
        """postgresql.conf includes the shared and the host's own settings (deploy/cluster/
        postgres/), copied into the data directory so that a base backup carries the
        include, not the primary's values."""
        data = self.pg_dir(host)
        env = read_env(host)
        shutil.copy(HERE / "postgres" / "common.conf", data / "cluster-common.conf")
        shutil.copy(HERE / env["PG_CONF"], data / "cluster-host.conf")
        conf = data / "postgresql.conf"
        text = conf.read_text()
        if "cluster-host.conf" not in text:
            conf.write_text(text + "\ninclude 'cluster-common.conf'\ninclude 'cluster-host.conf'\n")
        for path in data.iterdir():
            if path.name.startswith("cluster-"):
                shutil.chown(path, PG_USER, PG_USER)

    def _start_postgres(self, host: str) -> Child:
        data = self.pg_dir(host)
        child = self.start_child(
            host,
            host,
            [
                *_as_user(PG_USER),
                postgres_bin("postgres"),
                "-D",
                str(data),
                "-k",
                str(self.socket_dir(host)),
            ],
            dict(os.environ),
        )
        wait_until(lambda: self.pg_ready(host), child, "postgres")
        return child

    def pg_ready(self, host: str) -> bool:
        ready = subprocess.run(  # noqa: S603 — our own programs, arguments built here
            [postgres_bin("pg_isready"), "-h", net.HOSTS[host], "-p", "5432", "-q", "-t", "2"],
            check=False,
        )
        return ready.returncode == 0

    def start_data(self) -> None:
        env = read_env("data")
        data = self.pg_dir("data")
        data.mkdir(parents=True)
        shutil.chown(data, PG_USER, PG_USER)
        self.run_in(
            "data",
            postgres_bin("initdb"),
            *("-D", str(data), "-U", PG_USER, "--auth-local=peer", "--auth-host=scram-sha-256"),
            *("-E", "UTF8", "--locale=C"),
            user=PG_USER,
        )
        self._configure_pg("data")
        with open(data / "pg_hba.conf", "a") as hba:
            # The superuser only over the local socket; the application and the standby
            # only from the cluster's subnet, with their passwords.
            hba.write(
                f"\nhost {env['PG_APP_USER']} {env['PG_APP_USER']} {env['PG_SUBNET']} scram-sha-256\n"
                f"host replication {env['PG_REPLICATION_USER']} {env['PG_SUBNET']} scram-sha-256\n"
            )
        self._start_postgres("data")
        app, replicator = env["PG_APP_USER"], env["PG_REPLICATION_USER"]
        # Before the standby exists, a synchronous commit would wait for it forever.
        local = {**os.environ, "PGOPTIONS": "-c synchronous_commit=local"}
        self.psql(
            "data",
            f"CREATE ROLE {app} LOGIN PASSWORD '{env['PG_APP_PASSWORD']}';"
            f"CREATE ROLE {replicator} REPLICATION LOGIN "
            f"PASSWORD '{env['PG_REPLICATION_PASSWORD']}';",
            env=local,
        )
        self.psql("data", f"CREATE DATABASE dwaalhof OWNER {app}", env=local)

    def migrate(self) -> None:
        no_wait = "-c synchronous_commit=local"
        self.manage("web1", "migrate", "--noinput", "-v", "0", PGOPTIONS=no_wait)

    def start_standby(self) -> None:
        """A base backup of data over the network, -R: it starts as a streaming replica."""
        env = read_env("standby")
        data = self.pg_dir("standby")
        data.mkdir(parents=True)
        shutil.chown(data, PG_USER, PG_USER)
        data.chmod(0o700)
        self.run_in(
            "standby",
            postgres_bin("pg_basebackup"),
            *("-h", env["PG_PRIMARY"], "-U", env["PG_REPLICATION_USER"], "-D", str(data)),
            *("-R", "-X", "stream", "-c", "fast", "--no-sync"),
            user=PG_USER,
            env={**os.environ, "PGPASSWORD": env["PG_REPLICATION_PASSWORD"]},
        )
        self._configure_pg("standby")
        self._start_postgres("standby")

    def start_web(self, host: str) -> None:
        env = self.web_env(host)
        web = self.start_child(
            f"{host}-daphne",
            host,
            [
                str(BIN / "daphne"),
                *("-v", "0", "-b", env["DAPHNE_BIND"], "-p", env["DAPHNE_PORT"]),
                "dwaalhof_site.asgi:application",
            ],
            env,
        )
        url = f"http://{env['DAPHNE_BIND']}:{env['DAPHNE_PORT']}/health/live/"
        wait_until(lambda: http_status(url) < 300, web, "daphne")
        if env.get("RUN_WORKER") == "1":
            self.start_child(
                f"{host}-worker",
                host,
                [str(BIN / "python"), "manage.py", "run_worker", "--interval", "0.5"],
                env,
            )

    def start_edge(self) -> None:
        env = read_env("edge")
        run = self.log_dir("edge")
        (run / "nginx-tmp").mkdir(exist_ok=True)
        upstreams = "\n        ".join(
            f"server {u} max_fails=1 fail_timeout=2s;" for u in env["NGINX_UPSTREAMS"].split()
        )
        conf = run / "nginx.conf"
        conf.write_text(
            render(
                TEMPLATE.read_text(),
                {
                    "listen": env["NGINX_LISTEN"],
                    "run_dir": str(run),
                    "upstream_servers": upstreams,
                    "static_root": str(static_root(self.run_dir)),
                },
            )
        )
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        edge = self.start_child(
            "edge", "edge", [nginx, "-p", str(run), "-c", str(conf)], dict(os.environ)
        )
        wait_until(lambda: http_status(EDGE_URL + "/health/live/") < 300, edge, "nginx")

    def start(self) -> str:
        """Bring every host up in dependency order; the edge's URL."""
        started = time.monotonic()
        for what, step in (
            ("redis", self.start_redis),
            ("data", self.start_data),
            # The schema before the base backup: the standby starts with it (and, there
            # being no standby yet, the migrations' commits must not wait for one).
            ("migrate", self.migrate),
            ("standby", self.start_standby),
            ("static", lambda: self.manage("web1", "collectstatic", "--noinput", "-v", "0")),
            ("web1", lambda: self.start_web("web1")),
            ("web2", lambda: self.start_web("web2")),
            ("edge", self.start_edge),
        ):
            step()
            print(f"  {what} up ({time.monotonic() - started:.0f} s)", file=sys.stderr, flush=True)
        return EDGE_URL

    # -- operations (docs/deploy.md, "Cluster")

    def promote(self) -> None:
        """The standby becomes the primary (the data host is gone)."""
        promote(self.pg_dir("standby"))

    def async_commit(self) -> None:
        """The standby is gone: the primary commits without waiting for it (and lets the
        commits waiting now complete). Risk: until a standby is back, a commit is on one
        host only (docs/deploy.md, "Cluster")."""
        self.psql("data", "ALTER SYSTEM SET synchronous_standby_names = ''")
        self.psql("data", "SELECT pg_reload_conf()")

    def waiting_for_standby(self) -> int:
        """Sessions on the primary whose commit waits for the synchronous standby."""
        return int(
            self.psql("data", "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'SyncRep'")
        )

    def replication(self) -> list[str]:
        """The primary's view of its standbys: "application_name|sync_state" lines."""
        out = self.psql("data", "SELECT application_name, sync_state FROM pg_stat_replication")
        return out.split()


def _as_user(user: str) -> list[str]:
    """Drop root for one command (setpriv execs: signals reach the program itself)."""
    return ["setpriv", f"--reuid={user}", f"--regid={user}", "--init-groups", "--"]


def promote(standby_data: Path) -> None:
    """pg_ctl promote on the standby host: it stops replaying and takes writes."""
    subprocess.run(  # noqa: S603 — our own programs, arguments built here
        net.in_host(
            "standby",
            *_as_user(PG_USER),
            postgres_bin("pg_ctl"),
            *("promote", "-w", "-t", "30", "-D", str(standby_data)),
        ),
        check=True,
    )


def current_run_dir() -> Path | None:
    if STATE.exists():
        return Path(STATE.read_text().strip())
    return None


def start(extra_env: dict[str, str] | None = None) -> Cluster:
    """Build the network and start every host; stop() first, so that a crashed run's
    remains are cleared."""
    net.require_root()
    stop()
    run_dir = Path(tempfile.mkdtemp(prefix="dwaalhof-cluster-", dir="/tmp"))
    os.chmod(run_dir, 0o755)  # noqa: S103 — PostgreSQL runs as its own user below it
    STATE.write_text(str(run_dir))
    cluster = Cluster(run_dir, extra_env)
    try:
        net.up()
        cluster.start()
    except BaseException:
        stop()
        raise
    return cluster


def stop() -> None:
    """Everything away: processes, namespaces, veths, bridge, the run's directory."""
    net.require_root()
    net.down()
    run_dir = current_run_dir()
    if run_dir is not None and run_dir.name.startswith("dwaalhof-cluster-"):
        shutil.rmtree(run_dir, ignore_errors=True)
    STATE.unlink(missing_ok=True)


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "help"
    if command == "up":
        url = start().run_dir
        print(f"Dwaalhof cluster up: {EDGE_URL}/  (files and logs in {url}; `make cluster-stop`)")
    elif command == "down":
        stop()
        print("cluster stopped and removed")
    elif command == "promote":
        net.require_root()
        run_dir = current_run_dir()
        if run_dir is None:
            raise SystemExit("no cluster is running")
        promote(Cluster(run_dir).pg_dir("standby"))
        print("standby promoted: it takes writes now")
    elif command == "async-commit":
        # The standby is gone: let the primary commit without it (docs/deploy.md).
        net.require_root()
        run_dir = current_run_dir()
        if run_dir is None:
            raise SystemExit("no cluster is running")
        Cluster(run_dir).async_commit()
        print("data commits without waiting for a standby now (asynchronous)")
    else:
        print("usage: python -m deploy.cluster up | down | promote | async-commit")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
