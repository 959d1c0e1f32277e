"""Dwaalhof's rules engine: pure Python, deterministic, no Django.

Public API: new_game, apply, legal_moves, forced_moves, replay, replay_from, view, views, full_state,
preview,
score, Move, Step, State, and the errors InvalidMove, IllegalMove, ReplayError.
"""

from .errors import EngineError, IllegalMove, InvalidMove, ReplayError
from .game import RULES_VERSION, apply, forced_moves, legal_moves, new_game, replay, replay_from
from .moves import MAX_PLAN_STEPS, Move, Step
from .scoring import score
from .state import State
from .view import full_state, view, views
from .walk_preview import preview

__all__ = [
    "MAX_PLAN_STEPS",
    "RULES_VERSION",
    "EngineError",
    "IllegalMove",
    "InvalidMove",
    "Move",
    "ReplayError",
    "State",
    "Step",
    "apply",
    "forced_moves",
    "full_state",
    "legal_moves",
    "new_game",
    "preview",
    "replay",
    "replay_from",
    "score",
    "view",
    "views",
]
