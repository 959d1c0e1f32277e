"""The changing board and the court (XII, XIII): posts, income, refill, offices, foundations.
PLACEHOLDER."""

from __future__ import annotations

from .errors import IllegalMove
from .moves import Move
from .state import State


def on_turn_start(state: State) -> None:
    return None


def on_round_end(state: State) -> None:
    return None


def legal(state: State) -> list[Move]:
    return []


def buy_office(state: State, move: Move) -> None:
    raise IllegalMove("not yet")


def buy_foundation(state: State, move: Move) -> None:
    raise IllegalMove("not yet")
