"""XII and XIII: trading-post income, refill of neglected houses, offices and foundations."""

import pytest

from engine import court, modifiers
from engine.content.foundations import FOUNDATIONS
from engine.content.houses import HOUSES
from engine.content.offices import OFFICES
from engine.errors import IllegalMove
from engine.game import apply, legal_moves, new_game
from engine.state import HOUSE_SUPPLY
from engine.view import full_state, view

from .helpers import refusal


def _again(state):
    """Back in phase 3 (the placeholder actions phase may end by itself after a purchase)."""
    state = state.clone()
    state.phase = "actions"
    return state


def _actions_state(seed="court", geld=0, relaties=0):
    s = new_game(seed)
    s.phase = "actions"
    s.me.resources["geld"] = geld
    s.me.resources["relaties"] = relaties
    return s


# --- XII ------------------------------------------------------------------------------------
def test_each_trading_post_yields_one_of_its_houses_resource_at_turn_start():
    s = new_game("income")
    me = s.me
    for key in ("bank", "molens", "kerk"):
        s.houses[key].posts.append(me.seat)
    before = dict(me.resources)
    court.on_turn_start(s)
    assert me.resources["geld"] == before["geld"] + 2
    assert me.resources["reputatie"] == before["reputatie"] + 1
    assert me.resources["relaties"] == before["relaties"]


def test_post_income_also_comes_from_an_empty_or_closed_house_and_uses_no_supply():
    s = new_game("income-empty")
    me = s.me
    s.houses["gilde"].posts.append(me.seat)
    s.houses["gilde"].supply = 0
    s.event_closed = "gilde"
    before = me.resources["relaties"]
    court.on_turn_start(s)
    assert me.resources["relaties"] == before + 1
    assert s.houses["gilde"].supply == 0


def test_the_opponents_posts_give_you_nothing():
    s = new_game("income-theirs")
    s.houses["bank"].posts.append(1 - s.current)
    before = dict(s.me.resources)
    court.on_turn_start(s)
    assert s.me.resources == before


def test_a_neglected_house_gets_one_supply_back_at_round_end_up_to_eight():
    s = new_game("refill")
    s.houses["gilde"].supply = 5
    s.houses["bank"].supply = HOUSE_SUPPLY
    court.on_round_end(s)
    assert s.houses["gilde"].supply == 6
    assert s.houses["bank"].supply == HOUSE_SUPPLY


def test_a_house_where_someone_chose_an_action_this_round_is_not_refilled():
    s = new_game("visited")
    s.houses["kerk"].supply = 3
    s.houses["kerk"].acted_this_round = True
    court.on_round_end(s)
    assert s.houses["kerk"].supply == 3
    assert not s.houses["kerk"].acted_this_round  # next round starts unvisited
    court.on_round_end(s)
    assert s.houses["kerk"].supply == 4


# --- XIII: offices ----------------------------------------------------------------------------
def test_there_are_exactly_the_five_offices_of_the_hofreglement():
    assert set(OFFICES) == {"hofmeester", "wegvoogd", "kamerling", "wisselaar", "landmeter"}


def test_an_office_costs_five_relaties_and_has_one_holder():
    s = _actions_state(relaties=6)
    after = apply(s, {"type": "buy_office", "office": "hofmeester"})
    me = after.players[s.current]
    assert me.resources["relaties"] == 1
    assert after.offices == {"hofmeester": s.current}
    assert me.offices == ["hofmeester"]
    other = _again(after)
    other.current = 1 - s.current
    other.me.resources["relaties"] = 9
    assert "hofmeester" not in {m.office for m in legal_moves(other) if m.office}
    assert refusal(other, {"type": "buy_office", "office": "hofmeester"}) == (
        "office_taken",
        {"office": "hofmeester", "holder": "opponent"},
    )


def test_an_office_is_offered_only_when_affordable():
    s = _actions_state(relaties=4)
    assert not [m for m in court.legal(s) if m.type == "buy_office"]
    assert refusal(s, {"type": "buy_office", "office": "wegvoogd"}) == ("office_price", {"cost": 5})
    s.me.resources["relaties"] = 5
    assert {m.office for m in court.legal(s) if m.type == "buy_office"} == set(OFFICES)


def test_court_purchases_only_in_the_action_phase():
    s = _actions_state(geld=9, relaties=9)
    s.phase = "roll"
    with pytest.raises(IllegalMove):
        apply(s, {"type": "buy_office", "office": "kamerling"})
    with pytest.raises(IllegalMove):
        apply(s, {"type": "buy_foundation", "foundation": "kroniek"})


