"""The end score (XIV). PLACEHOLDER: aanzien only."""

from __future__ import annotations

from .state import State


def score(state: State) -> dict:
    totals = {p.seat: p.aanzien for p in state.players}
    best = max(totals.values())
    return {
        "scores": {str(s): {"aanzien": t, "total": t} for s, t in totals.items()},
        "winners": [s for s, t in totals.items() if t == best],
    }
