"""The computer levels: easy, normal (the greedy player) and strong (determinized search).
Strong plays legal moves, never reads hidden information, plays the same move on a slow
machine as on a fast one, stops at its CPU time limit, and sees further than the greedy
player. How long its decisions take is a figure of `make bench`, not an assertion."""

import io
import itertools
import json
from contextlib import redirect_stdout

from engine import simulate, walk_plan
from engine.bots import Greedy, choose_move, search
from engine.game import apply, legal_moves

from .test_bots import _states


def _searched(seed: str, every: int = 7):
    """States of a greedy game where the strong player really searches (2+ candidates)."""
    for i, state in enumerate(_states(seed, "greedy")):
        if i % every == 0 and len(search.candidates_of(state, legal_moves(state), None)) > 2:
            yield state


def _hide_differently(state):
    """The same state as the seat sees it, with every hidden thing changed: deck, task and
    event order, the opponent's hidden hand, and the seed (future dice and draws)."""
    mixed = state.clone()
    mixed.deck.reverse()
    mixed.task_deck.reverse()
    mixed.event_deck.reverse()
    mixed.seed = "another-seed"
    opp = mixed.opponent
    hidden = [c for c in opp.hand if c not in opp.active]
    if hidden and mixed.deck:
        mixed.cards = dict(mixed.cards)
        a, b = hidden[0], mixed.deck[0]
        mixed.cards[a], mixed.cards[b] = mixed.cards[b], mixed.cards[a]
    return mixed


def test_the_strong_player_never_reads_hidden_information():
    states = list(_searched("blind-strong"))[:8]
    assert states
    for state in states:
        moves, mixed = legal_moves(state), _hide_differently(state)
        mine = search.strong_move(state, moves, 5, worlds=2, time_limit=60)
        assert search.strong_move(mixed, legal_moves(mixed), 5, worlds=2, time_limit=60) == mine


def test_a_determinized_world_keeps_everything_the_seat_sees():
    state = next(_searched("world"))
    world = search.determinize(state, "w")
    assert world.board == state.board and world.market == state.market
    assert world.players[state.current].hand == state.me.hand
    assert [world.cards[c] for c in state.me.hand] == [state.cards[c] for c in state.me.hand]
    assert sorted(world.deck) == sorted(state.deck) and world.seed != state.seed


def test_every_level_plays_only_legal_moves():
    for kind in ("easy", "strong"):
        for state in list(_searched(f"legal-{kind}", every=11))[:4]:
            move = choose_move(state, kind, 3)
            assert move in legal_moves(state) or move.type == "walk"
            apply(state, move)  # accepted by the rules


def test_the_strong_player_is_deterministic_within_its_time():
    state = next(_searched("same-strong"))
    moves = legal_moves(state)
    first = search.strong_move(state, moves, 9, worlds=2, time_limit=60)
    assert search.strong_move(state.clone(), moves, 9, worlds=2, time_limit=60) == first


def _cpu_clock(monkeypatch, step: float) -> None:
    """Fake the clock the search reads, the process's CPU time: each reading `step` seconds
    after the one before."""
    readings = itertools.count()
    monkeypatch.setattr(search, "process_time", lambda: next(readings) * step)


def test_the_strong_player_stops_at_its_time_limit(monkeypatch):
    """A decision that runs past its CPU time limit stops in the world it is in, and with
    no complete world the greedy move is played."""
    state = next(_searched("time-strong"))
    moves = legal_moves(state)
    candidates = search.candidates_of(state, moves, search.Sharp(state, moves).choose())
    rollouts = []
    real_rollout = search._rollout

    def counted(*args, **kwargs):
        rollouts.append(1)
        return real_rollout(*args, **kwargs)

    monkeypatch.setattr(search, "_rollout", counted)
    _cpu_clock(monkeypatch, step=1.0)  # every rollout takes a whole time limit
    move = search.strong_move(state, moves, 1, worlds=50, time_limit=1.0)
    assert len(rollouts) < len(candidates)
    assert move == candidates[0]


def test_easy_is_the_greedy_with_blunders():
    states = list(_states("easy", "greedy"))[:120]
    same = sum(choose_move(s, "easy", 4) == choose_move(s, "greedy", 4) for s in states)
    assert 0.4 * len(states) < same < len(states)


def test_simulate_plays_strong_against_greedy(monkeypatch):
    monkeypatch.setattr(search, "WORLDS", search.WORLDS)  # --strong-worlds sets it; restored
    buf = io.StringIO()
    with redirect_stdout(buf):
        simulate.main(
            [
                "--games",
                "1",
                "--seed",
                "cli-strong",
                "--players",
                "strong,greedy",
                "--strong-worlds",
                "1",
            ]
        )
    out = json.loads(buf.getvalue())
    assert out["games"] == 1 and set(out["wins_per_kind"]) <= {"strong", "greedy"}
    assert search.WORLDS == 1


def test_the_strong_players_move_does_not_depend_on_the_machines_speed(monkeypatch):
    """Its budget is work (worlds, halving), not time: a slow machine or one under load
    (here a CPU clock that advances a hundredth of the time limit per reading) gets the
    same move as a fast one (a clock that stands still), where the search overrules the
    greedy move, so that a search cut short would show."""
    for state in _searched("load-strong"):
        moves = legal_moves(state)
        _cpu_clock(monkeypatch, step=0.0)
        fast = search.strong_move(state, moves, 4, worlds=3)
        if fast != search.Sharp(state, moves).choose():
            break
    else:
        raise AssertionError("no searched decision overrules the greedy move")
    _cpu_clock(monkeypatch, step=search.TIME_LIMIT / 100)
    assert search.strong_move(state, moves, 4, worlds=3) == fast


def test_the_strong_policy_values_a_post_and_a_high_action_for_its_foundations_too():
    for state in list(_states("sharp", "greedy"))[::25]:
        moves = legal_moves(state)
        sharp, greedy = search.Sharp(state, moves), Greedy(state, moves)
        for key in state.houses:
            assert sharp.house_value(key) >= greedy.house_value(key)


def _walks(seed: str):
    """Greedy-game states at a walk decision with the walk dice rolled."""
    for state in _states(seed, "greedy"):
        if state.phase == "walk" and state.turn.walk_dice:
            yield state


def test_the_strong_player_searches_walks_to_other_houses_than_the_greedys():
    """At a walk the candidates are the greedy's move and walks that take a pawn all the way
    to another house; the search plays one of them when it scores better, also after a
    first pawn has walked."""
    searched, other, later = 0, 0, 0
    for state in list(_walks("walk-strong"))[:14]:
        moves = legal_moves(state)
        greedy = search.Sharp(state, moves).choose()
        candidates = search.candidates_of(state, moves, greedy)
        assert candidates[0] == greedy
        for move in candidates[1:]:
            assert move.type == "walk" and move != greedy
            end = walk_plan.simulate(state, move.pawn, move.plan)
            assert end.error is None and state.house_at(end.position) is not None
        if len(candidates) > 1:
            searched += 1
            later += bool(state.turn.walked)
            other += search.strong_move(state, moves, 2, worlds=4, time_limit=60) != greedy
    assert searched >= 3 and other >= 1 and later >= 1


def test_the_rollout_models_path_search_is_remembered_and_exact():
    """The rollouts' greedy (`Model`) remembers its path searches; its moves are the
    greedy's."""
    for state in list(_states("model-exact", "greedy"))[::3]:
        moves = legal_moves(state)
        greedy = choose_move(state, "greedy", 0)
        assert search.Model(state, moves).choose() == greedy
        assert search.Model(state, moves).choose() == greedy  # from the cache now
