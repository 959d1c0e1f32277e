"""The flow of a turn's phases (II) as one table: per phase, the moves a player may send in
it and the rule that applies each, where its legal moves are listed, and the move the
engine makes by itself once nothing is left to choose (logged with "auto": true).

draw -> walk -> actions -> roll, then "volgende speler" starts the next turn at draw (or
ends the game: phase "over", which has no entry here: nothing can be played in it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from . import actions, court, market, roll, turns, walk_legal, walk_moves
from .moves import Move
from .state import State

Rule = Callable[[State, Move], None]


@dataclass(frozen=True)
class Phase:
    moves: dict[str, Rule]  # move type -> the rule that applies it
    legal: tuple[Callable[[State], Iterable[Move]], ...]  # in this order
    auto: tuple[str, Callable[[State], bool]] | None = None  # (move type, is it due now?)


FLOW: dict[str, Phase] = {
    "draw": Phase(
        moves={"take_card": market.take_card, "take_task": market.take_task},
        legal=(market.legal,),
    ),
    "walk": Phase(
        moves={
            "roll_walk": walk_moves.roll_walk,
            "buy_step": walk_moves.buy_step,
            "walk": walk_moves.walk,
            "clear": walk_moves.clear,
            "end_walk": walk_moves.end_walk,
        },
        legal=(walk_legal.legal,),
        auto=("end_walk", walk_legal.auto_end),
    ),
    "actions": Phase(
        moves={
            "choose": actions.choose,
            "buy_office": court.buy_office,
            "buy_foundation": court.buy_foundation,
            "end_actions": actions.end_actions,
        },
        legal=(actions.legal, court.legal),
        auto=("end_actions", actions.auto_end),
    ),
    "roll": Phase(
        moves={
            "buy_die": roll.buy_die,
            "roll": roll.roll,
            "bend": roll.bend,
            "lock": roll.lock,
            "activate": roll.activate,
            "settle": roll.settle,
            "discard": roll.discard,
            "end_turn": turns.end_turn,
        },
        legal=(roll.legal,),
        auto=("settle", roll.auto_settle),
    ),
}
