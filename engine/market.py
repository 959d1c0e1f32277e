"""Phase 1 (III): the court market and the tasks conveyor. PLACEHOLDER."""

from __future__ import annotations

from .moves import Move
from .state import State


def setup(state: State) -> None:
    return None


def has_choice(state: State) -> bool:
    return True


def legal(state: State) -> list[Move]:
    return [Move("take_card", slot=0)]


def take_card(state: State, move: Move) -> None:
    state.turn.taken = True
    state.phase = "walk"


def take_task(state: State, move: Move) -> None:
    take_card(state, move)


def on_turn_end(state: State) -> None:
    return None


def on_round_start(state: State) -> None:
    return None
