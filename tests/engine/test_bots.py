"""The computer players: legal, deterministic, blind to hidden information; the greedy
player clearly beats the random one. The simulation and benchmark tools print figures."""

import io
import json
from contextlib import redirect_stdout

from engine import bench, simulate, walk_plan
from engine.bots import Greedy, choose_move, phase_walk
from engine.bots.values import FOUNDATION_STEP
from engine.content.foundations import FOUNDATIONS
from engine.content.tasks import TASKS
from engine.game import apply, legal_moves, new_game
from engine.tasks import progress

from .helpers import walk_state


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
    text = bench.report(bench.run(2, strong_decisions=2))
    assert text.startswith("== engine")
    labels = ("apply one move", "replay a complete game", "legal moves", "games/s", "strong")
    for label in labels:
        assert label in text


def test_the_greedy_walks_a_spare_pawn_onto_the_stadsplein_for_its_task():
    # XIII: a task asks for a state ("een pion op het Stadsplein"); the greedy walks for it.
    state = walk_state(pawns={1: (2, 0), 2: (-3, 0), 3: (0, 3)}, steps=4)
    state.me.tasks = ["stadsplein"]
    move = phase_walk.task_walk(Greedy(state, legal_moves(state)), [1, 2, 3])
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


def test_the_players_foundation_steps_are_what_the_foundations_count():
    """The computer players value one more post, high house, high round or cleared field by
    what it adds to the foundation that counts it: the foundations' own values decide."""
    for state in list(_states("foundation-steps", "greedy"))[::40]:
        me = state.me
        before = {k: FOUNDATIONS[k].value(state, me) for k in FOUNDATION_STEP}
        more = state.clone()
        p = more.me
        free = next(k for k, h in more.houses.items() if p.seat not in h.posts)
        more.own_house(free).posts.append(p.seat)
        p.high_houses.append(next(k for k in more.houses if k not in p.high_houses))
        p.high_rounds.append(max(p.high_rounds, default=0) + 1)
        p.clears += 1
        for key, step in FOUNDATION_STEP.items():
            assert FOUNDATIONS[key].value(more, p) - before[key] == step, key


def test_the_greedys_goals_for_a_position_task_are_where_the_tasks_own_check_is_met():
    """XIII position tasks: the hexes the greedy walks a pawn to are exactly the passable
    hexes where that pawn alone meets the task by the task's own check (engine/tasks.py)."""
    checks = ("plaza", "bridge", "toll", "far", "meeting", "rival_post")
    position_tasks = [k for k, t in TASKS.items() if t.check in checks]
    assert {TASKS[k].check for k in position_tasks} == set(checks)
    for state in list(_states("task-goals", "greedy"))[::60]:
        decision, seat = Greedy(state, legal_moves(state)), state.current
        pawn = next(iter(state.me.pawns))
        for key in position_tasks:
            task = TASKS[key]
            if progress(state, seat, key) >= task.n:
                continue  # met already: the greedy walks for it no more
            meets = set()
            for h, tile in state.board.items():
                moved = state.clone()
                moved.me.pawns[pawn] = h
                if tile.passable and progress(moved, seat, key) >= task.n:
                    meets.add(h)
            goals = phase_walk.task_goals(decision, task.check, task.n)
            assert {h for h in goals if state.board[h].passable} == meets, key


def test_every_plan_the_greedys_path_search_finds_is_accepted_by_the_rules_at_its_cost():
    """The path search (engine/bots/paths.py) counts entering, tolls and turning tiles
    itself, for speed; the rules' own simulation accepts each plan it finds, to the hex it
    was found for, at the steps it counted."""
    plans = 0
    for seed in ("paths-a", "paths-b"):
        for state in _states(seed, "greedy"):
            if state.phase != "walk" or not state.turn.walk_dice:
                continue
            paths = Greedy(state, legal_moves(state)).paths
            for pawn in state.me.pawns:
                if pawn in state.turn.rested:
                    continue
                for house in state.houses.values():
                    dmap = paths.distances(house.hex)
                    arrive, partial = paths.search(pawn, house.hex, dmap, state.turn.steps)
                    found = [(house.hex, *arrive)] if arrive and arrive[1] else []
                    if partial:
                        found.append((None, partial[1], partial[2]))
                    for goal, cost, plan in found:
                        sim = walk_plan.simulate(state, pawn, plan)
                        assert sim.error is None and sim.steps == cost
                        assert goal is None or sim.position == goal
                        plans += 1
    assert plans > 100
