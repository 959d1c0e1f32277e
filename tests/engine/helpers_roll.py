"""Test helpers for phases 3 and 4: build a position through state setup, never through a
move a player could send. Every helper works on a state owned by the test (from `game`)."""

from __future__ import annotations

import pytest

from engine import apply
from engine.errors import IllegalMove
from engine.game import RULES_VERSION, new_game
from engine.state import State, Turn


def game(seed: str = "roll-tests", *, phase: str = "actions", rules: str = RULES_VERSION) -> State:
    """A new game put straight into `phase` for the current player, with a fresh turn,
    no court event in force and no cards in either hand."""
    state = new_game(seed, rules=rules)
    state.event = None
    state.event_closed = None
    for p in state.players:
        p.hand.clear()
        p.active.clear()
    state.phase = phase
    state.turn = Turn()
    return state


def me(state: State):
    return state.players[state.current]


def opp(state: State):
    return state.players[1 - state.current]


def put_pawn(state: State, pawn: int, house: str, *, seat: int | None = None) -> None:
    """Stand `pawn` of `seat` (default: the current player) on `house`."""
    seat = state.current if seat is None else seat
    state.players[seat].pawns[pawn] = state.houses[house].hex


def give_post(state: State, house: str, *, seat: int | None = None) -> None:
    seat = state.current if seat is None else seat
    if seat not in state.houses[house].posts:
        state.houses[house].posts.append(seat)


def set_court_action(state: State, house: str, key: str) -> None:
    state.houses[house].court_action = key


def set_resources(state: State, *, seat: int | None = None, **amounts: int) -> None:
    seat = state.current if seat is None else seat
    state.players[seat].resources.update(amounts)


def script_dice(state: State, *dice: int) -> None:
    """The next dice the game rolls, in order (the court roll, rerolls, added dice)."""
    state.scripted_dice = tuple(dice)
    state.dice_used = 0


_next_card = [0]


def give_cards(state: State, *keys: str, seat: int | None = None) -> list[str]:
    """Put new card instances of `keys` into a hand; returns their ids."""
    seat = state.current if seat is None else seat
    ids = []
    for key in keys:
        _next_card[0] += 1
        cid = f"t{_next_card[0]}"
        state.cards = dict(state.cards)  # the mapping is shared between clones: copy it
        state.cards[cid] = key
        state.players[seat].hand.append(cid)
        ids.append(cid)
    return ids


def move(state: State, mtype: str, **fields) -> State:
    return apply(state, {"type": mtype, **fields})


def choose(state: State, pawn: int, action: str | None, target=None) -> State:
    data = {"type": "choose", "pawn": pawn, "action": action}
    if target is not None:
        data["target"] = list(target)
    return apply(state, data)


def to_roll(state: State) -> State:
    """End phase 3 (if it did not end by itself)."""
    return move(state, "end_actions") if state.phase == "actions" else state


def roll_and_lock(state: State, *dice: int) -> State:
    """Roll exactly `dice` (the pool must have that many dice) and lock the roll."""
    state = state.clone()
    script_dice(state, *dice)
    state = move(state, "roll")
    assert state.turn.dice == tuple(dice)
    return move(state, "lock")


def pool(state: State, dice: int) -> None:
    """Give the current player the reputation for exactly `dice` dice."""
    need = {2: 0, 3: 3, 4: 7, 5: 12, 6: 18}[dice]
    set_resources(state, reputatie=need)


def refused(state: State, data: dict, code: str, **params) -> None:
    """The move is refused with this refusal code (and these of its parameters)."""
    with pytest.raises(IllegalMove) as err:
        apply(state, data)
    assert err.value.code == code
    assert {k: err.value.params.get(k) for k in params} == params
