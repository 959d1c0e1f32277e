"""The computer players: legal, deterministic, blind to hidden information; the greedy
player clearly beats the random one. The simulation and benchmark tools print figures."""

import io
import json
from contextlib import redirect_stdout

from engine import bench, simulate, walk_plan
from engine.bots import choose_move
from engine.game import apply, legal_moves, new_game


def _states(seed: str, kind: str, limit: int = 400):
    state = new_game(seed)
    for _ in range(limit):
        if state.over:
            return
        yield state
        state = apply(state, choose_move(state, kind, seed))


def test_random_and_greedy_players_only_play_legal_moves_and_finish_the_game():
    for kind in ("random", "greedy"):
        state = new_game(f"legal-{kind}")
        while not state.over:
            move = choose_move(state, kind, 7)
            if move.type == "walk" and len(move.plan) > 1:  # longer plans: the rules' check
                assert walk_plan.simulate(state, move.pawn, move.plan).error is None
            else:
                assert move in legal_moves(state)
            state = apply(state, move)
        assert state.result["reason"] == "end"


def test_a_player_chooses_the_same_move_given_the_same_state_and_seed():
    for kind in ("random", "greedy"):
        for state in list(_states("same", kind))[::9]:
            assert choose_move(state, kind, 3) == choose_move(state.clone(), kind, 3)


def test_the_random_player_depends_on_its_seed():
    state = new_game("bot-seed")
    picks = {str(choose_move(state, "random", s)) for s in range(20)}
    assert len(picks) > 1


def test_the_greedy_player_never_reads_the_deck_order_future_events_or_future_dice():
    for state in list(_states("blind", "greedy"))[::5]:
        mixed = state.clone()
        mixed.deck.reverse()
        mixed.task_deck.reverse()
        mixed.event_deck.reverse()
        mixed.seed = "another-seed"  # future dice, tokens and draws would all differ
        assert choose_move(mixed, "greedy", 0) == choose_move(state, "greedy", 0)


def test_greedy_clearly_beats_random():
    out = simulate.simulate(12, "bots-test", ("greedy", "random"))
    assert out["wins_per_kind"]["greedy"] >= 10
    assert out["score_per_kind"]["greedy"]["mean"] > 3 * out["score_per_kind"]["random"]["mean"]


def test_simulate_prints_one_json_object_with_the_figures():
    buf = io.StringIO()
    with redirect_stdout(buf):
        simulate.main(["--games", "2", "--seed", "cli", "--players", "random,greedy"])
    out = json.loads(buf.getvalue())
    assert out["games"] == 2
    for key in (
        "games_per_second",
        "wins_per_seat",
        "wins_per_kind",
        "score_per_kind",
        "mean_score_per_source",
        "moves_per_game",
    ):
        assert key in out


def test_bench_prints_its_own_block_of_engine_figures():
    text = bench.report(bench.run(2))
    assert text.startswith("== engine")
    for label in ("apply one move", "replay a complete game", "legal moves", "games/s"):
        assert label in text


def test_the_greedy_walks_a_spare_pawn_onto_the_stadsplein_for_its_task():
    # XIII: a task asks for a state ("een pion op het Stadsplein"); the greedy walks for it.
    from engine.bots import Greedy

    from .helpers import walk_state

    state = walk_state(pawns={1: (2, 0), 2: (-3, 0), 3: (0, 3)}, steps=4)
    state.me.tasks = ["stadsplein"]
    move = Greedy(state, legal_moves(state)).task_walk([1, 2, 3])
    assert move is not None and move.pawn == 1
    after = apply(state, move)
    assert after.me.pawns[1] == (0, 0)


def test_simulate_can_swap_the_kinds_between_seats_and_merge_runs(tmp_path):
    """--swap: odd games put the second kind in seat 0, so a level plays both seats equally;
    --first and --records/--merge let a long measurement run in parts."""
    out = simulate.simulate(4, "swap", ("greedy", "random"), swap=True)
    assert out["wins_per_kind"]["greedy"] >= 3 and out["swap"]
    assert out["decision_cpu_seconds"]["greedy"]["n"] > 0
    parts = []
    for first in (0, 2):
        path = tmp_path / f"part{first}.json"
        simulate.simulate(2, "swap", ("greedy", "random"), first=first, swap=True, records=path)
        parts.append(str(path))
    buf = io.StringIO()
    with redirect_stdout(buf):
        simulate.main(["--merge", *parts, "--content"])
    merged = json.loads(buf.getvalue())
    assert merged["games"] == 4 and merged["wins_per_kind"] == out["wins_per_kind"]
    assert merged["score_per_kind"] == out["score_per_kind"] and "content" in merged
