"""Art. II: two seats, six rounds, four phases in order, "volgende speler" as the only way a
turn ends, and phases that move on by themselves only when nothing is left to choose."""

from __future__ import annotations

import pytest

from engine import RULES_VERSION, Move, apply, forced_moves, legal_moves, new_game
from engine.content.events import EVENTS
from engine.errors import InvalidMove
from engine.state import ROUNDS, START_RESOURCES
from engine.walking import rotation_cost

from .helpers import PLAZA, driver_move, finish_turn, play_until, refusal, refuse

AUTO_TYPES = {"end_walk", "end_actions", "settle"}


def full_game(seed: str, rules: str = RULES_VERSION):
    """Play a whole game with the driver; return the final state and the turn starts seen."""
    s = new_game(seed, rules=rules)
    starts = [(s.round, s.current)]
    while not s.over:
        m = driver_move(s)
        s = apply(s, m)
        if not s.over and m.type == "end_turn":
            starts.append((s.round, s.current))
    return s, starts


@pytest.fixture(scope="module")
def game():
    return full_game("twaalf-beurten")


def test_two_seats_and_the_seed_draws_who_starts():
    starts = {new_game(f"zetel-{i}").start_seat for i in range(20)}
    assert starts == {0, 1}
    s = new_game("zetel-x")
    assert [p.seat for p in s.players] == [0, 1]
    assert s.current == s.start_seat == new_game("zetel-x").start_seat


def test_every_player_starts_with_the_start_resources_and_pawns_on_the_stadsplein():
    # A round-1 levy (court event) would take from both at once: pick a game without one.
    s = next(
        g
        for g in (new_game(f"begin-{i}") for i in range(50))
        if not (g.event and EVENTS[g.event].levy)
    )
    for p in s.players:
        assert p.pawns == {1: PLAZA, 2: PLAZA, 3: PLAZA} and p.aanzien == 0
        assert p.resources == START_RESOURCES


def test_a_game_is_six_rounds_of_one_turn_per_player_and_the_first_seat_alternates(game):
    # Seat balance (docs/rules.md): the hofreglement does not say who opens a round; the
    # seat that ends a round opens the next (1-2, 2-1, 1-2 ...).
    s, starts = game
    first = new_game("twaalf-beurten").start_seat
    order = {1: (first, 1 - first), 0: (1 - first, first)}
    assert starts == [(r, seat) for r in range(1, ROUNDS + 1) for seat in order[r % 2]]
    assert s.over and s.result is not None and s.result["reason"] == "end"


def test_rules_1_games_keep_the_same_seat_first_in_every_round():
    s, starts = full_game("twaalf-beurten", rules="1")
    first = s.start_seat
    assert starts == [(r, seat) for r in range(1, ROUNDS + 1) for seat in (first, 1 - first)]


def test_each_turn_runs_the_four_phases_in_order():
    s = new_game("fasen")
    seat, phases = s.current, [s.phase]
    while s.current == seat:
        s = apply(s, driver_move(s))
        if s.current == seat and s.phase != phases[-1]:
            phases.append(s.phase)
    assert phases == ["draw", "walk", "actions", "roll"]
    assert s.phase == "draw"


def test_a_turn_ends_only_with_volgende_speler(game):
    s, _ = game
    assert sum(1 for e in s.log if e["type"] == "end_turn") == 2 * ROUNDS
    assert all(not e.get("auto") for e in s.log if e["type"] == "end_turn")
    # Every change of seat follows an explicit end_turn entry.
    replayed = new_game("twaalf-beurten")
    for entry in s.log:
        if entry.get("auto"):
            continue
        before = replayed.current
        replayed = apply(replayed, entry)
        if replayed.current != before and not replayed.over:
            assert entry == {"type": "end_turn"}


def test_the_turn_waits_for_volgende_speler_after_the_roll_is_settled():
    s = play_until(new_game("wachten"), "roll")
    seat = s.current
    while not s.turn.settled:
        s = apply(s, driver_move(s))
    assert s.phase == "roll" and s.current == seat
    assert forced_moves(s) == []
    assert Move("end_turn") in legal_moves(s)


def test_volgende_speler_is_refused_before_the_roll_is_settled():
    s = play_until(new_game("te-vroeg"), "roll")
    assert refuse(s, {"type": "end_turn"}) == "turn_unsettled"


def test_the_engine_never_rolls_locks_or_ends_a_turn_by_itself(game):
    s, _ = game
    assert {e["type"] for e in s.log if e.get("auto")} <= AUTO_TYPES


def test_the_walk_waits_for_the_player_to_roll():
    s = play_until(new_game("rollen"), "walk")
    assert forced_moves(s) == [] and legal_moves(s) == [Move("roll_walk")]


def test_a_move_of_another_phase_is_refused_naming_the_phase():
    s = new_game("verkeerde-fase")
    assert refusal(s, {"type": "roll_walk"}) == ("wrong_phase", {"phase": "draw"})
    s = play_until(s, "walk")
    assert refusal(s, {"type": "take_card", "slot": 0}) == ("wrong_phase", {"phase": "walk"})


def test_a_player_cannot_send_moves_the_game_makes_by_itself():
    s = play_until(new_game("zelf"), "walk")
    s = apply(s, {"type": "roll_walk"})
    assert refuse(s, {"type": "end_walk", "auto": True}) == "auto_move"
    with pytest.raises(InvalidMove):
        Move.from_json({"type": "end_walk", "auto": True}, from_player=True)
    with pytest.raises(InvalidMove):
        Move.from_json({"type": "resign", "seat": 0}, from_player=True)


def test_nothing_can_be_played_after_the_game_is_over(game):
    s, _ = game
    assert legal_moves(s) == [] and forced_moves(s) == []
    assert refuse(s, {"type": "end_turn"}) == "game_over"


def test_resigning_ends_the_game_for_the_other_seat():
    s = apply(new_game("opgeven"), {"type": "resign", "seat": 0})
    assert s.over and s.result["winners"] == [1] and s.result["reason"] == "resign"


def test_a_fresh_turn_forgets_steps_rotations_rests_and_meetings():
    s = play_until(new_game("vergeten"), "walk")
    s = apply(s, {"type": "roll_walk"})
    rotate_plan = next(m for m in legal_moves(s) if m.type == "walk" and m.plan[0].op == "rotate")
    tile = rotate_plan.plan[0].hex
    s = apply(s, rotate_plan)
    assert tile in s.turn.rotated
    s = finish_turn(s)
    t = s.turn
    assert (t.walk_dice, t.steps, t.rotated, t.rested, t.met, t.walked) == ((), 0, [], [], [], [])
    s.event = None  # no free-rotation event: the first rotation of the tile costs again
    assert rotation_cost(s, tile) == 1
