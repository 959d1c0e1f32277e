"""Art. IV (walking, reach, toll, clearing), V (rotating) and VI (meetings, tokens).

Hand-made boards: crossroads everywhere unless a test says otherwise. Sides/directions:
0 E (1,0), 1 SE (0,1), 2 SW (-1,1), 3 W (-1,0), 4 NW (0,-1), 5 NE (1,-1).
"""

from __future__ import annotations

import pytest

from engine import Move, apply, full_state, legal_moves, preview, rulesets, walk_legal
from engine.content.events import EVENTS, Event
from engine.errors import InvalidMove
from engine.hexes import ALL_SIDES, mask
from engine.state import Tile

from .helpers import (
    EMPTY,
    FOREST,
    PLAZA,
    WATER,
    bridge,
    cross,
    crossroads,
    curve,
    enter,
    house,
    me,
    refusal,
    refuse,
    rotate,
    straight,
    tee,
    walk,
    walk_state,
)

E, SE, SW, W, NW, NE = (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)
E2 = (2, 0)  # two hexes east of the Stadsplein

CROSSING_TOO_EXPENSIVE = ("too_expensive", {"what": "crossing", "price": 2})


def free_rotation_event(monkeypatch, state):
    ev = Event("test_vrij", "Vrij draaien", "", "rotation", free_rotation=True)
    monkeypatch.setitem(EVENTS, ev.key, ev)
    state.event = ev.key


# --- IV: the walking roll ---------------------------------------------------------------------


def test_walking_starts_with_an_explicit_roll_and_nothing_else_before_it():
    s = walk_state(rolled=False)
    assert [m.type for m in legal_moves(s)] == ["roll_walk"]
    for move in (walk(1, enter(E)), {"type": "buy_step"}, {"type": "end_walk"}):
        assert refuse(s, move) == "not_rolled"
    assert refuse(s, {"type": "clear", "pawn": 1, "hex": [1, 0]}) == "not_rolled"


def test_steps_are_the_pips_of_the_two_walking_dice():
    s = walk_state(rolled=False)
    s.scripted_dice, s.dice_used = (4, 3), 0
    s = apply(s, {"type": "roll_walk"})
    assert s.turn.walk_dice == (4, 3) and s.turn.steps == 7


def test_walking_dice_roll_only_once_per_turn():
    assert refuse(walk_state(), {"type": "roll_walk"}) == "rolled"


def test_hofmeester_adds_one_step_to_every_walking_roll():
    s = walk_state(rolled=False)
    s.scripted_dice, s.dice_used = (4, 3), 0
    s.offices["hofmeester"] = s.current
    assert apply(s, {"type": "roll_walk"}).turn.steps == 8


def test_a_longer_walking_roll_event_adds_its_steps(monkeypatch):
    s = walk_state(rolled=False)
    s.scripted_dice, s.dice_used = (4, 3), 0
    monkeypatch.setitem(EVENTS, "test_lang", Event("test_lang", "Lang", "", "walk", walk_bonus=2))
    s.event = "test_lang"
    assert apply(s, {"type": "roll_walk"}).turn.steps == 9


def test_a_one_turn_extra_step_is_used_by_the_roll():
    s = walk_state(rolled=False)
    s.scripted_dice, s.dice_used = (4, 3), 0
    me(s).effects["extra_steps"] = 1
    s = apply(s, {"type": "roll_walk"})
    assert s.turn.steps == 8 and "extra_steps" not in me(s).effects


# --- IV: reach: extra steps -------------------------------------------------------------------


def test_an_extra_step_costs_one_relatie():
    s = apply(walk_state(steps=3, resources={"relaties": 2}), {"type": "buy_step"})
    assert (s.turn.steps, me(s).resources["relaties"], s.turn.bought_steps) == (4, 1, 1)


def test_at_most_four_extra_steps_per_turn():
    s = walk_state(resources={"relaties": 9})
    for _ in range(4):
        s = apply(s, {"type": "buy_step"})
    assert s.turn.steps == 14
    assert refuse(s, {"type": "buy_step"}) == "buy_max"
    assert Move("buy_step") not in legal_moves(s)


def test_an_extra_step_needs_a_relatie():
    s = walk_state(resources={"relaties": 0})
    assert refusal(s, {"type": "buy_step"}) == ("buy_price", {"price": 1})
    assert Move("buy_step") not in legal_moves(s)


def test_extra_steps_may_be_bought_at_any_time_in_the_walk():
    s = walk_state(steps=1, resources={"relaties": 1})
    s = apply(s, walk(1, enter(E)))
    assert s.phase == "walk" and s.turn.steps == 0
    s = apply(s, {"type": "buy_step"})
    s = apply(s, walk(1, enter(E2)))
    assert me(s).pawns[1] == E2


