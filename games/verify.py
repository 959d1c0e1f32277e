"""Checking a game against its log: the admin's replay check, verify_game, the public export.

The log is the truth. A check replays it from the seed and compares with what the server
stored (the snapshot, the cached fields, the result) and what it published (the seed
commitment). Each report names the first thing that does not match.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import clocks
import engine

from .clock import ABANDON_AFTER
from .models import ClockEvent, Game, Move


@dataclass
class Report:
    ok: bool = True
    checks: list[str] = field(default_factory=list)  # what was checked and held
    problem: str | None = None  # the first mismatch

    def fail(self, problem: str) -> Report:
        self.ok = False
        self.problem = problem
        return self

    def passed(self, check: str) -> None:
        self.checks.append(check)


def _normal(value: Any) -> Any:
    """As stored in a JSON column (tuples become lists, keys become strings)."""
    return json.loads(json.dumps(value))


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """The path of the first place where two JSON values differ, or None."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key} (missing on one side)"
            diff = first_difference(a[key], b[key], f"{path}.{key}")
            if diff:
                return diff
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            diff = first_difference(x, y, f"{path}[{i}]")
            if diff:
                return diff
        if len(a) != len(b):
            return f"{path} (length {len(a)} vs {len(b)})"
        return None
    return None if a == b else f"{path}: {a!r} vs {b!r}"


def _replay(report: Report, seed: str, log: list[dict], rules: str) -> engine.State | None:
    try:
        state = engine.replay(seed, log, rules=rules)
    except engine.ReplayError as err:
        report.fail(f"log entry {err.index} does not replay: {err.reason}")
        return None
    report.passed(f"the log of {len(log)} entries replays from the seed")
    return state


def check_game(game: Game) -> Report:
    """Replay a stored game and compare with everything stored about it."""
    report = Report()
    if hashlib.sha256(game.seed.encode()).hexdigest() != game.seed_commitment:
        return report.fail("the seed does not match the published commitment")
    report.passed("sha256(seed) equals the published commitment")
    rows = list(Move.objects.filter(game=game).order_by("seq").values_list("seq", "payload"))
    for expected, (seq, _payload) in enumerate(rows):
        if seq != expected:
            return report.fail(f"the log has a gap or duplicate at seq {expected} (found {seq})")
    if len(rows) != game.seq:
        return report.fail(f"the game says seq {game.seq} but the log has {len(rows)} entries")
    report.passed(f"the log is contiguous: seq 0..{len(rows) - 1}")
    log = [payload for _seq, payload in rows]
    if game.snapshot is not None:
        at = _replay(report, game.seed, log[: game.snapshot_seq], game.rules_version)
        if at is None:
            return report
        diff = first_difference(_normal(engine.full_state(at)), game.snapshot)
        if diff:
            return report.fail(f"snapshot at seq {game.snapshot_seq} differs at {diff}")
        report.passed(f"the snapshot at seq {game.snapshot_seq} equals the replayed state")
    state = _replay(report, game.seed, log, game.rules_version)
    if state is None:
        return report
    cached = {"phase": game.phase, "round": game.round}
    for name, value in cached.items():
        if getattr(state, name) != value:
            return report.fail(
                f"the game's {name} is {value!r}, the log says {getattr(state, name)!r}"
            )
    if state.over != (game.status == Game.Status.FINISHED):
        return report.fail(f"the game's status is {game.status} but the log says over={state.over}")
    if state.over:
        diff = first_difference(_normal(state.result), game.result)
        if diff:
            return report.fail(f"the stored result differs from the replayed one at {diff}")
        report.passed("the stored result (scores, winners) equals the replayed one")
    timed = Move.objects.filter(game=game).order_by("seq").values_list("seq", "payload", "created")
    abandoned = _check_abandoned(
        report,
        [(seq, payload, clocks.to_ms(created)) for seq, payload, created in timed],
        None if game.started_at is None else clocks.to_ms(game.started_at),
        against_computer=game.opponent == Game.Opponent.COMPUTER,
    )
    if not abandoned.ok:
        return abandoned
    return check_clock(game, report)


