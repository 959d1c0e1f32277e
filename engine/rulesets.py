"""Rules versions: every reading that changed after games were stored, as one flag each.

A stored game replays under the rules it was created with (`Game.rules_version`), so a
change of a rule never breaks an old log: `new_game(seed, rules="1")` plays the first
readings, the default plays the current ones. A rules module asks `ruleset(state).flag`
instead of comparing version strings. Add a version here (never edit an old one) when a
rule changes what a stored log would replay to.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class Ruleset:
    version: str
    # IX: crowding divides each pawn's yield without the per-pawn floor; the place pays at
    # least 1 in total; a pawn doing the court action at the same place counts too.
    crowding_shares: bool = False
    # III: every round lays fresh tokens; the oldest make room when the board is full.
    fresh_tokens_every_round: bool = False
    # V: a plan may only turn tiles ("sluit je die van je tegenstander").
    rotation_only_plans: bool = False
    # IV: Tolbrief no longer takes a toll gate off the board; it collects toll.
    tolbrief_collects_toll: bool = False
    # VIII: Lijfwacht also stops what the opponent's cards make you lose (Inkwartiering).
    guard_stops_losses: bool = False
    # II (seat balance): the first seat alternates every round (snake order 1-2, 2-1, ...).
    alternate_first_seat: bool = False
    # II (seat balance, measured, not adopted): resources the second seat starts with extra.
    second_seat_start: tuple[tuple[str, int], ...] = ()


RULESETS = {
    "1": Ruleset("1"),
    "2": Ruleset(
        "2",
        crowding_shares=True,
        fresh_tokens_every_round=True,
        rotation_only_plans=True,
        tolbrief_collects_toll=True,
        guard_stops_losses=True,
        alternate_first_seat=True,
    ),
}
CURRENT = "2"


def with_overrides(base: Ruleset, overrides: list[str]) -> Ruleset:
    """`base` with `name=value` changes, for experiments (`engine.simulate --rule`): booleans
    as 0/1, second_seat_start as `geld:1,relaties:1`."""
    changes: dict[str, Any] = {}
    for item in overrides:
        name, _, value = item.partition("=")
        if name not in Ruleset.__dataclass_fields__ or name == "version":
            raise ValueError(f"unknown rule {name!r}")
        if name == "second_seat_start":
            pairs = [p.split(":") for p in value.split(",") if p]
            changes[name] = tuple((res, int(n)) for res, n in pairs)
        else:
            changes[name] = value not in ("0", "false", "False", "")
    return replace(base, version=f"{base.version}+{','.join(overrides)}", **changes)


def get(version: str) -> Ruleset:
    try:
        return RULESETS[version]
    except KeyError:
        raise ValueError(f"unknown rules version {version!r}") from None