# --- IV: the route ----------------------------------------------------------------------------


def test_entering_a_hex_costs_one_step():
    s = apply(walk_state(), walk(1, enter(E)))
    assert me(s).pawns[1] == E and s.turn.steps == 9 and s.turn.walked == [1]


def test_toll_tile_costs_two_steps():
    s = apply(walk_state({E: crossroads(toll=True)}), walk(1, enter(E), enter(E2)))
    assert s.turn.steps == 7


def test_toll_gates_stay_on_the_board():
    s = apply(walk_state({E: crossroads(toll=True)}), walk(1, enter(E)))
    assert s.board[E].toll


def test_steps_are_shared_by_the_three_pawns_over_several_plans():
    s = walk_state(steps=5)
    s = apply(s, walk(1, enter(E), enter(E2)))
    s = apply(s, walk(2, enter(W)))
    s = apply(s, walk(1, enter((3, 0))))
    assert s.turn.steps == 1
    assert me(s).pawns == {1: (3, 0), 2: W, 3: PLAZA}
    assert s.turn.walked == [1, 2]


def test_entering_needs_an_opening_on_the_target_tile():
    s = walk_state({E: straight(1)})  # sides SE and NW: nothing faces the Stadsplein
    assert "no_opening" == refuse(s, walk(1, enter(E)))
    assert me(apply(walk_state({E: straight(0)}), walk(1, enter(E)))).pawns[1] == E


def test_leaving_needs_an_opening_on_the_pawn_tile():
    s = walk_state({E: straight(1)}, pawns={1: E})  # no opening to the east
    assert "no_opening" == refuse(s, walk(1, enter(E2)))
    assert me(apply(s, walk(1, enter((1, 1))))).pawns[1] == (1, 1)


def test_a_plan_cannot_spend_more_steps_than_are_left():
    s = walk_state(steps=2)
    assert refuse(s, walk(1, enter(E), enter(E2), enter((3, 0)))) == "too_expensive"
    assert (
        refuse(walk_state({E: crossroads(toll=True)}, steps=1), walk(1, enter(E)))
        == "too_expensive"
    )


def test_houses_and_the_stadsplein_are_entered_like_open_tiles():
    s = walk_state({E: straight(0), E2: house("kerk")})
    s = apply(s, walk(1, enter(E), enter(E2), enter((2, 1)), enter((2, 0)), enter(E), enter(PLAZA)))
    assert me(s).pawns[1] == PLAZA and s.turn.steps == 4


def test_pawns_never_block():
    s = walk_state(pawns={2: E}, opponent={1: E, 2: E, 3: E})
    s = apply(s, walk(1, enter(E)))
    assert me(s).pawns[1] == E == me(s).pawns[2]


@pytest.mark.parametrize("tile", [WATER, FOREST, EMPTY], ids=lambda t: t.kind)
def test_water_forest_and_empty_fields_are_impassable(tile):
    got = refusal(walk_state({E: tile}), walk(1, enter(E)))
    assert got == ("impassable", {"kind": tile.kind})


def test_a_step_goes_to_an_adjacent_hex_on_the_board():
    assert "not_adjacent" == refuse(walk_state(), walk(1, enter(E2)))
    assert "not_adjacent" == refuse(walk_state(), walk(1, enter(PLAZA)))
    assert refuse(walk_state(radius=1), walk(1, enter(E), enter(E2))) == "off_board"


def test_an_empty_plan_is_malformed():
    with pytest.raises(InvalidMove):
        apply(walk_state(), walk(1))


ROUTE = (
    "Zo open je een route naar een huis dat nog niet aansluit, of sluit je die van je tegenstander."
)


def test_a_plan_that_only_turns_a_tile_closes_a_route_and_pays_its_step():
    # V: ROUTE. Blocking no longer costs a move: the pawn stays, the tile turns, 1 step paid.
    s = walk_state({E: straight(0)}, opponent={1: E2})
    steps = s.turn.steps
    s = apply(s, walk(1, rotate(E)))
    assert s.board[E].openings == mask(1, 4)
    assert me(s).pawns[1] == PLAZA
    assert s.turn.steps == steps - 1
    assert E in me(s).paid_rotations


def _boxed_in():
    """The pawns on the Stadsplein, every neighbour a straight turned away, 1 step left and
    no relatie: no step, crossing or turn-then-enter is possible, only a paid turn."""
    sides = [E, SE, SW, W, NW, NE]
    s = walk_state({h: straight(i + 1) for i, h in enumerate(sides)}, steps=1)
    s.turn.steps = 1
    me(s).resources.update(relaties=0, geld=0)
    return s


