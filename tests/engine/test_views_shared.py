"""The views are built with shortcuts (each audience's only when asked for, the board's
public cut kept per board, full_state's fresh dicts not copied again): every view must still
be, byte for byte, what the plain whitelist cut of full_state gives, and no view may change
once built, whatever is built after it."""

from __future__ import annotations

import importlib
import random
from typing import Any

import orjson

from engine.game import apply, legal_moves, new_game
from engine.state import State

view_module = importlib.import_module("engine.view")  # `engine.view` is also the function
AUDIENCES = (0, 1, None)


def cut(value: Any, spec: Any) -> Any:
    """The whitelist cut, written the plain way: a new dict or list at every level."""
    if spec is view_module.ALL or value is None:
        return value
    if isinstance(spec, list):
        return [cut(item, spec[0]) for item in value]
    if "*" in spec:
        return {k: cut(v, spec["*"]) for k, v in value.items()}
    return {k: cut(value[k], sub) for k, sub in spec.items() if k in value}


def plain_view(state: State, seat: int | None) -> dict[str, Any]:
    """What a seat may see, the straightforward way (as views() was written before)."""
    full = view_module.full_state(state)
    data: dict[str, Any] = cut(full, view_module.PUBLIC)
    if state.over:
        data["seed"] = full["seed"]
    view_module._add_numbers(state, data)
    players = []
    for player in data["players"]:
        if player["seat"] != seat:
            active = set(player["active"])
            player = dict(player, hand=[c for c in player["hand"] if c["id"] in active])
        players.append(player)
    data["players"] = players
    data["viewer"] = seat
    return data


def random_games(games: int, moves: int) -> list[State]:
    """Every state of a few games of random legal moves (to the end where they get there)."""
    chooser = random.Random(26)
    states = []
    for n in range(games):
        state = new_game(f"views-shared-{n}")
        states.append(state)
        for _ in range(moves):
            if state.over:
                break
            state = apply(state, chooser.choice(legal_moves(state)))
            states.append(state)
    return states


def test_every_view_of_random_games_is_byte_for_byte_the_plain_cut() -> None:
    states = random_games(games=3, moves=400)
    assert any(s.over for s in states)  # the seed's reveal is covered too
    written = []  # (the views, their bytes when built)
    for n, state in enumerate(states):
        views = view_module.Views(state)
        # each audience asked for in another order: the first builds the shared part
        order = AUDIENCES[n % 3 :] + AUDIENCES[: n % 3]
        for seat in order:
            seen = orjson.dumps(views[seat])
            assert seen == orjson.dumps(plain_view(state, seat)), (state.seq, seat)
            written.append((views[seat], seen))
        assert view_module.views(state, AUDIENCES)[None] == views[None]
    # Views share parts (between audiences, and the board between states): none changed.
    assert all(orjson.dumps(view) == seen for view, seen in written)


def test_a_board_changed_in_place_is_not_shown_as_it_was() -> None:
    """The public board is kept per board dict while its hexes and tiles are equal: a dict
    changed after it was shown (or a new dict at a reused id) is cut again."""
    state = new_game("views-shared-board")
    before = orjson.dumps(view_module.view(state, 0)["board"])
    changed = state.clone()
    hexes = sorted(changed.board)
    board = changed.own_board()
    board[hexes[0]], board[hexes[1]] = board[hexes[1]], board[hexes[0]]
    after = view_module.view(changed, 0)["board"]
    assert orjson.dumps(after) == orjson.dumps(plain_view(changed, 0)["board"]) != before
    board[hexes[0]], board[hexes[1]] = board[hexes[1]], board[hexes[0]]  # in place, same dict
    assert orjson.dumps(view_module.view(changed, 0)["board"]) == before
