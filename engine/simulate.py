"""Play complete games between computer players and print one JSON object of figures.

    python -m engine.simulate --games 200 --seed 1 --players greedy,random

Seat 0 plays the first kind, seat 1 the second; with `--swap` the kinds change seats every
other game (odd i: the second kind in seat 0), so that a level is measured in both seats
equally. Game i uses the game seed "<seed>-<i>" (i from `--first`, default 0); which seat
starts is drawn by the game itself. `--jobs` spreads the games over processes.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypedDict

from .bots import KINDS, choose_move, search
from .game import RULES_VERSION, apply, new_game
from .rulesets import Ruleset, get, with_overrides
from .scoring import PlayerScore
from .state import State

MAX_MOVES = 5000  # a safety net: no real game comes near it


class GameRecord(TypedDict):
    """One simulated game: its result and the facts the figures are made of."""

    seed: str
    kinds: tuple[str, str]  # seat 0's kind, seat 1's kind
    start_seat: int
    winners: list[int]
    scores: dict[str, PlayerScore]
    moves: int
    log: int
    used: dict[int, dict[str, list[str]]]  # seat -> group -> content keys
    cpu: dict[int, list[float]]  # seat -> CPU seconds of each of its decisions


def play_game(
    seed: str, kinds: tuple[str, str], rules: Ruleset | str = RULES_VERSION
) -> GameRecord:
    """One complete game; returns its result and the facts the figures are made of."""
    state = new_game(seed, rules=rules)
    moves = 0
    played: dict[int, list[str]] = {0: [], 1: []}  # card keys each seat activated
    cpu: dict[int, list[float]] = {0: [], 1: []}
    while not state.over:
        started = time.process_time()
        move = choose_move(state, kinds[state.current], f"{seed}/{state.current}")
        cpu[state.current].append(time.process_time() - started)
        if move.type == "activate":
            assert move.card is not None  # an activate move names its card
            played[state.current].append(state.cards[move.card])
        state = apply(state, move)
        moves += 1
        if moves > MAX_MOVES:
            raise RuntimeError(f"game {seed} did not end after {MAX_MOVES} moves")
    result = state.result
    assert result is not None  # the game is over
    used = {  # content each seat owned or used, for the balance report
        seat: {
            "foundations": list(p.foundations),
            "offices": list(p.offices),
            "cards": sorted(set(played[seat])),
            "court": sorted(set(_court_actions_hit(state, seat))),
        }
        for seat, p in enumerate(state.players)
    }
    return {
        "seed": seed,
        "kinds": kinds,
        "start_seat": state.start_seat,
        "winners": result["winners"],
        "scores": result["scores"],
        "moves": moves,
        "log": len(state.log),
        "used": used,
        "cpu": cpu,
    }


def _court_actions_hit(state: State, seat: int) -> list[str]:
    return [state.houses[k].court_action for k in state.players[seat].high_houses]


def _run(args: tuple[str, tuple[str, str], Ruleset | str]) -> GameRecord:
    return play_game(*args)


def simulate(
    games: int,
    seed: str,
    kinds: tuple[str, str],
    jobs: int = 1,
    content: bool = False,
    rules: Ruleset | str = RULES_VERSION,
    first: int = 0,
    swap: bool = False,
    records: str | os.PathLike[str] | None = None,
) -> dict[str, Any]:
    def seats(i: int) -> tuple[str, str]:
        return (kinds[1], kinds[0]) if swap and i % 2 else kinds

    work = [(f"{seed}-{i}", seats(i), rules) for i in range(first, first + games)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_run, work, chunksize=8))
    else:
        results = [_run(w) for w in work]
    elapsed = time.perf_counter() - start
    if records:
        with open(records, "w") as f:
            json.dump(results, f)
    out = summarize(results, kinds, elapsed, jobs)
    out["rules"] = rules if isinstance(rules, str) else rules.version
    out["first"], out["swap"] = first, swap
    if content:
        out["content"] = content_figures(results)
    return out


def content_figures(results: list[GameRecord]) -> dict[str, dict[str, Any]]:
    """Per foundation, office, activated card and court action hit: how often a player had
    it, and his win rate and mean score with it against without it (the balance report)."""
    rows: dict[str, dict[str, list[tuple[float, int]]]] = defaultdict(
        lambda: {"with": [], "without": []}
    )
    names: set[str] = set()
    for r in results:
        for seat in (0, 1):
            for group, keys in r["used"][seat].items():
                names |= {f"{group}:{k}" for k in keys}
    for r in results:
        for seat in (0, 1):
            won = (1 / len(r["winners"])) if seat in r["winners"] else 0.0
            total = r["scores"][str(seat)]["total"]
            have = {f"{g}:{k}" for g, keys in r["used"][seat].items() for k in keys}
            for name in names:
                rows[name]["with" if name in have else "without"].append((won, total))
    out: dict[str, dict[str, Any]] = {}
    for name in sorted(names):
        w, wo = rows[name]["with"], rows[name]["without"]
        out[name] = {
            "n": len(w),
            "win_with": round(statistics.fmean(x[0] for x in w), 3) if w else None,
            "win_without": round(statistics.fmean(x[0] for x in wo), 3) if wo else None,
            "score_with": round(statistics.fmean(x[1] for x in w), 1) if w else None,
            "score_without": round(statistics.fmean(x[1] for x in wo), 1) if wo else None,
        }
    return out


def _spread(values: list[float]) -> dict[str, float]:
    return {
        "mean": round(statistics.fmean(values), 2),
        "stdev": round(statistics.pstdev(values), 2),
        "min": min(values),
        "max": max(values),
    }


def _quantiles(values: list[float]) -> dict[str, float]:
    """p50, p95, p99 and max of decision times (CPU seconds of the deciding process)."""
    v = sorted(values)

    def q(p: float) -> float:
        return round(v[min(len(v) - 1, int(p * len(v)))], 3)

    return {"n": len(v), "p50": q(0.5), "p95": q(0.95), "p99": q(0.99), "max": round(v[-1], 3)}


def _interval(wins: float, n: int) -> list[float]:
    """95% Wilson score interval of a win rate (shared wins count half)."""
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(centre - half, 3), round(centre + half, 3)]


def summarize(
    results: list[GameRecord], kinds: tuple[str, str], elapsed: float, jobs: int
) -> dict[str, Any]:
    n = len(results)
    # Shared wins count as fractions; an absent key reads 0, as in a Counter.
    seat_wins: defaultdict[int, float] = defaultdict(int)
    kind_wins: defaultdict[str, float] = defaultdict(int)
    start_wins = 0.0
    ties = 0
    scores: dict[int, list[float]] = {0: [], 1: []}
    by_kind: defaultdict[str, list[float]] = defaultdict(list)
    sources: defaultdict[str, defaultdict[str, float]] = defaultdict(lambda: defaultdict(float))
    per_kind_seats: Counter[str] = Counter()
    cpu: defaultdict[str, list[float]] = defaultdict(list)
    for r in results:
        for seat in (0, 1):
            cpu[r["kinds"][seat]].extend(r["cpu"][seat])
        seat_kinds = r["kinds"]
        per_kind_seats.update(seat_kinds)
        if len(r["winners"]) > 1:
            ties += 1
        for w in r["winners"]:
            share = 1 / len(r["winners"])
            seat_wins[w] += share
            kind_wins[seat_kinds[w]] += share
            if w == r["start_seat"]:
                start_wins += share
        for seat in (0, 1):
            sc = r["scores"][str(seat)]
            scores[seat].append(sc["total"])
            by_kind[seat_kinds[seat]].append(sc["total"])
            src = sources[seat_kinds[seat]]
            for name, v in sc["aanzien_sources"].items():
                src[name] += v
            src["offices"] += sc["offices"]
            for name, v in sc["foundations"].items():
                src[f"foundation:{name}"] += v
    return {
        "games": n,
        "players": list(kinds),
        "seconds": round(elapsed, 2),
        "jobs": jobs,
        "games_per_second": round(n / elapsed, 2) if elapsed else None,
        "wins_per_seat": {str(s): round(seat_wins[s], 1) for s in (0, 1)},
        "win_rate_per_seat": {str(s): round(seat_wins[s] / n, 3) for s in (0, 1)},
        "wins_per_kind": {k: round(v, 1) for k, v in kind_wins.items()},
        "win_rate_per_kind_ci95": {
            k: _interval(v, per_kind_seats[k]) for k, v in kind_wins.items()
        },
        "win_rate_starting_seat": round(start_wins / n, 3),
        "win_rate_starting_seat_ci95": _interval(start_wins, n),
        "shared_wins": ties,
        "score_per_seat": {str(s): _spread(scores[s]) for s in (0, 1)},
        "score_per_kind": {k: _spread(v) for k, v in by_kind.items()},
        "mean_score_per_source": {
            k: {name: round(v / per_kind_seats[k], 2) for name, v in sorted(src.items())}
            for k, src in sources.items()
        },
        "decision_cpu_seconds": {k: _quantiles(v) for k, v in sorted(cpu.items())},
        "moves_per_game": _spread([r["moves"] for r in results]),
        "log_entries_per_game": round(statistics.fmean(r["log"] for r in results), 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--players", default="random,random")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="index of the first game seed")
    parser.add_argument(
        "--swap", action="store_true", help="the kinds change seats every other game"
    )
    parser.add_argument(
        "--content",
        action="store_true",
        help="add win rate and score with/without each foundation, office, card and court action",
    )
    parser.add_argument("--rules", default=RULES_VERSION, help="rules version to play")
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        help="experiment: change one rule, e.g. alternate_first_seat=0 (repeatable)",
    )
    parser.add_argument(
        "--strong-worlds", type=int, help="worlds per decision of the strong player (speed)"
    )
    parser.add_argument("--records", help="write every game's record to this JSON file")
    parser.add_argument(
        "--merge",
        nargs="+",
        help="no games: summarize the records files of earlier runs together",
    )
    args = parser.parse_args(argv)
    if args.merge:
        results: list[GameRecord] = []
        for path in args.merge:
            with open(path) as f:
                results += json.load(f)
        for r in results:  # JSON turned the tuple into a list and the seat keys into str
            r["kinds"] = (r["kinds"][0], r["kinds"][1])
            r["used"] = {int(k): v for k, v in r["used"].items()}
            r["cpu"] = {int(k): v for k, v in r["cpu"].items()}
        merged = summarize(results, results[0]["kinds"], 0.0, 1)
        if args.content:
            merged["content"] = content_figures(results)
        json.dump(merged, sys.stdout, indent=1)
        print()
        return 0
    if args.strong_worlds:
        search.WORLDS = args.strong_worlds  # forked workers inherit it
    kinds = tuple(args.players.split(","))
    if len(kinds) != 2 or any(k not in KINDS for k in kinds):
        parser.error(f"--players needs two of {', '.join(KINDS)}, e.g. greedy,random")
    rules = get(args.rules)
    if args.rule:
        rules = with_overrides(rules, args.rule)
    out = simulate(
        args.games,
        str(args.seed),
        kinds,
        args.jobs,
        args.content,
        rules,
        args.first,
        args.swap,
        args.records,
    )
    json.dump(out, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
