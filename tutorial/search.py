"""The seed search behind the tutorial (`manage.py find_tutorial_seed`): play a game from a
candidate seed, the learner (seat 0) by the greedy player steered towards the lessons not yet
met, the computer (seat 1) exactly as the server's "normal" level plays it, and keep the seed
whose line meets every lesson in the fewest of the learner's moves. Pure Python: the engine
and its players only."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import engine
from engine import bots

from .lessons import LESSONS, lessons_of

LEARNER = 0
COMPUTER_KIND = "greedy"  # games.computer.KIND_OF_LEVEL["normal"]


@dataclass
class Line:
    """One candidate: the seed, every logged entry, and the learner's moves with their lessons."""

    seed: str
    log: list[dict[str, Any]] = field(default_factory=list)
    moves: list[dict[str, Any]] = field(default_factory=list)  # the learner's, in order
    seqs: list[int] = field(default_factory=list)  # each learner move's place in the log
    lessons: list[list[str]] = field(default_factory=list)  # per learner move
    met: dict[str, int] = field(default_factory=dict)  # lesson -> index of its learner move

    @property
    def complete(self) -> bool:
        return all(lesson in self.met for lesson in LESSONS)


def _steered(state: engine.State, met: dict[str, int]) -> engine.Move:
    """The learner's move: the greedy player's, unless a legal move meets a lesson not yet met."""
    moves = engine.legal_moves(state)

    def first(pred: Any) -> engine.Move | None:
        return next((m for m in moves if pred(m)), None)

    wanted = [
        ("bend", lambda m: m.type == "bend" and m.kind == "reroll"),
        ("card", lambda m: m.type == "activate"),
        ("office", lambda m: m.type == "buy_office"),
        ("court", lambda m: m.type == "choose" and m.action == "court"),
    ]
    for lesson, pred in wanted:
        if lesson not in met and (move := first(pred)) is not None:
            return move
    return _first_unit(bots.choose_move(state, kind="greedy"))


def _first_unit(move: engine.Move) -> engine.Move:
    """A walk cut after its first hex (the turns before it kept), so that every walk of the
    tutorial is one tap on the board, maybe after turning a tile with its knobs."""
    if move.type != "walk":
        return move
    plan = move.to_json()["plan"]
    cut = next((i for i, step in enumerate(plan) if "rotate" not in step), None)
    if cut is None or cut == len(plan) - 1:
        return move
    return engine.Move.from_json({**move.to_json(), "plan": plan[: cut + 1]})


def play(seed: str, *, max_rounds: int = 6, computer: Any = None) -> Line:
    """The line from `seed` until every lesson is met or `max_rounds` have passed."""
    line = Line(seed)
    state = engine.new_game(seed)
    while not state.over and state.round <= max_rounds and not line.complete:
        if state.current == LEARNER:
            move = _steered(state, line.met)
        elif computer is not None:
            move = computer(state)
        else:
            move = bots.choose_move(state, kind=COMPUTER_KIND)
        after = engine.apply(state, move)
        if state.current == LEARNER:
            entry = move.to_json()
            found = lessons_of(state, entry, after)
            for lesson in found:
                line.met.setdefault(lesson, len(line.moves))
            line.moves.append(entry)
            line.seqs.append(state.seq)
            line.lessons.append(found)
        state = after
    line.log = list(state.log)
    return line
