"""A move's cost against the framework's floor, side by side in one run (`make cost`).

Runs the load test (`bench.loadtest`: scripted games with a socket per seat) and the floor
(`bench.floor_capacity`: the bare DRF app inserting a row) in alternating pairs, the same
number of web processes each, on one PostgreSQL and Redis of the run's own, so that both
meet the machine at nearly the same moment; each pair swaps which goes first, so a drift
in the machine's speed does not favour one side. Prints each pair and the medians of the
two ratios issue 26 sets targets for:

- moves/s over the floor's inserts/s (target: at least 0.5);
- daphne CPU per move over the floor's daphne CPU per request (target: at most 2x).

One run is noisy on a shared machine (each load-test run plays new random games, and a
game's first moves cost more than its later ones), hence several pairs and the median.

    python -m bench.side_by_side [--pairs 5] [--web 2] [--docs]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from functools import partial

from . import floor_capacity, loadtest

BEGIN, END = "<!-- cost:begin -->", "<!-- cost:end -->"
LOAD_SECONDS, FLOOR_SECONDS = 30.0, 20.0
GAMES = CLIENTS = 16
OTHERS = "others (not this test)"  # the CPU meters' name for the rest of the machine


@dataclass
class Pair:
    load: loadtest.Result
    floor: floor_capacity.FloorResult

    @property
    def throughput_ratio(self) -> float:
        return self.load.moves_per_s / max(self.floor.per_s, 1e-9)

    @property
    def cpu_ratio(self) -> float:
        return self.load.cpu_per_move / max(self.floor.cpu_per_request, 1e-9)


def row(number: int, p: Pair) -> str:
    others = max(p.load.cores.get(OTHERS, 0.0), p.floor.cores.get(OTHERS, 0.0))
    return (
        f"| {number} | {p.load.moves_per_s:.1f} | {p.floor.per_s:.1f} | "
        f"{p.throughput_ratio:.2f} | {p.load.cpu_per_move:.1f} ms | "
        f"{p.floor.cpu_per_request:.1f} ms | {p.cpu_ratio:.2f}x | "
        f"{p.load.games_played} ({p.load.games_finished}) | "
        f"{len(p.load.errors) + p.floor.errors} | {others:.2f} |"
    )


def table(pairs: list[Pair]) -> str:
    lines = [
        "| pair | moves/s | floor inserts/s | moves/s / inserts/s | daphne CPU per move | "
        "floor CPU per request | ratio | games (finished) | errors | others (cores) |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    lines += [row(i, p) for i, p in enumerate(pairs, 1)]
    throughput = statistics.median(p.throughput_ratio for p in pairs)
    cpu = statistics.median(p.cpu_ratio for p in pairs)
    met = sum(1 for p in pairs if p.throughput_ratio >= 0.5 and p.cpu_ratio <= 2.0)
    lines += [
        "",
        f"Medians: moves/s / inserts/s **{throughput:.2f}** (target >= 0.5), CPU per move / "
        f"CPU per request **{cpu:.2f}x** (target <= 2x); both targets met in {met} of "
        f"{len(pairs)} pairs.",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5, help="pairs of runs (median of them)")
    parser.add_argument("--web", type=int, default=2, help="web processes in each run")
    parser.add_argument("--docs", action="store_true", help="write the table to docs/deploy.md")
    args = parser.parse_args(argv)
    pairs: list[Pair] = []
    started = time.strftime("%Y-%m-%d %H:%M")
    with loadtest.own_services("dwaalhof-cost-", redis=True) as (run_dir, pg, redis):
        assert redis is not None
        for i in range(args.pairs):
            pair_dir = run_dir / f"pair{i + 1}"
            pair_dir.mkdir()
            load = partial(loadtest.run_config, args.web, GAMES, LOAD_SECONDS, redis, pg, pair_dir)
            floor = partial(
                floor_capacity.run_config, args.web, CLIENTS, FLOOR_SECONDS, pg, pair_dir
            )
            if i % 2 == 0:  # each pair swaps which goes first
                load_result, floor_result = load(), floor()
            else:
                floor_result, load_result = floor(), load()
            pairs.append(Pair(load_result, floor_result))
            print(row(len(pairs), pairs[-1]), flush=True)
            for error in load_result.errors[:10]:
                print("   error:", error)
    text = (
        f"Measured {started}-{time.strftime('%H:%M')} with `make cost` ({args.pairs} pairs, "
        f"{args.web} web processes; the load test {GAMES} games for {LOAD_SECONDS:.0f} s, "
        f"the floor {CLIENTS} clients for {FLOOR_SECONDS:.0f} s, alternating):\n\n" + table(pairs)
    )
    print("\n" + text)
    if args.docs:
        loadtest.write_docs(text, BEGIN, END)
    return 1 if any(p.load.errors or p.floor.errors for p in pairs) else 0


if __name__ == "__main__":
    sys.exit(main())
