"""Engine benchmarks (`make bench`): figures printed, never asserted.

    python -m engine.bench [--games 30]

Measures, on one core: applying one move (mean/p50/p99 µs, over the moves of random
games), replaying a complete game from its seed and log (ms), listing the legal moves in
the walking phase (µs), refusing a 200 000-step walk plan (by its length, ms), complete
random games per second, the greedy computer player's time per decision (the server's
normal level) and the strong player's CPU time per searched decision (the server's strong
level: its budget is work, and `TIME_LIMIT` CPU seconds is a safety net that a decision
should not reach).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from .bots import choose_move, search
from .errors import InvalidMove
from .game import apply, legal_moves, new_game, replay
from .moves import Move, Step
from .state import State

TARGETS = {
    "apply one move": "< 1000 µs",
    "replay a complete game": "p50 <= 5 ms",
    "random games per second": ">= 100",
}


def _random_game(seed: str) -> tuple[State, list[float]]:
    """Play one random game; return its final state and the apply times in µs."""
    state = new_game(seed)
    times = []
    while not state.over:
        move = choose_move(state, "random", seed)
        t0 = time.perf_counter()
        after = apply(state, move)
        times.append((time.perf_counter() - t0) * 1e6)
        state = after
    return state, times


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _strong_decisions(seeds: list[str], count: int) -> list[float]:
    """CPU ms of `count` searched decisions of the strong player (more than one candidate
    move), at states of greedy games (every third one, so that the decisions differ)."""
    cpu_ms: list[float] = []
    for seed in seeds:
        if len(cpu_ms) >= count:
            break
        state, i = new_game(seed), 0
        while not state.over and len(cpu_ms) < count:
            moves = legal_moves(state)
            greedy = search.Sharp(state, moves).choose() if i % 3 == 0 else None
            if greedy is not None and len(search.candidates_of(state, moves, greedy)) > 1:
                c0 = time.process_time()
                choose_move(state, "strong", seed)
                cpu_ms.append((time.process_time() - c0) * 1e3)
            state = apply(state, choose_move(state, "greedy", seed))
            i += 1
    return cpu_ms


def _refuse_long_plan_ms(state: State, steps: int = 200_000) -> float:
    """Wall ms to refuse a walk plan of `steps` steps: by its length, without running it."""
    pawn = next(iter(state.me.pawns))
    plan = (Step("enter", state.me.pawns[pawn]),) * steps
    t0 = time.perf_counter()
    try:
        apply(state, Move("walk", pawn=pawn, plan=plan))
    except InvalidMove:
        pass
    return (time.perf_counter() - t0) * 1e3


def run(games: int, strong_decisions: int = 20) -> dict[str, Any]:
    seeds = [f"bench-{i}" for i in range(games)]
    # Complete random games per second (bot decisions included).
    # CPU time beside the wall clock: on a machine busy with other work the wall clock also
    # counts the time this process waited for a core; CPU time is what one core spent.
    t0, c0 = time.perf_counter(), time.process_time()
    finals, apply_us = [], []
    for seed in seeds:
        final, times = _random_game(seed)
        finals.append(final)
        apply_us.extend(times)
    per_second = games / (time.perf_counter() - t0)
    per_cpu_second = games / (time.process_time() - c0)

    # Replay each game from seed and log.
    replay_ms, replay_cpu_ms = [], []
    for final in finals:
        t0, c0 = time.perf_counter(), time.process_time()
        replay(final.seed, final.log)
        replay_ms.append((time.perf_counter() - t0) * 1e3)
        replay_cpu_ms.append((time.process_time() - c0) * 1e3)

    # Legal moves in the walking phase (after the walking roll), and refusing a long plan.
    legal_us, refuse_ms = [], []
    for seed in seeds[:10]:
        state = new_game(seed)
        while not state.over:
            if state.phase == "walk" and state.turn.walk_dice:
                t0 = time.perf_counter()
                legal_moves(state)
                legal_us.append((time.perf_counter() - t0) * 1e6)
                refuse_ms.append(_refuse_long_plan_ms(state))
            state = apply(state, choose_move(state, "random", seed))

    # The greedy player's time per decision.
    greedy_ms = []
    for seed in seeds[: max(2, games // 10)]:
        state = new_game(seed)
        while not state.over:
            t0 = time.perf_counter()
            move = choose_move(state, "greedy", seed)
            greedy_ms.append((time.perf_counter() - t0) * 1e3)
            state = apply(state, move)

    strong_ms = _strong_decisions(seeds, strong_decisions)

    return {
        "games": games,
        "moves": len(apply_us),
        "apply_us": (statistics.fmean(apply_us), _pct(apply_us, 0.5), _pct(apply_us, 0.99)),
        "replay_ms": (statistics.fmean(replay_ms), _pct(replay_ms, 0.5), max(replay_ms)),
        "legal_walk_us": (statistics.fmean(legal_us), _pct(legal_us, 0.5), _pct(legal_us, 0.99)),
        "refuse_long_plan_ms": max(refuse_ms),
        "replay_cpu_ms_p50": _pct(replay_cpu_ms, 0.5),
        "random_games_per_second": per_second,
        "random_games_per_cpu_second": per_cpu_second,
        "greedy_decision_ms": (statistics.fmean(greedy_ms), _pct(greedy_ms, 0.99)),
        "strong_decision_cpu_ms": (_pct(strong_ms, 0.5), _pct(strong_ms, 0.95), max(strong_ms)),
        "strong_decisions": len(strong_ms),
        "strong_at_limit": sum(ms >= search.TIME_LIMIT * 1e3 for ms in strong_ms),
    }


def report(r: dict[str, Any]) -> str:
    a, rp, lg, gr = r["apply_us"], r["replay_ms"], r["legal_walk_us"], r["greedy_decision_ms"]
    st = r["strong_decision_cpu_ms"]
    lines = [
        "== engine (python -m engine.bench) ==",
        f"games played                 {r['games']} random games, {r['moves']} moves",
        f"apply one move               mean {a[0]:7.1f} µs  p50 {a[1]:7.1f} µs  "
        f"p99 {a[2]:7.1f} µs   (target {TARGETS['apply one move']})",
        f"replay a complete game       mean {rp[0]:7.2f} ms  p50 {rp[1]:7.2f} ms  "
        f"max {rp[2]:7.2f} ms   (target {TARGETS['replay a complete game']}; "
        f"CPU p50 {r['replay_cpu_ms_p50']:.2f} ms)",
        f"legal moves, walking phase   mean {lg[0]:7.1f} µs  p50 {lg[1]:7.1f} µs  "
        f"p99 {lg[2]:7.1f} µs",
        f"refuse a 200 000-step plan   max {r['refuse_long_plan_ms']:7.2f} ms",
        f"complete random games/s      {r['random_games_per_second']:7.1f} on one core   "
        f"(target {TARGETS['random games per second']}; "
        f"{r['random_games_per_cpu_second']:.1f} per CPU second)",
        f"greedy player, one decision  mean {gr[0]:7.2f} ms  p99 {gr[1]:7.2f} ms",
        f"strong player, one decision  CPU p50 {st[0]:6.0f} ms  p95 {st[1]:6.0f} ms  "
        f"max {st[2]:6.0f} ms   ({r['strong_decisions']} searched decisions; "
        f"{r['strong_at_limit']} reached the {search.TIME_LIMIT} s CPU safety net)",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Engine benchmarks")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--strong-decisions", type=int, default=20)
    args = parser.parse_args(argv)
    print(report(run(args.games, args.strong_decisions)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
