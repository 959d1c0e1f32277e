"""Phase 2 (IV, V, VI): walking. PLACEHOLDER."""

from __future__ import annotations

from .dice import roll_dice
from .errors import IllegalMove
from .moves import Move
from .state import State


def legal(state: State) -> list[Move]:
    if not state.turn.walk_dice:
        return [Move("roll_walk")]
    return [Move("end_walk")]


def roll_walk(state: State, move: Move) -> None:
    if state.turn.walk_dice:
        raise IllegalMove("Je hebt de loopdobbelstenen al geworpen.")
    state.turn.walk_dice = roll_dice(state, "walk", 2)
    state.turn.steps = sum(state.turn.walk_dice)


def buy_step(state: State, move: Move) -> None:
    raise IllegalMove("not yet")


def walk(state: State, move: Move) -> None:
    raise IllegalMove("not yet")


def clear(state: State, move: Move) -> None:
    raise IllegalMove("not yet")


def end_walk(state: State, move: Move) -> None:
    if not state.turn.walk_dice:
        raise IllegalMove("Werp eerst de loopdobbelstenen.")
    state.phase = "actions"


def auto_end(state: State) -> bool:
    return False


def preview(state: State, pawn: int, plan) -> dict:
    raise NotImplementedError