def _check_abandoned(
    report: Report,
    rows: list[tuple[int, dict, int]],
    started_at: int | None,
    *,
    against_computer: bool,
) -> Report:
    """An `abandon` entry ends only a game against the computer, and only once the game was
    untouched for ABANDON_AFTER (since the entry before it, or the start)."""
    last = started_at
    for seq, payload, at in rows:
        if payload.get("type") == "abandon":
            if not against_computer:
                return report.fail(f"entry {seq} abandons a game that is not against the computer")
            if last is None or at - last < ABANDON_AFTER // timedelta(milliseconds=1):
                return report.fail(
                    f"entry {seq} abandons the game before it was untouched for 30 days"
                )
            report.passed(f"entry {seq} abandons the game after 30 untouched days")
        last = at
    return report


@dataclass(frozen=True)
class ClockEventRecord:
    """A ClockEvent as the fold reads it, from the database or from an export."""

    seq: int
    at: int  # ms since the epoch
    seat: int
    kind: str
    ms: int | None = None


def check_clock(game: Game, report: Report) -> Report:
    """Fold the clock again from the log's timestamps and the ClockEvent rows (docs/clocks.md,
    "On the server"): every move came while its seat had time, time was given only while a
    timeout was pending, every logged timeout was due (and in a "claim" game claimed, or the
    grace was over), and the clock stored on the game is the one folded."""
    if game.time_control is None or game.started_at is None:
        return report  # no clock runs (against the computer), or not started
    if game.clock_seq:
        report.passed(
            f"the clock is not checked: stored before time controls (seq {game.clock_seq})"
        )
        return report
    rows = [
        (row.seq, row.payload, clocks.to_ms(row.created))
        for row in Move.objects.filter(game=game).order_by("seq")
    ]
    events = [
        ClockEventRecord(e.seq, clocks.to_ms(e.at), e.seat, e.kind, e.ms)
        for e in ClockEvent.objects.filter(game=game).order_by("seq", "id")
    ]
    return fold_clock(
        report,
        seed=game.seed,
        rules=game.rules_version,
        control=game.time_control,
        started_at=clocks.to_ms(game.started_at),
        rows=rows,
        events=events,
        stored=game.clock,
    )


def fold_clock(
    report: Report,
    *,
    seed: str,
    rules: str,
    control: object,
    started_at: int,
    rows: list[tuple[int, dict, int]],
    events: list[ClockEventRecord],
    stored: object = None,
) -> Report:
    """The clock folded from the start, the log's (seq, entry, instant) rows and the clock
    events; refused as check_clock says. `stored`: the clock kept with the game, if any."""
    state = engine.replay(seed, [], rules=rules)
    ticking = clocks.advance(
        clocks.start(clocks.TimeControl.from_json(control)),
        clocks.TurnStarted(started_at, state.current),
    )
    between: dict[int, list[ClockEventRecord]] = {}
    for event in events:
        between.setdefault(event.seq, []).append(event)
    seq = 0
    try:
        for seq, payload, at in rows:
            ticking, claimed = _between(ticking, between.pop(seq, []))
            # an auto entry came with the move before it (state.seq counts it already)
            after = state if seq < state.seq else engine.replay_from(state, [payload])
            if payload.get("type") == "timeout":
                due = clocks.timeout_due(ticking)
                if not claimed and (due is None or at < due):
                    return report.fail(f"the timeout at entry {seq} was not due yet")
                ticking = clocks.advance(ticking, clocks.Flagged(at, payload["seat"]))
            elif payload.get("type") != "resign" and clocks.expired(ticking, at):
                return report.fail(f"entry {seq} came after its seat's time ran out")
            elif not after.over and after.current != state.current:
                ticking = clocks.advance(ticking, clocks.TurnEnded(at, state.current))
                ticking = clocks.advance(ticking, clocks.TurnStarted(at, after.current))
            state = after
        seq = len(rows)
        ticking, _claimed = _between(ticking, between.pop(seq, []))
        if between:
            return report.fail(f"a clock event after entry {min(between)} belongs to no entry")
    except clocks.ClockEventError as err:
        return report.fail(f"the clock does not fold at entry {seq}: {err}")
    report.passed("the clock folds from the log's timestamps; every timeout was due")
    if stored is not None:
        diff = first_difference(_normal(ticking.to_json()), stored)
        if diff:
            return report.fail(f"the stored clock differs from the folded one at {diff}")
        report.passed("the stored clock equals the one folded from the log")
    return report