def test_the_walk_waits_while_a_paid_turn_is_left_and_lists_it():
    # II: a phase moves on by itself only "zodra er niets meer te kiezen valt"; under V a
    # paid turn is a choice, so the walk waits and `legal` offers it.
    s = _boxed_in()
    assert not walk_legal.auto_end(s)
    turns = [m for m in legal_moves(s) if m.type == "walk"]
    assert turns and all(len(m.plan) == 1 and m.plan[0].op == "rotate" for m in turns)
    s = apply(s, turns[0])
    assert s.phase == "actions" or walk_legal.auto_end(s) or s.turn.steps == 0


def test_rules_1_boxed_in_walk_ends_by_itself():
    s = _boxed_in()
    s.rules = rulesets.get("1")
    assert walk_legal.auto_end(s)


def test_rules_1_games_still_refuse_a_plan_that_only_turns():
    s = walk_state({E: straight(1)})
    s.rules = rulesets.get("1")
    assert refuse(s, walk(1, rotate(E))) == "no_move"


def test_a_plan_may_end_with_a_rotation_after_moving():
    s = apply(walk_state({E2: straight(1)}), walk(1, enter(E), rotate(E2)))
    assert s.board[E2].openings == mask(2, 5) and me(s).pawns[1] == E


def test_plan_costs_are_checked_against_what_the_player_had_when_it_started():
    # The meeting's relatie on E is credited only on confirmation: it cannot pay the crossing.
    tiles = {E2: WATER}
    s = walk_state(tiles, opponent={1: E}, resources={"relaties": 1})
    assert refusal(s, walk(1, enter(E), cross((3, 0)))) == CROSSING_TOO_EXPENSIVE
    s = apply(s, walk(1, enter(E)))
    assert me(s).resources["relaties"] == 2
    s = apply(s, walk(1, cross((3, 0))))
    assert me(s).pawns[1] == (3, 0) and me(s).resources["relaties"] == 0


def test_two_crossings_in_one_plan_need_four_relaties():
    tiles = {E: WATER, (3, 0): FOREST}
    s = walk_state(tiles, resources={"relaties": 3})
    assert refusal(s, walk(1, cross(E2), cross((4, 0)))) == CROSSING_TOO_EXPENSIVE
    s.players[s.current].resources["relaties"] = 4
    assert me(apply(s, walk(1, cross(E2), cross((4, 0))))).resources["relaties"] == 0


# --- IV: crossing -----------------------------------------------------------------------------


def test_crossing_jumps_over_water_for_two_relaties_and_the_landing_steps():
    s = apply(walk_state({E: WATER}), walk(1, cross(E2)))
    assert me(s).pawns[1] == E2
    assert me(s).resources["relaties"] == 0 and s.turn.steps == 9


def test_crossing_over_forest_ignores_openings():
    tiles = {(-2, 0): straight(1), W: FOREST, PLAZA: Tile("plaza", ALL_SIDES)}
    s = walk_state(tiles, pawns={1: (-2, 0)})
    s = apply(s, walk(1, cross(PLAZA)))
    assert me(s).pawns[1] == PLAZA
    s = walk_state({E: FOREST, E2: straight(1)})  # the landing has no opening to the west
    assert me(apply(s, walk(1, cross(E2)))).pawns[1] == E2


def test_crossing_onto_a_toll_tile_costs_its_two_steps():
    s = apply(walk_state({E: WATER, E2: crossroads(toll=True)}), walk(1, cross(E2)))
    assert s.turn.steps == 8


def test_crossing_may_land_on_a_house_or_a_bridge():
    s = apply(walk_state({E: WATER, E2: house("bank")}), walk(1, cross(E2)))
    assert me(s).pawns[1] == E2
    s = apply(walk_state({E: WATER, E2: bridge(1)}), walk(1, cross(E2)))
    assert me(s).pawns[1] == E2


def test_crossing_never_lands_on_water():
    s = walk_state({E: WATER, E2: WATER})
    assert refusal(s, walk(1, cross(E2))) == ("cross_no_road", {"kind": "water"})


@pytest.mark.parametrize("landing", [FOREST, EMPTY])
def test_crossing_must_land_on_a_road(landing):
    s = walk_state({E: WATER, E2: landing})
    assert refusal(s, walk(1, cross(E2))) == ("cross_no_road", {"kind": landing.kind})


def test_crossing_goes_only_over_water_or_forest():
    assert refuse(walk_state(), walk(1, cross(E2))) == "cross_over"
    assert "cross_over" == refuse(walk_state({E: EMPTY}), walk(1, cross(E2)))


