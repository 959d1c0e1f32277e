"""Property tests (Hypothesis) for art. I and the walk phase over many seeds.

Boards: every rule of "Board (I)" holds for any seed. Walking: random legal walk turns never
crash, never make steps or resources negative, preview and walk always agree, every logged
move's JSON round-trips, and replaying the log from the seed gives the live state.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import IllegalMove, Move, apply, full_state, legal_moves, new_game, preview, replay
from engine.board import generate
from engine.hexes import neighbours
from engine.moves import Step

from .helpers import board_violations, driver_move

seeds = st.text(min_size=1, max_size=16)


@settings(max_examples=200, deadline=None)
@given(seed=seeds)
def test_every_seed_gives_a_board_that_keeps_every_rule_of_article_one(seed):
    tiles, houses = generate(seed, {})
    assert board_violations(tiles, houses) == []


def check_invariants(s):
    assert s.turn.steps >= 0
    assert 0 <= s.turn.bought_steps <= 4
    for p in s.players:
        assert all(v >= 0 for v in p.resources.values()), p.resources
        assert p.clears <= 2
        assert all(s.board[h].passable for h in p.pawns.values())
    assert len(s.tokens) <= 8
    assert all(s.board[h].kind == "path" and not s.board[h].toll for h in s.tokens)


def random_plan(data, s, pawn):
    """A plan grown step by step: mostly what preview offers, sometimes anything nearby."""
    plan: list[Step] = []
    for _ in range(data.draw(st.integers(1, 5), label="length")):
        p = preview(s, pawn, plan)
        here = tuple(p["position"])
        options = [Step(n["via"], tuple(n["hex"])) for n in p["next"]]
        options += [
            Step("rotate", tuple(r["hex"]), d) for r in p["rotatable"] for d in ("cw", "ccw")
        ]
        junk = [Step(op, h) for op in ("enter", "cross") for h in neighbours(here)]
        junk += [Step("rotate", h, "cw") for h in neighbours(here) + [here]]
        pool = options if options and data.draw(st.integers(0, 4), label="junk?") else junk
        plan.append(data.draw(st.sampled_from(pool), label="step"))
    return plan


def walk_turn(data, s):
    """Random moves in the walk phase until it ends (or a move budget is spent)."""
    for _ in range(12):
        if s.phase != "walk":
            return s
        moves = legal_moves(s)
        if data.draw(st.integers(0, 3), label="own plan?") == 0 and s.turn.walk_dice:
            pawn = data.draw(st.sampled_from([1, 2, 3]), label="pawn")
            plan = random_plan(data, s, pawn)
            p = preview(s, pawn, plan)
            move = Move("walk", pawn=pawn, plan=tuple(plan))
            before = None if p["confirmable"] else full_state(s)
            try:
                new = apply(s, move)
            except IllegalMove as err:
                assert not p["confirmable"] and full_state(s) == before
                if not p["ok"]:
                    assert (err.code, err.params) == (p["code"], p["params"])
                    assert str(err) == p["error"]  # the same words, too
                continue
            assert p["confirmable"]
            assert new.players[s.current].pawns[pawn] == tuple(p["position"])
            if new.phase == "walk":
                assert new.turn.steps == p["steps_left"]
            s = new
        else:
            s = apply(s, data.draw(st.sampled_from(moves), label="legal move"))
        check_invariants(s)
    return apply(s, Move("end_walk")) if s.phase == "walk" else s


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(seed=seeds, turns=st.integers(1, 2), data=st.data())
def test_random_walking_turns_keep_the_rules_and_replay_exactly(seed, turns, data):
    s = new_game(seed)
    first = True
    for _ in range(turns):
        seat = s.current
        while not s.over and s.current == seat:
            if s.phase == "walk" and not s.turn.walk_dice:
                s = apply(s, Move("roll_walk"))
            elif s.phase == "walk":
                if first:
                    for m in legal_moves(s):  # every listed move is accepted
                        apply(s, m)
                    first = False
                s = walk_turn(data, s)
            else:
                s = apply(s, driver_move(s))
            check_invariants(s)
    for entry in s.log:
        assert Move.from_json(entry).to_json() == entry
    assert full_state(replay(seed, s.log)) == full_state(s)
