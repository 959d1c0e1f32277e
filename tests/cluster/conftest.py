"""The cluster tests (docs/deploy.md, "Cluster"): separate hosts as network namespaces,
built from deploy/cluster with the same files `make cluster` uses. They need root (CI runs
as root); without it they fail and say so, they do not skip.

The namespaces have fixed names (dw-edge, ...): one cluster at a time on a machine. Each
module builds its own (clearing whatever a crashed run or `make cluster` left) and removes
everything afterwards, whatever happened."""

from __future__ import annotations

import os
import time

import pytest

from deploy.cluster import cluster as deployed

from . import figures

# Scripted players make moves as fast as the server answers: lift the per-user throttles.
TEST_ENV = {
    "DJANGO_THROTTLE_MOVES": "1000000/minute",
    "DJANGO_THROTTLE_AUTH": "100000/minute",
}


@pytest.fixture(scope="module")
def cluster(request):
    if os.geteuid() != 0:
        pytest.fail(
            "the cluster tests need root: they build network namespaces, a bridge and veth "
            "pairs (CI runs as root; run `sudo make cluster-test`)",
            pytrace=False,
        )
    request.addfinalizer(deployed.stop)
    return deployed.start(extra_env=TEST_ENV)


@pytest.fixture(scope="session", autouse=True)
def cluster_figures(request):
    """After a whole, green `make cluster-test`, its figures go to docs/deploy.md."""
    started = time.time()
    yield
    whole = len(figures.rows) == figures.FAULTS and request.session.testsfailed == 0
    if figures.wanted() and whole:
        figures.write(started, time.time() - started)