def test_crossing_jumps_one_hex_in_a_straight_line():
    s = walk_state({E: WATER})
    for landing in ((1, 1), (3, 0), E):
        assert "cross_line" == refuse(s, walk(1, cross(landing)))


def test_crossing_needs_two_relaties():
    s = walk_state({E: WATER}, resources={"relaties": 1})
    assert refusal(s, walk(1, cross(E2))) == CROSSING_TOO_EXPENSIVE


def test_crossing_off_the_board_is_refused():
    s = walk_state({E: WATER}, radius=1)
    assert refuse(s, walk(1, cross(E2))) == "off_board"


# --- IV: clearing an empty field --------------------------------------------------------------


def test_clearing_turns_an_empty_field_into_a_crossroads_for_two_geld():
    s = apply(walk_state({E: EMPTY}), {"type": "clear", "pawn": 1, "hex": [1, 0]})
    assert s.board[E] == Tile("path", ALL_SIDES, "cross", cleared=True)
    assert me(s).resources["geld"] == 1 and me(s).clears == 1
    assert s.turn.steps == 10  # immediate, no steps, no plan
    assert not s.board[E].rotatable
    assert me(apply(s, walk(1, enter(E)))).pawns[1] == E


def test_landmeter_clears_for_one_geld():
    s = walk_state({E: EMPTY})
    s.offices["landmeter"] = s.current
    assert me(apply(s, {"type": "clear", "pawn": 1, "hex": [1, 0]})).resources["geld"] == 2


def test_at_most_two_clearings_per_player_per_game():
    s = walk_state({E: EMPTY, W: EMPTY, SE: EMPTY}, resources={"geld": 9})
    s = apply(s, {"type": "clear", "pawn": 1, "hex": [1, 0]})
    s = apply(s, {"type": "clear", "pawn": 1, "hex": [-1, 0]})
    assert refusal(s, {"type": "clear", "pawn": 1, "hex": [0, 1]}) == ("clear_max", {"max": 2})
    assert not any(m.type == "clear" for m in legal_moves(s))


def test_clearing_only_next_to_the_named_pawn():
    s = walk_state({E2: EMPTY}, pawns={2: E})
    assert "clear_not_adjacent" == refuse(s, {"type": "clear", "pawn": 1, "hex": [2, 0]})
    assert apply(s, {"type": "clear", "pawn": 2, "hex": [2, 0]}).board[E2].cleared


@pytest.mark.parametrize("tile", [WATER, FOREST, crossroads(), straight()])
def test_only_an_empty_field_can_be_cleared(tile):
    s = walk_state({E: tile})
    assert refuse(s, {"type": "clear", "pawn": 1, "hex": [1, 0]}) == "clear_not_empty"


def test_clearing_needs_the_geld():
    s = walk_state({E: EMPTY}, resources={"geld": 1})
    assert refuse(s, {"type": "clear", "pawn": 1, "hex": [1, 0]}) == "clear_price"


def test_a_resting_pawn_may_still_clear_next_to_it():
    s = walk_state({E: EMPTY})
    s.turn.rested = [1]
    assert apply(s, {"type": "clear", "pawn": 1, "hex": [1, 0]}).board[E].cleared


# --- II/IV: the end of the walk ---------------------------------------------------------------


def test_the_walk_ends_with_an_explicit_move():
    s = apply(walk_state(), walk(1, enter(E)))
    assert s.phase == "walk"
    s = apply(s, {"type": "end_walk"})
    assert s.phase != "walk" and {"type": "end_walk"} in s.log


def test_the_walk_ends_by_itself_when_nothing_is_left_to_choose():
    s = walk_state(steps=1, resources={"relaties": 0, "geld": 0})
    s = apply(s, walk(1, enter(E)))
    assert s.phase != "walk"
    assert {"type": "end_walk", "auto": True} in s.log


def test_the_walk_ends_by_itself_when_no_pawn_can_go_anywhere():
    tiles = {h: WATER for h in (E, SE, SW, W, NW, NE)}
    s = walk_state(tiles, radius=1, rolled=False, resources={"relaties": 0, "geld": 0})
    s.scripted_dice, s.dice_used = (6, 6), 0
    s = apply(s, {"type": "roll_walk"})
    i = s.log.index({"type": "roll_walk"})
    assert s.log[i + 1] == {"type": "end_walk", "auto": True}


def test_the_walk_waits_while_a_step_can_be_bought():
    s = apply(walk_state(steps=1, resources={"relaties": 1, "geld": 0}), walk(1, enter(E)))
    assert s.phase == "walk" and [m.type for m in legal_moves(s)] == ["buy_step", "end_walk"]


