"""Whole games (II, XIV, docs/design.md#tests-and-checks): random complete games over many seeds. Every game ends
after exactly 12 turns (6 rounds), no state before the end is without a legal move, replaying
the log equals playing it live, every logged move round-trips through JSON, and no view shows
a seat the opponent's hand (except active permanent cards), the deck order, the task deck
order, future events or the seed before the end."""

import json

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine.bots import choose_move
from engine.game import apply, legal_moves, new_game, replay
from engine.moves import Move
from engine.state import ROUNDS
from engine.view import full_state, view

GAMES = 1000  # random games in the property test; ~20 ms each (more on a loaded CI machine)
GAMES_CI = 250  # of which `make test` plays these; `make test-slow` the rest
VIEW_EVERY = 30  # views are checked at every 30th state, and at all states of every 100th game


def _hidden_leaks(state, seat) -> list[str]:
    """What `view(state, seat)` shows that the seat may not know."""
    data = view(state, seat)
    text = json.dumps(data)
    leaks = []
    for key in ("deck", "task_deck", "event_deck", "rng_counters", "scripted_dice"):
        if key in data:
            leaks.append(key)
    if not state.over and "seed" in data:
        leaks.append("seed")
    if not state.over and len(state.seed) >= 6 and json.dumps(state.seed) in text:
        leaks.append("seed text")  # (a short seed like "1" may equal some harmless value)
    opponents = [p for p in state.players if p.seat != seat]
    for p in opponents:
        hidden = set(p.hand) - set(p.active)
        leaks += [f"hand {c}" for c in hidden if json.dumps(c) in text]
    leaks += [f"deck {c}" for c in state.deck if json.dumps(c) in text]
    leaks += [f"task {t}" for t in state.task_deck if json.dumps(t) in text]
    leaks += [f"event {e}" for e in state.event_deck if json.dumps(e) in text]
    return leaks


def _play(seed: str, pick, check_views: bool):
    """Play a whole game with `pick(state, moves) -> move`; check the invariants as it goes."""
    state = new_game(seed)
    n = 0
    while not state.over:
        moves = legal_moves(state)
        assert moves, f"{seed}: no legal move in phase {state.phase} at seq {state.seq}"
        if check_views or n % VIEW_EVERY == 0:
            for seat in (0, 1, None):
                assert _hidden_leaks(state, seat) == [], (seed, state.seq)
        move = pick(state, moves)
        assert Move.from_json(move.to_json()) == move
        state = apply(state, move)
        n += 1
        assert n < 5000, f"{seed}: the game does not end"
    return state


def _check_end(state):
    turns = sum(1 for e in state.log if e["type"] == "end_turn")
    assert turns == 2 * ROUNDS
    assert state.round == ROUNDS
    assert state.result["reason"] == "end"
    assert state.result["winners"]
    for entry in state.log:
        assert Move.from_json(entry).to_json() == entry
    again = replay(state.seed, state.log)
    assert full_state(again) == full_state(state)
    assert "seed" in view(state, 0)  # revealed at the end


def _random_games(seeds: range) -> None:
    for i in seeds:
        seed = f"full-{i}"
        final = _play(
            seed,
            lambda s, _m, seed=seed: choose_move(s, "random", seed),
            check_views=i % 100 == 0,
        )
        _check_end(final)


def test_random_games_end_after_twelve_turns_and_replay_exactly():
    """CI's share of the thousand below: its first GAMES_CI seeds."""
    _random_games(range(GAMES_CI))


@pytest.mark.slow
def test_a_thousand_random_games_end_after_twelve_turns_and_replay_exactly():
    _random_games(range(GAMES_CI, GAMES))  # the rest of the thousand (make test-slow)


@settings(
    max_examples=15,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # shrinking whole games is slow
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(seed=st.text(min_size=1, max_size=12), data=st.data())
def test_any_seed_and_any_choice_of_legal_moves_plays_a_whole_game(seed, data):
    def pick(_state, moves):
        return moves[data.draw(st.integers(0, len(moves) - 1), label="move")]

    # The prefix keeps the seed distinct from every public word (Hypothesis likes to try
    # the code's own strings, like a task key), so a leak check on its text stays exact.
    _check_end(_play("hyp:" + seed, pick, check_views=True))