def test_an_unknown_office_or_foundation_is_refused():
    s = _actions_state(geld=9, relaties=9)
    with pytest.raises(IllegalMove):
        apply(s, {"type": "buy_office", "office": "koning"})
    with pytest.raises(IllegalMove):
        apply(s, {"type": "buy_foundation", "foundation": "paleis"})


# --- XIII: foundations ----------------------------------------------------------------------
def test_there_are_exactly_the_six_foundations_of_the_hofreglement():
    assert set(FOUNDATIONS) == {
        "gildehuis",
        "reisverslag",
        "wegenbouw",
        "kroniek",
        "getijdenboek",
        "armenfonds",
    }


def test_foundations_cost_3_then_7_then_11_geld():
    s = _actions_state(geld=21)
    for key, left in (("gildehuis", 18), ("kroniek", 11), ("wegenbouw", 0)):
        s = _again(apply(s, {"type": "buy_foundation", "foundation": key}))
        assert s.me.resources["geld"] == left
    assert s.me.foundations == ["gildehuis", "kroniek", "wegenbouw"]
    assert court.next_foundation_cost(s, s.current) == 15


def test_a_foundation_is_offered_only_when_affordable_and_not_yet_owned():
    s = _actions_state(geld=2)
    assert not [m for m in court.legal(s) if m.type == "buy_foundation"]
    assert refusal(s, {"type": "buy_foundation", "foundation": "kroniek"}) == (
        "foundation_price",
        {"cost": 3},
    )
    s.me.resources["geld"] = 10
    s = _again(apply(s, {"type": "buy_foundation", "foundation": "kroniek"}))
    offered = {m.foundation for m in court.legal(s) if m.type == "buy_foundation"}
    assert offered == set(FOUNDATIONS) - {"kroniek"}
    assert refusal(s, {"type": "buy_foundation", "foundation": "kroniek"}) == (
        "foundation_owned",
        {"foundation": "kroniek"},
    )


def test_both_players_may_own_the_same_foundation():
    s = _actions_state(geld=3)
    s = _again(apply(s, {"type": "buy_foundation", "foundation": "armenfonds"}))
    s.current = 1 - s.current
    s.me.resources["geld"] = 3
    s = apply(s, {"type": "buy_foundation", "foundation": "armenfonds"})
    assert [p.foundations for p in s.players] == [["armenfonds"], ["armenfonds"]]


def test_foundation_values_follow_the_table_of_xiii_and_are_retroactive():
    s = new_game("values")
    p = s.me
    for key in list(HOUSES)[:3]:
        s.houses[key].posts.append(p.seat)
    p.high_houses = ["gilde", "kerk"]
    p.high_rounds = [1, 3, 4]
    p.clears = 2
    p.paid_rotations = [(i, 1) for i in range(15)]
    s.offices = {"hofmeester": p.seat, "wegvoogd": p.seat, "kamerling": 1 - p.seat}
    assert court.foundation_values(s, p.seat) == {
        "gildehuis": 6,
        "reisverslag": 4,
        "wegenbouw": 6,
        "kroniek": 12,  # at most 12
        "getijdenboek": 6,
        "armenfonds": 6,
    }


def test_the_current_value_of_every_foundation_is_shown_while_playing():
    s = new_game("shown")
    s.houses["bank"].posts.append(0)
    for data in (full_state(s), view(s, 1)):
        assert data["players"][0]["foundation_values"]["gildehuis"] == 2
        assert data["players"][1]["foundation_values"]["gildehuis"] == 0
        assert data["players"][0]["next_foundation_cost"] == 3


def test_each_office_changes_its_rule_for_its_holder_only():
    s = new_game("office-rules")
    seat = s.current
    before = (
        modifiers.walk_bonus(s),
        modifiers.rotation_free(s),
        modifiers.hand_limit(s, seat),
        modifiers.bend_cost(s, "raise"),
        modifiers.clear_cost(s),
    )
    s.offices = {k: 1 - seat for k in OFFICES}  # all held by the opponent: nothing changes
    assert (
        modifiers.walk_bonus(s),
        modifiers.rotation_free(s),
        modifiers.hand_limit(s, seat),
        modifiers.bend_cost(s, "raise"),
        modifiers.clear_cost(s),
    ) == before
    s.offices = {k: seat for k in OFFICES}
    assert modifiers.walk_bonus(s) == before[0] + 1  # hofmeester
    assert modifiers.rotation_free(s)  # wegvoogd
    assert modifiers.hand_limit(s, seat) == before[2] + 1  # kamerling
    assert modifiers.bend_cost(s, "raise") == before[3] - 1  # wisselaar
    assert modifiers.clear_cost(s) == before[4] - 1  # landmeter