def test_the_walk_waits_while_a_field_can_be_cleared():
    s = walk_state({NE: EMPTY}, steps=1, resources={"relaties": 0, "geld": 2})
    s = apply(s, walk(1, enter(E)))
    assert s.phase == "walk" and any(m.type == "clear" for m in legal_moves(s))


def test_the_walk_waits_while_a_crossing_is_affordable():
    s = walk_state({E: WATER}, pawns={2: W, 3: W}, steps=2, resources={"relaties": 2, "geld": 0})
    s = apply(s, walk(2, enter(PLAZA)))
    assert s.phase == "walk"


# --- V: rotating ------------------------------------------------------------------------------


def test_rotating_right_turns_every_opening_one_side_clockwise():
    s = apply(walk_state({E2: curve(0)}), walk(1, enter(E), rotate(E2, "cw")))
    assert s.board[E2].openings == mask(1, 3)
    s = apply(walk_state({E2: curve(0)}), walk(1, enter(E), rotate(E2, "ccw")))
    assert s.board[E2].openings == mask(5, 1)


def test_a_route_opens_by_rotating_the_next_tile():
    s = walk_state({E: straight(1)})  # closed towards the Stadsplein
    s = apply(s, walk(1, rotate(E, "ccw"), enter(E)))
    assert me(s).pawns[1] == E and s.board[E].openings == mask(0, 3)
    assert s.turn.steps == 8  # 1 for the first rotation + 1 to enter


def test_first_rotation_costs_a_step_further_rotations_that_turn_are_free():
    s = walk_state({E: straight(1)}, steps=10)
    s = apply(
        s, walk(1, rotate(E, "cw"), rotate(E, "cw"), rotate(E, "ccw"), rotate(E, "cw"), enter(E))
    )
    assert s.turn.steps == 8
    s = apply(s, walk(2, rotate(E, "ccw"), rotate(E, "cw"), enter(E)))
    assert s.turn.steps == 7  # only the step into E


def test_wegvoogd_makes_the_first_rotation_free():
    s = walk_state({E: straight(1)})
    s.offices["wegvoogd"] = s.current
    s = apply(s, walk(1, rotate(E, "ccw"), enter(E)))
    assert s.turn.steps == 9 and me(s).paid_rotations == [] and me(s).rotated_tiles == [E]


def test_a_free_rotation_event_makes_the_first_rotation_free(monkeypatch):
    s = walk_state({E: straight(1)})
    free_rotation_event(monkeypatch, s)
    assert apply(s, walk(1, rotate(E, "ccw"), enter(E))).turn.steps == 9


def test_only_a_tile_next_to_the_pawn_where_it_is_in_the_plan_rotates():
    s = walk_state({E2: straight(1)})
    assert refuse(s, walk(1, rotate(E2), enter(E))) == "rotate_not_adjacent"
    s = apply(s, walk(1, enter(E), rotate(E2, "ccw"), enter(E2)))
    assert s.board[E2].openings == mask(0, 3)


def test_the_pawn_tile_itself_does_not_rotate():
    s = walk_state({E: straight(0)}, pawns={1: E})
    assert "rotate_own" == refuse(s, walk(1, rotate(E), enter(E2)))


@pytest.mark.parametrize(
    ("tile", "why"),
    [
        (house("kerk"), ("rotate_fixed", {"kind": "house"})),
        (bridge(0), ("rotate_fixed", {"kind": "bridge"})),
        (WATER, ("rotate_fixed", {"kind": "water"})),
        (FOREST, ("rotate_fixed", {"kind": "forest"})),
        (EMPTY, ("rotate_fixed", {"kind": "empty"})),
        (crossroads(), ("rotate_cross", {})),
    ],
)
def test_only_path_tiles_rotate(tile, why):
    s = walk_state({E: tile, (0, 1): crossroads()})
    assert refusal(s, walk(1, rotate(E), enter((0, 1)))) == why


def test_the_stadsplein_does_not_rotate():
    s = walk_state(pawns={1: E})
    assert "rotate_fixed" == refuse(s, walk(1, rotate(PLAZA), enter(E2)))


def test_a_cleared_field_is_a_crossroads_and_does_not_rotate():
    s = apply(walk_state({E: EMPTY}), {"type": "clear", "pawn": 1, "hex": [1, 0]})
    assert "rotate_cross" == refuse(s, walk(1, rotate(E), enter(W)))


def test_a_tile_with_pawns_on_it_may_be_rotated():
    s = walk_state({E: straight(1)}, opponent={1: E})
    assert apply(s, walk(1, rotate(E, "ccw"), enter(E))).board[E].openings == mask(0, 3)


