"""The proxy configuration `make prod` renders is one nginx accepts, with a server line per
web process; the template refuses to render with a value missing."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess

import pytest

from stacks import prod
from stacks.localstack import TEMPLATE, Stack, render


def test_the_rendered_proxy_config_passes_nginx_own_check(tmp_path):
    stack = Stack(
        tmp_path,
        web=3,
        port=18080,
        database_url="postgres://x/y",
        redis_url="redis://127.0.0.1:1/0",
    )
    stack.web_ports = [18101, 18102, 18103]
    conf = tmp_path / "nginx.conf"
    conf.write_text(stack.nginx_config())
    text = conf.read_text()
    assert text.count("server 127.0.0.1:181") == 3
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    check = subprocess.run(
        [nginx, "-t", "-p", str(tmp_path), "-c", str(conf)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert check.returncode == 0, check.stderr


def test_a_missing_template_value_is_an_error_not_a_blank():
    with pytest.raises(KeyError, match="listen"):
        render(
            TEMPLATE.read_text(), {"run_dir": "/tmp", "upstream_servers": "", "static_root": "/tmp"}
        )


def test_a_second_ctrl_c_while_make_prod_stops_does_not_leave_processes_behind(
    monkeypatch, tmp_path
):
    """Stopping takes seconds (daphne, the worker, nginx, PostgreSQL in turn): a second
    Ctrl-C (or a SIGTERM) meanwhile cut the shutdown short and left PostgreSQL and daphne
    running."""
    stopped: list[str] = []

    class Topology:
        def __init__(self, *args, **kwargs):
            pass

        def start(self):
            raise prod.Stop  # the first Ctrl-C

        def stop(self):
            os.kill(os.getpid(), signal.SIGINT)  # the second, while stopping
            stopped.append("all")

    monkeypatch.setattr(prod, "Stack", Topology)
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        assert prod.main(["--run-dir", str(tmp_path)]) == 0
    finally:
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
    assert stopped == ["all"]


def test_the_streams_pass_the_proxy_unbuffered_with_a_long_read_timeout():
    """A buffered stream reaches the reader in lumps, or only when the buffer fills; nginx's
    default 60 s read timeout would cut an idle one. Both stream paths take that location,
    no other API path does."""
    import re

    text = TEMPLATE.read_text()
    found = re.search(r"location ~ (\S+) \{(.*?)\n        \}", text, re.S)
    assert found is not None
    pattern, body = re.compile(found.group(1)), found.group(2)
    assert pattern.match("/api/games/12/stream/") and pattern.match("/api/stream/")
    assert not pattern.match("/api/games/12/") and not pattern.match("/api/games/stream/x")
    directives = {line.strip().rstrip(";") for line in body.splitlines()}
    assert {"proxy_buffering off", "proxy_read_timeout 1h", "proxy_pass http://dwaalhof_web"} <= (
        directives
    )
