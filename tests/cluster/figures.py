"""The cluster tests' figures, written to docs/deploy.md ("What the tests cover") by a
full run of `make cluster-test` (DWAALHOF_CLUSTER_DOCS=1): one row per fault, in the order
the tests ran, and the run's date and duration. A run with a failure, or without every
fault, writes nothing: the table always shows one whole, green run."""

from __future__ import annotations

import os
import time

BEGIN, END = "<!-- cluster:begin -->", "<!-- cluster:end -->"
FAULTS = 4  # test_failover's one and test_faults_between_hosts's three

rows: list[tuple[str, int, str]] = []  # (fault, moves acknowledged, what else held)


def record(fault: str, acknowledged: int, other: str) -> None:
    rows.append((fault, acknowledged, other))


def count(n: int, one: str, many: str) -> str:
    """`n` and the noun: "1 answer", "2 answers"."""
    return f"{n} {one if n == 1 else many}"


def wanted() -> bool:
    return os.environ.get("DWAALHOF_CLUSTER_DOCS") == "1"


def table(started: float, seconds: float) -> str:
    lines = [
        f"Figures of the last full run, {time.strftime('%Y-%m-%d %H:%M', time.gmtime(started))}"
        " UTC"
        f" (`make cluster-test`, {seconds / 60:.1f} min in all, each module building its own"
        " cluster):",
        "",
        "| fault | moves acknowledged (all in the log once) | other |",
        "|---|---|---|",
    ]
    lines += [f"| {fault} | {acknowledged} | {other} |" for fault, acknowledged, other in rows]
    return "\n".join(lines)


def write(started: float, seconds: float) -> None:
    from bench.loadtest import write_docs  # the same markers' writer as make loadtest's

    write_docs(table(started, seconds), BEGIN, END)
