"""The end score (XIV): aanzien collected + 1 per office + each foundation's value.

The result lists every part per player (the end screen puts them under each other), and
the aanzien collected split by where it came from (posts, court, tasks, cards, ...).
The highest total wins; a tie is a shared win. Resources count for nothing.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from .content.foundations import FOUNDATIONS
from .content.offices import OFFICE_END_AANZIEN
from .state import State


class PlayerScore(TypedDict):
    aanzien: int
    aanzien_sources: dict[str, int]
    offices: int
    office_list: list[str]
    foundations: dict[str, int]
    foundation_total: int
    total: int


class Result(TypedDict):
    """`State.result`: scores by seat (as a string, the JSON key) and who won."""

    scores: dict[str, PlayerScore]
    winners: list[int]
    reason: NotRequired[str]  # set by turns.finish
    loser: NotRequired[int]  # a resignation or timeout


def player_score(state: State, seat: int) -> PlayerScore:
    p = state.players[seat]
    offices = sorted(k for k, holder in state.offices.items() if holder == seat)
    foundations = {k: FOUNDATIONS[k].value(state, p) for k in p.foundations}
    office_points = OFFICE_END_AANZIEN * len(offices)
    return {
        "aanzien": p.aanzien,
        "aanzien_sources": dict(sorted(p.aanzien_sources.items())),
        "offices": office_points,
        "office_list": offices,
        "foundations": foundations,
        "foundation_total": sum(foundations.values()),
        "total": p.aanzien + office_points + sum(foundations.values()),
    }


def score(state: State) -> Result:
    scores = {str(p.seat): player_score(state, p.seat) for p in state.players}
    best = max(s["total"] for s in scores.values())
    return {
        "scores": scores,
        "winners": [int(seat) for seat, s in scores.items() if s["total"] == best],
    }