def test_the_first_rotation_needs_a_step_left():
    s = walk_state({E: straight(1)}, steps=0)
    assert refusal(s, walk(1, rotate(E, "ccw"), enter(E))) == (
        "too_expensive",
        {"what": "rotation"},
    )


def test_rotations_become_real_only_when_the_plan_is_confirmed():
    s = walk_state({E: straight(1)}, steps=1)
    refuse(s, walk(1, rotate(E, "ccw"), enter(E)))  # 2 steps needed
    assert s.board[E] == straight(1) and s.turn.rotated == []


def test_rotations_are_counted_for_kroniek_and_tasks_once_per_tile():
    s = walk_state({E: straight(1), W: straight(1)})
    s = apply(s, walk(1, rotate(E, "ccw"), rotate(W, "ccw"), enter(W)))
    assert me(s).paid_rotations == [E, W] and me(s).rotated_tiles == [E, W]
    assert s.turn.rotated == [E, W]
    s.turn.rotated = []  # as in a later turn: rotating E costs again, but counts once
    s = apply(s, walk(1, enter(PLAZA), rotate(E), rotate(E), rotate(E), enter(E)))
    assert me(s).paid_rotations == [E, W] and s.turn.steps == 4


# --- VI: meetings -----------------------------------------------------------------------------


def test_entering_a_hex_with_an_opponent_pawn_is_a_meeting_worth_one_relatie():
    s = apply(walk_state(opponent={1: E, 2: E}), walk(1, enter(E)))
    assert me(s).resources["relaties"] == 3 and s.turn.met == [1]


def test_a_meeting_counts_at_most_once_per_pawn_per_turn():
    s = walk_state(opponent={1: E, 2: E2, 3: PLAZA})
    s = apply(s, walk(1, enter(E), enter(E2), enter(E)))
    s = apply(s, walk(1, enter(E2), enter((3, 0))))
    assert me(s).resources["relaties"] == 3
    s = apply(s, walk(2, enter(E)))
    assert me(s).resources["relaties"] == 4 and s.turn.met == [1, 2]


def test_own_pawns_are_no_meeting():
    s = apply(walk_state(pawns={2: E}), walk(1, enter(E)))
    assert me(s).resources["relaties"] == 2


def test_a_crossing_landing_on_an_opponent_is_a_meeting():
    s = apply(walk_state({E: WATER}, opponent={1: E2}), walk(1, cross(E2)))
    assert me(s).resources["relaties"] == 1  # 2 - 2 + 1


# --- VI: tokens -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "change"),
    [
        ("verloren_beurs", {"geld": 2}),
        ("bode", {"relaties": 1}),
        ("zegelring", {"reputatie": 1}),
        ("gunstbrief", {"gunst": 1}),
        ("tolpoort", {"geld": -1}),
        ("herberg", {"relaties": 1}),
    ],
)
def test_each_token_does_what_the_table_says_and_vanishes(kind, change):
    s = walk_state(tokens={E: kind})
    before = dict(me(s).resources)
    s = apply(s, walk(1, enter(E)))
    assert {r: v - before[r] for r, v in me(s).resources.items() if v != before[r]} == change
    assert E not in s.tokens


def test_tolpoort_token_takes_nothing_from_an_empty_purse():
    s = apply(walk_state(tokens={E: "tolpoort"}, resources={"geld": 0}), walk(1, enter(E)))
    assert me(s).resources["geld"] == 0 and s.tokens == {}


def test_gunstig_voorval_gives_one_geld_relatie_or_reputatie_chosen_by_the_seed():
    given = set()
    for i in range(40):
        s = walk_state(tokens={E: "gunstig_voorval"}, seed=f"voorval-{i}")
        before = dict(me(s).resources)
        after = me(apply(s, walk(1, enter(E)))).resources
        diff = {r: after[r] - before[r] for r in after if after[r] != before[r]}
        assert len(diff) == 1 and set(diff.values()) == {1} and "gunst" not in diff
        given |= set(diff)
        assert me(apply(s, walk(1, enter(E)))).resources == after  # the seed decides
    assert given == {"geld", "relaties", "reputatie"}


def test_tokens_trigger_in_the_order_the_pawn_enters_them():
    first_tax = walk_state(tokens={E: "tolpoort", E2: "verloren_beurs"}, resources={"geld": 0})
    assert me(apply(first_tax, walk(1, enter(E), enter(E2)))).resources["geld"] == 2
    first_purse = walk_state(tokens={E: "verloren_beurs", E2: "tolpoort"}, resources={"geld": 0})
    assert me(apply(first_purse, walk(1, enter(E), enter(E2)))).resources["geld"] == 1


