"""The engine's entry points: new_game, apply, legal_moves, replay.

>>> s = new_game("doc-seed")
>>> s.phase, s.round, len(s.players)
('draw', 1, 2)
>>> [str(m) for m in legal_moves(s)][:1]
['{"slot":0,"type":"take_card"}']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from . import actions, board, market, rng, rulesets, turns
from .errors import EngineError, IllegalMove, InvalidMove, ReplayError
from .moves import AUTO_MOVES, SYSTEM_MOVES, Move, parse, shared
from .phases import FLOW
from .state import PAWNS, Player, State

RULES_VERSION = rulesets.CURRENT  # new games; stored games keep theirs (engine/rulesets.py)


def new_game(
    seed: str, *, dice: Iterable[int] | None = None, rules: str | rulesets.Ruleset = RULES_VERSION
) -> State:
    """A new game from a seed under `rules` (a version, or a Ruleset for experiments).
    `dice` (tests): every die is taken from it in order first."""
    ruleset = rules if isinstance(rules, rulesets.Ruleset) else rulesets.get(rules)
    if not isinstance(seed, str) or not seed:
        raise ValueError("seed must be a non-empty string")
    counters: dict[str, int] = {}
    tiles, houses = board.generate(seed, counters)
    start = rng.randbelow(seed, counters, "start-seat", 2)
    plaza = (0, 0)
    players = [Player(seat=s, pawns={p: plaza for p in PAWNS}) for s in (0, 1)]
    state = State(
        seed=seed,
        board=tiles,
        houses=houses,
        players=players,
        start_seat=start,
        current=start,
        rng_counters=counters,
        scripted_dice=tuple(_die(d) for d in dice) if dice is not None else None,
        rules=ruleset,
    )
    for res, n in ruleset.second_seat_start:
        players[1 - start].resources[res] += n
    # Setup draws in a fixed order: court actions, cards, tasks, events, tokens.
    actions.setup(state)
    market.setup(state)
    board.scatter_tokens(state, new_round=False)
    turns.start_turn(state)
    return state


def _die(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise ValueError(f"scripted die must be 1..6, got {value!r}")
    return value


def apply(state: State, move: Move | dict[str, Any]) -> State:
    """The state after `move` (and the moves that follow by themselves). `state` is untouched.

    Raises InvalidMove for a malformed move and IllegalMove for one the rules refuse now.
    """
    move = parse(move)
    if state.over:
        raise IllegalMove("game_over")
    if move.auto:
        raise IllegalMove("auto_move")
    new = state.clone()
    _dispatch(new, move)
    new.log.append(move.to_json())
    _advance(new)
    return new


def _dispatch(state: State, move: Move) -> None:
    if move.type in SYSTEM_MOVES:
        turns.forfeit(state, move)
        return
    rule = FLOW[state.phase].moves.get(move.type)
    if rule is None:
        raise IllegalMove("wrong_phase", phase=state.phase)
    rule(state, move)


# The moves the engine makes by itself, built once (moves are immutable values).
_AUTO = {mtype: shared(mtype, auto=True) for mtype in AUTO_MOVES}


def _due(state: State) -> Move | None:
    """The move the engine makes by itself now, if any (nothing left to choose)."""
    auto = None if state.over else FLOW[state.phase].auto
    if auto is None or not auto[1](state):
        return None
    return _AUTO[auto[0]]


def _advance(state: State) -> None:
    """Apply the moves that follow by themselves, each logged with "auto": true."""
    while (move := _due(state)) is not None:
        _dispatch(state, move)
        state.log.append(move.to_json())


def forced_moves(state: State) -> list[Move]:
    """The moves the engine would apply by itself now (none: a player must choose)."""
    move = _due(state)
    return [] if move is None else [move]


def legal_moves(state: State) -> list[Move]:
    """Every move the current player may send now, in a deterministic order.

    Walk plans are listed as one-step plans (enter, cross, rotate-then-enter); longer plans
    are legal too and are checked by `apply`/`preview`.
    """
    if state.over:
        return []
    out: list[Move] = []
    for gen in FLOW[state.phase].legal:
        out.extend(gen(state))
    return out


def replay(
    seed: str,
    log: Iterable[dict[str, Any]],
    *,
    dice: Iterable[int] | None = None,
    rules: str | rulesets.Ruleset = RULES_VERSION,
) -> State:
    """Fold the log over a new game under `rules` (the version the game was created with).
    Auto entries must be exactly what the engine produced.

    Raises ReplayError naming the first entry that does not replay.
    """
    return _fold(
        new_game(seed, dice=dice, rules=rules), log
    )  # private to this call: folded in place


def replay_from(state: State, entries: Iterable[dict[str, Any]]) -> State:
    """`state` followed by the log entries from `state.seq` on, checked like `replay` does
    from the seed (a cached state plus the rest of the log). `state` is untouched."""
    return _fold(state.clone(), entries)


def _fold(work: State, entries: Iterable[dict[str, Any]]) -> State:
    for index, entry in enumerate(entries, start=work.seq):
        if index < len(work.log):
            if work.log[index] != entry:
                raise ReplayError(index, f"expected {work.log[index]}, found {entry}")
            continue
        try:
            move = Move.from_json(entry)
            if move.auto:
                raise IllegalMove("auto_entry")
            if work.over:
                raise IllegalMove("game_over")
            _dispatch(work, move)
            work.log.append(move.to_json())
            _advance(work)
        except (InvalidMove, IllegalMove) as err:
            raise ReplayError(index, str(err)) from err
    return work


__all__ = [
    "RULES_VERSION",
    "EngineError",
    "apply",
    "forced_moves",
    "legal_moves",
    "new_game",
    "replay",
    "replay_from",
]
