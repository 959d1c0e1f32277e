"""Where a web process's CPU went, from py-spy's collapsed stacks (`make loadtest
LOADTEST_ARGS="--web 2 --py-spy FILE"` writes FILE.2, sampled with --gil: only the thread
holding the GIL, so each sample is Python's CPU).

    python -m bench.spy_parts FILE.2 [--ms-per-move 20.5]

Each stack goes to the first part whose test it passes (the order below), so a frame of
the move's own work wins over the middleware it runs inside. Prints each part's share,
and with --ms-per-move (the load test's daphne CPU per move) its milliseconds per move.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

Rule = tuple[str, Callable[[str, str], bool]]  # (part, test on (thread name, stack))


def _has(*needles: str) -> Callable[[str, str], bool]:
    return lambda _thread, stack: any(n in stack for n in needles)


def _thread(prefix: str, *needles: str) -> Callable[[str, str], bool]:
    return lambda thread, stack: (
        thread.startswith(prefix) and (not needles or any(n in stack for n in needles))
    )


RULES: list[Rule] = [
    # --- the move's request, on its request thread
    ("move: lock and read the game with its seats", _has("_lock (games/services.py")),
    # (built on first use since 2026-12-03: by the answer, or by the push for a watched seat)
    (
        "views (once per move: the answer and the push)",
        _has("views (games/state_cache.py", "Views.__getitem__ (engine/view.py"),
    ),
    ("legal moves (the answer and the push)", _has("legal_moves_for (games/selectors.py")),
    ("move: write the rows (INSERT, UPDATE)", _has("_append (games/services.py")),
    ("move: engine (state, apply, checks)", _has("_apply (games/services.py")),
    ("move: commit and on_commit hooks", _has("Atomic.__exit__", "after_move_committed")),
    ("move: the rest of move_submit", _has("move_submit (games/services.py")),
    ("answer: game fields, seats, log entries", _has("MovesView.post (games/api/views.py")),
    ("auth: throttles (counters in Redis)", _thread("request", "allow_request (")),
    ("auth: the token and its user", _thread("request", "authenticate (")),
    ("answer: JSON rendering", _thread("request", "rendered_content (", ".render (")),
    ("request: other views (games, joins, legal moves)", _thread("request", "View.")),
    ("request: Django and DRF around the view", _thread("request")),
    # --- the server's event loop
    (
        "push: entries, legal moves, texts",
        _has("commits_messages (games/realtime.py", "message.<locals>.build (games/realtime.py"),
    ),
    ("push: channel layer send", _has("group_send (", "group_send_each (")),
    ("push: channel layer receive", _has("receive_single (", "_read (dwaalhof_site")),
    ("sockets: consumers and websocket frames", _has("game_changed (", "ws_protocol.py")),
    ("sockets: open, resync, other messages", _has("consumers.py", "channels/")),
    ("loop: daphne HTTP, twisted, asyncio", _thread("MainThread")),
    # --- other threads
    ("notifications and other pushes (push thread)", _thread("dwaalhof-push")),
    ("other threads (database pool, sockets' sync calls)", lambda _t, _s: True),
]


def parts(lines: list[str]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for line in lines:
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        head, _, frames = stack.partition(";")
        thread = head.split(": ", 1)[-1]
        part = next(name for name, test in RULES if test(thread, frames))
        counts[part] += int(count)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--ms-per-move", type=float, default=0.0)
    args = parser.parse_args(argv)
    counts = parts(args.file.read_text().splitlines())
    total = sum(counts.values()) or 1
    print(f"{total} samples")
    for name, _test in RULES:
        share = counts[name] / total
        ms = f" {share * args.ms_per_move:5.2f} ms" if args.ms_per_move else ""
        print(f"{share * 100:5.1f}%{ms}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
