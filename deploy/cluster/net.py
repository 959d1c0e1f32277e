"""The cluster's network: one Linux network namespace per host (dw-edge, dw-web1, ...), each
with a veth pair whose outer end hangs on a bridge of its own (dwbr0) in the root namespace.
Addresses come from the benchmarking range 198.18.0.0/15 (RFC 2544); no host has a default
route and nothing is NATed, so no packet can leave the machine. Host names come from
deploy/cluster/hosts, installed as /etc/netns/<namespace>/hosts (`ip netns exec` mounts it
over /etc/hosts).

Every step of down() tolerates what is already gone: it is safe after a crash, twice, or
when nothing was ever built.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BRIDGE = "dwbr0"
BRIDGE_ADDRESS = "198.18.0.1/24"
SUBNET = "198.18.0.0/24"
HOSTS = {
    "edge": "198.18.0.10",
    "web1": "198.18.0.21",
    "web2": "198.18.0.22",
    "data": "198.18.0.31",
    "standby": "198.18.0.32",
    "redis": "198.18.0.41",
}


def namespace(host: str) -> str:
    return f"dw-{host}"


def outer_link(host: str) -> str:
    """The veth end on the bridge; `ip link set <it> down` cuts the host off."""
    return f"dwv-{host}"


def ip(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], check=check, capture_output=True, text=True)  # noqa: S603, S607 — iproute2 with arguments built here


def in_host(host: str, *args: str) -> list[str]:
    """A command line that runs `args` inside the host's namespace."""
    return ["ip", "netns", "exec", namespace(host), *args]


def require_root() -> None:
    if os.geteuid() != 0:
        raise SystemExit(
            "The cluster needs root: it creates network namespaces, a bridge and veth pairs "
            "(run `sudo make cluster`, or the tests as root as CI does)."
        )


def up() -> None:
    """Build the bridge and one namespace per host, joined to it."""
    ip("link", "add", BRIDGE, "type", "bridge")
    ip("addr", "add", BRIDGE_ADDRESS, "dev", BRIDGE)
    ip("link", "set", BRIDGE, "up")
    hosts_file = (HERE / "hosts").read_text()
    for host, address in HOSTS.items():
        ns = namespace(host)
        ip("netns", "add", ns)
        etc = Path("/etc/netns") / ns
        etc.mkdir(parents=True, exist_ok=True)
        (etc / "hosts").write_text(hosts_file)
        ip("link", "add", outer_link(host), "type", "veth", "peer", "name", "eth0", "netns", ns)
        ip("link", "set", outer_link(host), "master", BRIDGE, "up")
        ip("-n", ns, "addr", "add", f"{address}/24", "dev", "eth0")
        ip("-n", ns, "link", "set", "eth0", "up")
        ip("-n", ns, "link", "set", "lo", "up")


def pids(host: str) -> list[int]:
    """Every process running in the host's namespace (ours: only we start processes there)."""
    found = ip("netns", "pids", namespace(host), check=False).stdout.split()
    return [int(p) for p in found]


def kill_host(host: str, sig: int = signal.SIGKILL, wait: float = 10.0) -> None:
    """Signal every process of the host; wait until none is left (SIGKILL after `wait`)."""
    for pid in pids(host):
        _signal(pid, sig)
    end = time.monotonic() + wait
    while pids(host) and time.monotonic() < end:
        time.sleep(0.1)
    for pid in pids(host):
        _signal(pid, signal.SIGKILL)
    while pids(host):
        time.sleep(0.05)


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        pass


def set_link(host: str, state: str) -> None:
    """Cut (`down`) or restore (`up`) a host's one link to the bridge."""
    ip("link", "set", outer_link(host), state)


def down() -> None:
    """Stop every process in the cluster's namespaces, then remove them, the veths (they go
    with their namespace) and the bridge, and the hosts files."""
    existing = set(ip("netns", "list", check=False).stdout.split())
    for host in HOSTS:
        if namespace(host) in existing:
            kill_host(host, signal.SIGTERM)
            ip("netns", "del", namespace(host), check=False)
        ip("link", "del", outer_link(host), check=False)
        etc = Path("/etc/netns") / namespace(host)
        (etc / "hosts").unlink(missing_ok=True)
        if etc.exists():
            etc.rmdir()
    ip("link", "del", BRIDGE, check=False)
