"""A level's move: the engine's computer player of that level, on the world built from the
seat's view, checked against the legal moves the server sent (the server's list wins: a
move not in it is never sent, the first legal move is played instead)."""

from __future__ import annotations

import hashlib
from typing import Any

from engine import bots

from .world import state_from_view

# The lobby's levels and the engine's players that play them (as games.computer has them).
LEVELS: dict[str, str] = {"easy": "easy", "normal": "greedy", "strong": "strong"}


def rng_seed(game_id: int, seq: int) -> int:
    """The player's own draws for a decision: from the game and the seq only."""
    return int.from_bytes(hashlib.sha256(f"client:{game_id}:{seq}".encode()).digest()[:8], "big")


def choose(document: dict[str, Any], level: str) -> dict[str, Any]:
    """The move (JSON, as the moves API takes it) to play in the position `document` (a
    Game document, or the same fields from a stream's update) at `level`."""
    legal: list[dict[str, Any]] = document["legal_moves"]
    if not legal:
        raise ValueError("not my turn: no legal moves")
    if len(legal) == 1:
        return legal[0]
    world = state_from_view(document["state"], document["rules_version"])
    move = bots.choose_move(world, LEVELS[level], rng_seed(document["id"], world.seq))
    chosen = move.to_json()
    return chosen if chosen in legal else legal[0]
