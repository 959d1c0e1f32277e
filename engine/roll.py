"""Phase 4 (VIII-XI): dice, bending, cards, settling, hand limit. PLACEHOLDER."""

from __future__ import annotations

from .dice import roll_dice
from .errors import IllegalMove
from .moves import Move
from .state import State


def legal(state: State) -> list[Move]:
    t = state.turn
    if not t.dice:
        return [Move("roll")]
    if not t.locked:
        return [Move("lock")]
    return [Move("end_turn")]


def buy_die(state: State, move: Move) -> None:
    raise IllegalMove("not yet")


def roll(state: State, move: Move) -> None:
    if state.turn.dice:
        raise IllegalMove("Je hebt al geworpen.")
    state.turn.dice = roll_dice(state, "court", 2)


def bend(state: State, move: Move) -> None:
    raise IllegalMove("not yet")


def lock(state: State, move: Move) -> None:
    if not state.turn.dice or state.turn.locked:
        raise IllegalMove("Er is niets vast te leggen.")
    state.turn.locked = True


def activate(state: State, move: Move) -> None:
    raise IllegalMove("not yet")


def settle(state: State, move: Move) -> None:
    if not state.turn.locked or state.turn.settled:
        raise IllegalMove("Er is niets af te rekenen.")
    state.turn.settled = True


def discard(state: State, move: Move) -> None:
    raise IllegalMove("not yet")


def auto_settle(state: State) -> bool:
    return state.turn.locked and not state.turn.settled


def check_hand_limit(state: State) -> None:
    return None


def on_turn_end(state: State) -> None:
    return None