def test_a_token_is_collected_once_even_when_entered_twice():
    s = apply(walk_state(tokens={E: "bode"}), walk(1, enter(E), enter(PLAZA), enter(E)))
    assert me(s).resources["relaties"] == 3


def test_a_token_on_a_crossing_landing_triggers():
    s = apply(walk_state({E: WATER}, tokens={E2: "zegelring"}), walk(1, cross(E2)))
    assert me(s).resources["reputatie"] == 1 and s.tokens == {}


def test_tokens_trigger_only_when_the_plan_is_confirmed():
    s = walk_state(tokens={E: "bode"})
    p = preview(s, 1, [enter(E)])
    assert p["collects"][0]["token"] == "bode" and s.tokens == {E: "bode"}
    refuse(s, walk(1, enter(E), enter((5, 5))))
    assert s.tokens == {E: "bode"} and me(s).resources["relaties"] == 2


def test_herberg_ends_the_plan_there():
    s = walk_state(tokens={E: "herberg"})
    assert refuse(s, walk(1, enter(E), enter(E2))) == "herberg"
    assert "herberg" == refuse(s, walk(1, enter(E), rotate(E2)))


def test_herberg_pawn_rests_for_the_turn_and_its_steps_stay_for_the_others():
    s = apply(walk_state(tokens={E: "herberg"}, steps=6), walk(1, enter(E)))
    assert s.turn.rested == [1] and s.turn.steps == 5 and me(s).resources["relaties"] == 3
    assert refuse(s, walk(1, enter(E2))) == "resting"
    assert not any(m.type == "walk" and m.pawn == 1 for m in legal_moves(s))
    s = apply(s, walk(2, enter(W), enter((-2, 0))))
    assert s.turn.steps == 3


# --- preview ----------------------------------------------------------------------------------


def test_preview_changes_nothing_and_is_not_logged():
    s = walk_state({E: straight(1)}, tokens={E2: "bode"}, opponent={1: E2})
    before = full_state(s)
    preview(s, 1, [rotate(E, "ccw"), enter(E), enter(E2)])
    preview(s, 1, [{"enter": [1, 0]}, {"enter": [9, 9]}])
    assert full_state(s) == before


def test_preview_reports_costs_collections_and_position():
    s = walk_state({E: crossroads(toll=True)}, tokens={E: "bode"}, opponent={1: E2}, steps=6)
    p = preview(s, 1, [{"enter": [1, 0]}, {"enter": [2, 0]}])
    assert p["ok"] and p["confirmable"] and p["error"] is None
    assert p["position"] == [2, 0] and p["start"] == [0, 0]
    assert p["cost"] == {"steps": 3, "relaties": 0} and p["steps_left"] == 3
    assert [s["steps"] for s in p["steps"]] == [2, 1] and p["steps"][0]["toll"] is True
    assert [c["kind"] for c in p["collects"]] == ["token", "meeting"]
    assert p["collects"][0]["gives"] == {"relaties": 1}


def test_preview_shows_the_first_rotation_costs_a_step_while_planning():
    s = walk_state({E: straight(1)})
    p = preview(s, 1, [rotate(E, "ccw")])
    assert (
        p["ok"] and p["confirmable"] and p["cost"]["steps"] == 1
    )  # V: a turn alone may be confirmed
    assert {"hex": [1, 0], "first_rotation_costs_step": False, "affordable": True} in p["rotatable"]
    assert [1, 0] in [n["hex"] for n in p["next"]]


def test_preview_names_the_first_refused_step():
    s = walk_state()
    p = preview(s, 1, [enter(E), enter((5, 5)), enter(E2)])
    assert not p["ok"] and p["error_step"] == 1 and p["code"] == "not_adjacent"
    assert p["code"] == "not_adjacent"
    assert p["position"] == [1, 0] and p["cost"]["steps"] == 1


def test_preview_lists_gold_hexes_with_their_cost_and_refused_neighbours_with_a_reason():
    tiles = {
        E: straight(1),  # no opening to the Stadsplein
        W: WATER,
        NE: crossroads(toll=True),
        SE: crossroads(),
        (-2, 0): crossroads(),
    }
    s = walk_state(tiles, steps=1, tokens={SE: "bode"}, opponent={1: SE})
    p = preview(s, 1, [])
    gold = {tuple(n["hex"]): n for n in p["next"]}
    assert set(gold) == {SE, SW, NW, (-2, 0)}
    assert gold[SE]["token"] == "bode" and gold[SE]["meeting"] is True and gold[SE]["steps"] == 1
    assert gold[(-2, 0)]["via"] == "cross" and gold[(-2, 0)]["relaties"] == 2
    reasons = {tuple(r["hex"]): r["reason"] for r in p["refused"]}
    assert reasons == {E: "no_opening", W: "impassable", NE: "too_expensive"}
    rot = {tuple(r["hex"]): r["first_rotation_costs_step"] for r in p["rotatable"]}
    assert rot == {E: True}


