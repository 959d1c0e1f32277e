"""The turn cycle (II): seats, rounds, "volgende speler", round end, the end of the game.

Each rules module contributes hooks; this module calls them in a fixed order so that every
random draw happens in the same order on every machine.
"""

from __future__ import annotations

from . import court, market, roll, scoring
from .errors import IllegalMove
from .moves import Move
from .state import ROUNDS, State, Turn


def start_turn(state: State) -> None:
    """A new turn for state.current: fresh Turn, turn-start income, then phase 1."""
    state.turn = Turn()
    state.phase = "draw"
    court.on_turn_start(state)  # trading-post income, ticking effects
    if not market.has_choice(state):
        state.phase = "walk"  # nothing to take: phase 1 passes by itself (no log entry)


def end_turn(state: State, move: Move) -> None:
    """ "volgende speler": the only way a turn ends."""
    if not state.turn.settled:
        raise IllegalMove("turn_unsettled")
    roll.check_hand_limit(state)
    market.on_turn_end(state)  # tasks fulfilled now are settled
    roll.on_turn_end(state)  # temporary effects that last "for n turns"
    if state.current != first_seat(state):  # the second player of the round has moved
        court.on_round_end(state)  # refill neglected houses
        if state.round == ROUNDS:
            finish(state, reason="end")
            return
        state.round += 1
        market.on_round_start(state)  # reveal the next court event, fresh tokens
        state.current = first_seat(state)
    else:
        state.current = 1 - state.current
    start_turn(state)


def first_seat(state: State) -> int:
    """The seat that moves first this round: the start seat every round (rules 1), or in
    turns (rules 2: 1-2, 2-1, 1-2 ...; the seat that ends a round starts the next)."""
    if state.rules.alternate_first_seat and state.round % 2 == 0:
        return 1 - state.start_seat
    return state.start_seat


def forfeit(state: State, move: Move) -> None:
    """resign / timeout / abandon, written by the server: the other seat wins."""
    finish(state, reason=move.type, loser=move.seat)


def finish(state: State, *, reason: str, loser: int | None = None) -> None:
    state.phase = "over"
    result = scoring.score(state)
    result["reason"] = reason
    if loser is not None:
        result["winners"] = [1 - loser]
        result["loser"] = loser
    state.result = result