def _between(
    ticking: clocks.ClockState, events: list[ClockEventRecord]
) -> tuple[clocks.ClockState, bool]:
    """The clock after the clock events between two log entries, and whether the win was
    claimed there. Time given and a claim need a pending timeout of that seat (else
    clock_not_out); a vacation's pause and resumption are the clock's own events."""
    claimed = False
    for event in events:
        at = event.at
        if event.kind == ClockEvent.Kind.PAUSED:
            ticking = clocks.advance(ticking, clocks.Paused(at, event.seat))
            continue
        if event.kind == ClockEvent.Kind.RESUMED:
            ticking = clocks.advance(ticking, clocks.Resumed(at, event.seat))
            continue
        if not clocks.may_claim(ticking, at) or ticking.at_turn != event.seat:
            raise clocks.ClockEventError("clock_not_out", seat=event.seat, kind=event.kind)
        if event.kind == ClockEvent.Kind.TIME_GIVEN:
            ticking = clocks.advance(ticking, clocks.TimeGiven(at, event.seat, event.ms or 0))
        elif event.kind == ClockEvent.Kind.CLAIMED:
            claimed = True
        else:
            raise clocks.ClockEventError("clock_event_kind", kind=event.kind)
    return ticking, claimed


def verify_export(data: dict) -> Report:
    """Check a public export: commitment, every die (by replaying from the seed), the result."""
    report = Report()
    seed = data.get("seed")
    if not isinstance(seed, str) or not seed:
        return report.fail("the export has no seed")
    if hashlib.sha256(seed.encode()).hexdigest() != data.get("seed_commitment"):
        return report.fail("the seed does not match the published commitment")
    report.passed("sha256(seed) equals the published commitment")
    rules = data.get("rules_version")
    if rules not in engine.rulesets.RULESETS:
        return report.fail(f"unknown rules version {rules!r}")
    report.passed(f"replayed under the rules it was played with (version {rules})")
    entries = data.get("log") or []
    for expected, entry in enumerate(entries):
        if entry.get("seq") != expected:
            return report.fail(f"the log has a gap or duplicate at seq {expected}")
    state = _replay(report, seed, [e["move"] for e in entries], rules)
    if state is None:
        return report
    if not state.over:
        return report.fail("the replayed game is not over")
    diff = first_difference(_normal(state.result), data.get("result"))
    if diff:
        return report.fail(f"the result differs from the replayed one at {diff}")
    report.passed("every die and the final score replay to the published result")
    try:
        started = None if data.get("started_at") is None else _ms(data.get("started_at"))
        rows = [(e["seq"], e["move"], _ms(e.get("created"))) for e in entries]
    except (KeyError, TypeError, ValueError) as err:
        return report.fail(f"the export's instants are not readable: {err!r}")
    players = data.get("players") or []
    computer = any(isinstance(p, dict) and p.get("is_computer") for p in players)
    if not _check_abandoned(report, rows, started, against_computer=computer).ok:
        return report
    return _export_clock(report, data, seed, rules, entries)


def _export_clock(report: Report, data: dict, seed: str, rules: str, entries: list) -> Report:
    """The clock of an export, folded as check_clock folds a stored game's: from its start,
    every entry's `created` and its `clock_events`."""
    control = data.get("time_control")
    if control is None:
        return report  # against the computer: no clock ran
    if data.get("clock_seq"):
        report.passed("the clock is not checked: stored before time controls")
        return report
    try:
        started = _ms(data.get("started_at"))
        rows = [(e["seq"], e["move"], _ms(e.get("created"))) for e in entries]
        events = [
            ClockEventRecord(
                int(e["seq"]), _ms(e["at"]), int(e["seat"]), str(e["kind"]), e.get("ms")
            )
            for e in data.get("clock_events") or []
        ]
    except (KeyError, TypeError, ValueError) as err:
        return report.fail(f"the export's clock is not readable: {err!r}")
    return fold_clock(
        report,
        seed=seed,
        rules=rules,
        control=control,
        started_at=started,
        rows=rows,
        events=events,
        stored=data.get("clock"),
    )


def _ms(value: object) -> int:
    """An instant of an export (an ISO 8601 text, or a datetime) in ms since the epoch."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if not isinstance(value, datetime) or value.tzinfo is None:
        raise ValueError(f"not an instant: {value!r}")
    return clocks.to_ms(value)
