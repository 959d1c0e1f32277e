"""Phase 3 (VII): house actions. PLACEHOLDER."""

from __future__ import annotations

from .moves import Move
from .state import State


def setup(state: State) -> None:
    return None


def legal(state: State) -> list[Move]:
    return [Move("end_actions")]


def choose(state: State, move: Move) -> None:
    return None


def end_actions(state: State, move: Move) -> None:
    state.phase = "roll"


def auto_end(state: State) -> bool:
    return True
