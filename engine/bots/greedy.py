"""The greedy player: one decision, played by the module of the game's phase."""

from __future__ import annotations

from collections.abc import Callable

from ..moves import Move
from . import phase_actions, phase_draw, phase_roll, phase_walk
from .decision import Decision

PHASES: dict[str, Callable[[Decision], Move]] = {
    "draw": phase_draw.choose,
    "walk": phase_walk.choose,
    "actions": phase_actions.choose,
    "roll": phase_roll.choose,
}


class Greedy(Decision):
    """One decision of the greedy player."""

    def choose(self) -> Move:
        return PHASES[self.s.phase](self)
