"""XIII: tasks. A conveyor of 4 open tasks, front free, index i costs i relaties; taking one
moves the rest forward and a new one joins at the back; at most 2 held; requirements on the
board only (never resources); fulfilled tasks are settled at the end of the holder's turn."""

import pytest

from engine import market, tasks
from engine.content.tasks import TASKS
from engine.game import apply, legal_moves, new_game
from engine.state import Tile
from engine.view import view

from .helpers import refusal


def _draw_state(seed="tasks"):
    s = new_game(seed)
    s.phase, s.turn.taken = "draw", False
    return s


def test_the_deck_holds_at_least_16_designed_tasks_paying_aanzien():
    assert len(TASKS) >= 16
    for t in TASKS.values():
        assert t.reward >= 1
        assert t.check in tasks.CHECKS


def test_four_tasks_lie_open_on_the_conveyor():
    s = new_game("conveyor")
    assert len(s.conveyor) == 4
    assert len(set(s.conveyor + s.task_deck)) == len(TASKS)


@pytest.mark.parametrize("slot", [0, 1, 2, 3])
def test_front_task_is_free_and_each_place_deeper_costs_one_relatie(slot):
    s = _draw_state()
    s.me.resources["relaties"] = 5
    after = apply(s, {"type": "take_task", "slot": slot})
    assert after.players[s.current].resources["relaties"] == 5 - slot


def test_taking_a_task_moves_the_rest_forward_and_a_new_one_joins_at_the_back():
    s = _draw_state()
    s.me.resources["relaties"] = 5
    before, next_up = list(s.conveyor), s.task_deck[0]
    after = apply(s, {"type": "take_task", "slot": 1})
    assert after.players[s.current].tasks == [before[1]]
    assert after.conveyor == [before[0], before[2], before[3], next_up]


def test_a_task_you_cannot_pay_for_is_not_offered_and_is_refused():
    s = _draw_state()
    s.me.resources["relaties"] = 1
    slots = [m.slot for m in legal_moves(s) if m.type == "take_task"]
    assert slots == [0, 1]
    assert refusal(s, {"type": "take_task", "slot": 3}) == ("task_price", {"cost": 3})


def test_a_player_holds_at_most_two_tasks():
    s = _draw_state()
    s.me.tasks = [s.task_deck.pop(), s.task_deck.pop()]
    assert not [m for m in legal_moves(s) if m.type == "take_task"]
    assert refusal(s, {"type": "take_task", "slot": 0}) == ("task_limit", {"max": 2})


def test_a_fulfilled_task_is_settled_at_the_end_of_the_holders_turn():
    s = new_game("settle-task")
    me = s.me
    me.tasks = ["stadsplein"]  # all pawns start on the Stadsplein
    market.on_turn_end(s)
    assert me.tasks == []
    assert me.done_tasks == ["stadsplein"]
    assert me.aanzien == TASKS["stadsplein"].reward
    assert me.aanzien_sources["tasks"] == TASKS["stadsplein"].reward


def test_an_unfulfilled_task_stays_in_hand_and_pays_nothing():
    s = new_game("keep-task")
    me = s.me
    me.tasks = ["vier_posten"]
    market.on_turn_end(s)
    assert me.tasks == ["vier_posten"] and me.aanzien == 0


def test_only_the_player_whose_turn_ends_settles_tasks():
    s = new_game("holder-only")
    other = s.opponent
    other.tasks = ["stadsplein"]
    market.on_turn_end(s)
    assert other.tasks == ["stadsplein"] and other.aanzien == 0


def test_task_requirements_never_look_at_resources():
    s = new_game("no-resources")
    seat = s.current
    before = {k: tasks.progress(s, seat, k) for k in TASKS}
    for res in s.me.resources:
        s.me.resources[res] = 50
    assert {k: tasks.progress(s, seat, k) for k in TASKS} == before


def test_counter_requirements_count_over_the_whole_game():
    s = new_game("counters")
    p = s.me
    houses = list(s.houses)
    for key in houses[:3]:
        s.houses[key].posts.append(p.seat)
    p.acted_houses = houses[:5]
    p.clears = 2
    p.rotated_tiles = [(i, 0) for i in range(10)]
    p.high_houses = houses[:2]
    for key in ("drie_posten", "vijf_huizen", "wegbereider", "tien_tegels", "hoge_kringen"):
        assert tasks.fulfilled(s, p.seat, key), key
    assert not tasks.fulfilled(s, p.seat, "vier_posten")


def test_posts_at_all_three_resources_fulfil_veelzijdig():
    s = new_game("veelzijdig")
    seat = s.current
    for key in ("bank", "kerk"):
        s.houses[key].posts.append(seat)
    assert not tasks.fulfilled(s, seat, "veelzijdig")
    s.houses["gilde"].posts.append(seat)
    assert tasks.fulfilled(s, seat, "veelzijdig")


def test_position_requirements_read_the_board_at_that_moment():
    s = new_game("positions")
    p = s.me
    houses = [h.hex for h in s.houses.values()]
    assert tasks.fulfilled(s, p.seat, "stadsplein")
    p.pawns = {1: houses[0], 2: houses[1], 3: houses[2]}
    assert not tasks.fulfilled(s, p.seat, "stadsplein")
    assert tasks.fulfilled(s, p.seat, "drie_huizen_bezet")
    p.pawns[3] = houses[0]
    assert not tasks.fulfilled(s, p.seat, "drie_huizen_bezet")


def test_bridge_toll_and_far_pawn_requirements():
    s = new_game("tiles")
    p = s.me
    s.board[(5, 0)] = Tile("bridge", 0b001001, "straight")
    s.board[(0, 2)] = Tile("path", 0b001001, "straight", toll=True)
    assert not tasks.fulfilled(s, p.seat, "brugwachter")
    p.pawns[1], p.pawns[2] = (5, 0), (0, 2)
    assert tasks.fulfilled(s, p.seat, "brugwachter")
    assert tasks.fulfilled(s, p.seat, "tolgaarder")
    assert tasks.fulfilled(s, p.seat, "verre_reis")


def test_meeting_and_rival_post_requirements():
    s = new_game("rival")
    p, o = s.me, s.opponent
    house = next(iter(s.houses.values()))
    p.pawns = {1: house.hex, 2: (0, 0), 3: (0, 0)}
    o.pawns = {1: (1, 0), 2: (1, 0), 3: (1, 0)}
    assert not tasks.fulfilled(s, p.seat, "ontmoeting")
    assert not tasks.fulfilled(s, p.seat, "concurrent")
    o.pawns[1] = house.hex
    house.posts.append(o.seat)
    assert tasks.fulfilled(s, p.seat, "ontmoeting")
    assert tasks.fulfilled(s, p.seat, "concurrent")


def test_progress_on_open_and_held_tasks_is_shown_while_playing():
    s = new_game("progress-view")
    seat = s.current
    s.me.tasks = ["twee_posten"]
    s.houses["bank"].posts.append(seat)
    shown = view(s, 1 - seat)["players"][seat]["task_progress"]
    assert shown["twee_posten"] == 1
    assert set(s.conveyor) <= set(shown)