def test_preview_of_a_resting_pawn_or_after_a_herberg_refuses_every_neighbour():
    s = walk_state(tokens={E: "herberg"})
    p = preview(s, 1, [enter(E)])
    assert p["ok"] and p["resting"] and p["next"] == [] and p["rotatable"] == []
    assert {r["reason"] for r in p["refused"]} == {"herberg"}
    s = apply(s, walk(1, enter(E)))
    p = preview(s, 1, [])
    assert p["code"] == "resting" and {r["reason"] for r in p["refused"]} == {"resting"}


def test_preview_before_the_roll_says_roll_first():
    p = preview(walk_state(rolled=False), 1, [enter(E)])
    assert p["code"] == "not_rolled" and p["next"] == []


def test_preview_refuses_malformed_steps_as_invalid():
    with pytest.raises(InvalidMove):
        preview(walk_state(), 1, [{"jump": [1, 0]}])
    with pytest.raises(InvalidMove):
        preview(walk_state(), 4, [])


# --- legal moves ------------------------------------------------------------------------------


def _lone_pawn(tiles, **kw):
    """Radius-1 board, pawn 1 on the Stadsplein, pawns 2 and 3 resting."""
    s = walk_state(tiles, radius=1, **kw)
    s.turn.rested = [2, 3]
    return s


def test_legal_lists_each_rotated_orientation_once_by_the_shorter_way():
    tiles = {h: WATER for h in (SE, SW, W, NW, NE)}
    tiles[E] = curve(0)  # sides E and SW: opens to the Stadsplein after 1 cw or 3 cw
    got = [str(m) for m in legal_moves(_lone_pawn(tiles))]
    cw = rotate(E, "cw")
    assert got == [
        '{"type":"buy_step"}',
        str(Move.from_json(walk(1, cw, enter(E)))),
        str(Move.from_json(walk(1, cw, cw, cw, enter(E)))),
        str(Move.from_json(walk(1, cw))),  # V: a paid turn alone (rules 2)
        '{"type":"end_walk"}',
    ]


def test_legal_order_is_step_purchase_walks_rotations_clears_end():
    tiles = {h: WATER for h in (SW, W, NW, NE)}
    tiles.update({E: tee(0), SE: EMPTY})
    types = [
        (m.type, m.plan[-1].hex if m.plan else m.hex, len(m.plan or ()))
        for m in legal_moves(_lone_pawn(tiles))
    ]
    assert types == [
        ("buy_step", None, 0),
        ("walk", E, 1),
        ("walk", E, 2),  # 1 cw: sides SE, W, NW
        ("walk", E, 4),  # 3 cw: sides W, NE, E
        ("walk", E, 1),  # a paid turn alone (V, rules 2)
        ("clear", SE, 0),
        ("clear", SE, 0),
        ("clear", SE, 0),
        ("end_walk", None, 0),
    ]


def test_legal_leaves_out_what_cannot_be_paid():
    tiles = {h: WATER for h in (SE, SW, W, NW, NE)}
    tiles[E] = straight(1)
    s = _lone_pawn(tiles, steps=1, resources={"relaties": 0, "geld": 0})
    # turning E and entering costs 2 steps; the turn alone (1 step) is what is left
    assert [str(m) for m in legal_moves(s)] == [
        str(Move.from_json(walk(1, rotate(E, "cw")))),
        '{"type":"end_walk"}',
    ]
    s.turn.steps = 0
    assert [m.type for m in legal_moves(s)] == ["end_walk"]


def test_every_legal_walk_move_is_accepted():
    tiles = {E: straight(1), W: WATER, SE: tee(2), NE: crossroads(toll=True), (2, -1): EMPTY}
    s = walk_state(tiles, pawns={2: E2, 3: (-1, 2)}, opponent={1: SE})
    for m in legal_moves(s):
        apply(s, m)


def test_a_bridge_is_walked_over_along_its_openings_only():
    tiles = {E: bridge(0), (1, 1): crossroads()}
    s = apply(walk_state(tiles), walk(1, enter(E), enter(E2)))
    assert me(s).pawns[1] == E2
    s = walk_state({E: bridge(1)})  # openings SE and NW: nothing faces the Stadsplein
    assert "no_opening" == refuse(s, walk(1, enter(E)))
