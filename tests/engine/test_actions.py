"""Article VII: house actions in phase 3 (choosing), and what settling them yields."""

from __future__ import annotations

import pytest

from engine import actions, legal_moves
from engine.content.court_actions import COURT_ACTIONS
from engine.content.houses import HOUSES
from engine.game import new_game
from engine.moves import Move

from .helpers_roll import (
    choose,
    game,
    give_post,
    me,
    move,
    pool,
    put_pawn,
    refused,
    roll_and_lock,
    set_court_action,
    to_roll,
)

# --- setup ---------------------------------------------------------------------------------


def test_setup_deals_a_different_court_action_to_every_house():
    state = new_game("deal")
    dealt = [h.court_action for h in state.houses.values()]
    assert len(dealt) == 9
    assert len(set(dealt)) == 9
    assert set(dealt) <= set(COURT_ACTIONS)


def test_court_action_deal_comes_from_the_seed():
    deal = lambda seed: [h.court_action for h in new_game(seed).houses.values()]  # noqa: E731
    assert deal("same") == deal("same")
    assert len({tuple(deal(f"seed-{i}")) for i in range(6)}) > 1


# --- resource yield, roles, crowding --------------------------------------------------------


def _resource_turn(state, pawns_houses, dice):
    for pawn, house in pawns_houses:
        put_pawn(state, pawn, house)
    for pawn, _ in pawns_houses:
        state = choose(state, pawn, "resource")
    state = to_roll(state)
    return roll_and_lock(state, *dice)


@pytest.mark.parametrize(
    ("pawn", "house", "dice", "resource", "expected"),
    [
        # Bank: +1 geld per 3 pips. Klerk has no geld modifier.
        (2, "bank", (4, 5), "geld", 3),
        # Koopman +1 geld.
        (1, "bank", (4, 5), "geld", 4),
        # Kapelaan -1 geld.
        (3, "molens", (4, 5), "geld", 2),
        # Gilde: +1 relatie per 4 pips; Kapelaan +1 relatie, Klerk -1 relatie.
        (3, "gilde", (4, 5), "relaties", 3),
        (2, "gilde", (4, 5), "relaties", 1),
        # Taverne +1 reputatie per 3; Klerk +1 reputatie, Koopman -1 reputatie.
        (2, "taverne", (4, 5), "reputatie", 4),
        (1, "bibliotheek", (4, 5), "reputatie", 2),
        # Kerk: per 4 pips.
        (3, "kerk", (4, 5), "reputatie", 2),
    ],
)
def test_resource_yield_is_sum_over_rate_plus_role(pawn, house, dice, resource, expected):
    state = game()
    before = me(state).resources[resource]
    state = _resource_turn(state, [(pawn, house)], dice)
    assert state.turn.settled
    assert me(state).resources[resource] - before == expected


def test_role_modifier_applies_only_to_its_own_resource():
    # Koopman at the Gilde (relaties): no modifier at all.
    state = game()
    before = me(state).resources["relaties"]
    state = _resource_turn(state, [(1, "gilde")], (4, 4))
    assert me(state).resources["relaties"] - before == 2


def test_resource_yield_never_below_one():
    # Koopman at the Kerk with a 2: floor(2/4) - 1 = -1, still +1 reputatie.
    state = game()
    state = _resource_turn(state, [(1, "kerk")], (1, 1))
    assert me(state).resources["reputatie"] == 1


CROWDING = "dan wordt de opbrengst door dat aantal gedeeld"  # IX, Drukte


def test_crowding_divides_the_yield_among_own_pawns():
    # IX: "zet je in dezelfde beurt meerdere van je eigen pionnen op dezelfde plek, " + CROWDING
    # Two own pawns at the Bank, sum 12: Koopman 5 -> 2, Klerk 4 -> 2.
    state = game()
    before = me(state).resources["geld"]
    state = _resource_turn(state, [(1, "bank"), (2, "bank")], (6, 6))
    assert me(state).resources["geld"] - before == 4
    assert [a["amount"] for a in state.turn.report["actions"]] == [2, 2]


def _gain(pawns_houses, dice, resource="geld") -> int:
    state = game()
    before = me(state).resources[resource]
    return me(_resource_turn(state, pawns_houses, dice)).resources[resource] - before


@pytest.mark.parametrize("total", range(2, 13))
def test_crowding_never_pays_more_in_total_than_the_best_pawn_there_alone(total):
    # IX: CROWDING. Three own pawns at the Bank used to get 3 geld for any sum 3-14; now a
    # crowd never earns more than its best pawn would have earned there alone.
    dice = (min(6, total - 1), total - min(6, total - 1))
    alone = max(_gain([(p, "bank")], dice) for p in (1, 2, 3))
    crowd = _gain([(1, "bank"), (2, "bank"), (3, "bank")], dice)
    assert 1 <= crowd <= alone


def test_crowding_pays_the_place_at_least_one_not_every_pawn():
    # VII: "onder 1 komt een opbrengst ook hier niet": the floor of 1 holds for the place.
    # Three pawns at the Kerk with a 2: each alone 1, divided by 3 -> 0; the place pays 1.
    state = game()
    state = _resource_turn(state, [(1, "kerk"), (2, "kerk"), (3, "kerk")], (1, 1))
    assert me(state).resources["reputatie"] == 1
    assert [a["amount"] for a in state.turn.report["actions"]] == [1, 0, 0]


def test_a_pawn_doing_the_court_action_at_the_same_place_counts_for_crowding():
    # IX counts "meerdere van je eigen pionnen op dezelfde plek": the Klerk doing the court
    # action at the Bank halves the Koopman's geld; the court action's aanzien is a fixed
    # amount (VII) and is not divided.
    state = game()
    give_post(state, "bank")
    set_court_action(state, "bank", "kapitaal_uitlenen")
    put_pawn(state, 1, "bank")
    put_pawn(state, 2, "bank")
    state = choose(state, 1, "resource")
    state = choose(state, 2, "court")
    state = to_roll(state)
    before = me(state).resources["geld"]
    state = roll_and_lock(state, 6, 6)
    koopman, klerk = state.turn.report["actions"]
    assert koopman["amount"] == (12 // 3 + 1) // 2  # 5 alone, shared by the 2 pawns there
    assert me(state).resources["geld"] - before == koopman["amount"]
    assert klerk["aanzien"] == COURT_ACTIONS["kapitaal_uitlenen"].aanzien


def test_rules_1_games_keep_the_old_crowding_so_they_replay():
    # Stored games replay under their rules version: three pawns at the Kerk each got 1.
    state = game(rules="1")
    state = _resource_turn(state, [(1, "kerk"), (2, "kerk"), (3, "kerk")], (1, 1))
    assert me(state).resources["reputatie"] == 3


def test_opponent_pawns_do_not_count_for_crowding():
    state = game()
    put_pawn(state, 1, "bank", seat=1 - state.current)
    put_pawn(state, 2, "bank", seat=1 - state.current)
    before = me(state).resources["geld"]
    state = _resource_turn(state, [(2, "bank")], (6, 6))
    assert me(state).resources["geld"] - before == 4


def test_resource_action_always_yields_even_on_the_lowest_roll():
    state = game()
    state = _resource_turn(state, [(2, "bank")], (1, 1))
    assert state.turn.report["actions"][0]["amount"] == 1


# --- choosing ------------------------------------------------------------------------------


def test_choice_is_final_once_made():
    state = game()
    put_pawn(state, 1, "bank")
    put_pawn(state, 2, "kerk")
    state = choose(state, 1, "resource")
    refused(
        state,
        {"type": "choose", "pawn": 1, "action": None},
        "already_chosen",
    )


def test_choosing_nothing_is_final_too():
    state = game()
    put_pawn(state, 1, "bank")
    put_pawn(state, 2, "kerk")
    state = choose(state, 1, None)
    refused(
        state,
        {"type": "choose", "pawn": 1, "action": "resource"},
        "already_chosen",
    )


def test_pawn_not_at_a_house_cannot_choose():
    state = game()  # every pawn is on the Stadsplein
    refused(
        state,
        {"type": "choose", "pawn": 1, "action": "resource"},
        "not_at_house",
    )


def test_court_action_needs_own_trading_post():
    state = game()
    put_pawn(state, 1, "bank")
    give_post(state, "bank", seat=1 - state.current)  # the opponent's post does not count
    refused(
        state,
        {"type": "choose", "pawn": 1, "action": "court"},
        "needs_post",
    )
    give_post(state, "bank")
    set_court_action(state, "bank", "kapitaal_uitlenen")
    state = choose(state, 1, "court")
    assert state.turn.choices[1] == "court"


def test_court_action_at_most_once_per_house_per_turn():
    state = game()
    put_pawn(state, 1, "bank")
    put_pawn(state, 2, "bank")
    give_post(state, "bank")
    set_court_action(state, "bank", "kapitaal_uitlenen")
    state = choose(state, 1, "court")
    refused(
        state,
        {"type": "choose", "pawn": 2, "action": "court"},
        "court_once",
    )
    state = choose(state, 2, "resource")  # the resource action is still open
    assert state.turn.choices == {1: "court", 2: "resource"}


def test_supply_resource_uses_one_court_uses_two():
    state = game()
    put_pawn(state, 1, "bank")
    put_pawn(state, 2, "kerk")
    give_post(state, "bank")
    set_court_action(state, "bank", "kapitaal_uitlenen")
    state = choose(state, 1, "court")
    state = choose(state, 2, "resource")
    state = roll_and_lock(to_roll(state), 6, 6)
    assert state.houses["bank"].supply == 6
    assert state.houses["kerk"].supply == 7


def test_opponent_pawn_on_the_hex_costs_one_more_supply():
    state = game()
    put_pawn(state, 1, "bank")
    put_pawn(state, 2, "kerk")
    put_pawn(state, 3, "bank", seat=1 - state.current)
    put_pawn(state, 1, "kerk", seat=1 - state.current)
    give_post(state, "bank")
    set_court_action(state, "bank", "kapitaal_uitlenen")
    state = choose(state, 1, "court")
    state = choose(state, 2, "resource")
    state = roll_and_lock(to_roll(state), 6, 6)
    assert state.houses["bank"].supply == 5
    assert state.houses["kerk"].supply == 6


def test_supply_must_cover_all_actions_chosen_there_this_turn():
    state = game()
    for pawn in (1, 2, 3):
        put_pawn(state, pawn, "bank")
    state.houses["bank"].supply = 2
    state = choose(state, 1, "resource")
    state = choose(state, 2, "resource")
    refused(
        state,
        {"type": "choose", "pawn": 3, "action": "resource"},
        "supply_short",
    )


def test_supply_too_low_for_court_action_with_surcharge():
    state = game()
    put_pawn(state, 1, "bank")
    put_pawn(state, 1, "bank", seat=1 - state.current)
    give_post(state, "bank")
    state.houses["bank"].supply = 2  # court 2 + surcharge 1 = 3
    refused(
        state,
        {"type": "choose", "pawn": 1, "action": "court"},
        "supply_short",
    )
    assert [m.action for m in legal_moves(state) if m.type == "choose"] == [None, "resource"]


def test_empty_house_offers_nothing():
    state = game()
    put_pawn(state, 1, "bank")
    give_post(state, "bank")
    state.houses["bank"].supply = 0
    for action in ("resource", "court"):
        refused(
            state,
            {"type": "choose", "pawn": 1, "action": action},
            "house_empty",
        )
    assert [m.action for m in legal_moves(state) if m.type == "choose"] == [None]


def test_closed_house_offers_nothing():
    state = game()
    put_pawn(state, 1, "bank")
    give_post(state, "bank")
    state.event_closed = "bank"
    for action in ("resource", "court"):
        refused(
            state,
            {"type": "choose", "pawn": 1, "action": action},
            "house_closed",
        )
    assert [m.action for m in legal_moves(state) if m.type == "choose"] == [None]


def test_unreachable_threshold_may_still_be_chosen():
    # Two dice never reach 13, but Meesterproef is a pawn that fetches 1 gunst.
    state = game()
    pool(state, 2)
    put_pawn(state, 1, "gilde")
    give_post(state, "gilde")
    set_court_action(state, "gilde", "meesterproef")
    assert Move("choose", pawn=1, action="court") in legal_moves(state)
    state = choose(state, 1, "court")
    state = roll_and_lock(to_roll(state), 6, 6)
    assert state.turn.report["actions"][0]["hit"] is False
    assert me(state).resources["gunst"] == 1


def test_choosing_an_action_marks_the_house_acted_this_round():
    state = game()
    put_pawn(state, 1, "bank")
    put_pawn(state, 2, "kerk")
    state = choose(state, 1, "resource")
    state = choose(state, 2, None)
    assert state.houses["bank"].acted_this_round
    assert not state.houses["kerk"].acted_this_round


def test_legal_moves_offer_each_allowed_choice_per_pawn():
    state = game()
    put_pawn(state, 1, "bank")
    put_pawn(state, 3, "kerk")
    give_post(state, "kerk")
    set_court_action(state, "kerk", "altaar_stichten")
    chooses = [(m.pawn, m.action) for m in legal_moves(state) if m.type == "choose"]
    assert chooses == [(1, None), (1, "resource"), (3, None), (3, "resource"), (3, "court")]
    assert Move("end_actions") in legal_moves(state)


def test_phase_three_ends_by_itself_when_every_pawn_has_chosen_and_nothing_at_court(
    monkeypatch,
):
    monkeypatch.setattr("engine.court.legal", lambda state: [])
    state = game()
    put_pawn(state, 1, "bank")
    state = choose(state, 1, "resource")
    assert state.phase == "roll"
    assert state.log[-1] == {"type": "end_actions", "auto": True}


def test_phase_three_waits_while_something_at_court_can_be_bought(monkeypatch):
    offer = [Move("buy_office", office="hofmeester")]
    monkeypatch.setattr("engine.court.legal", lambda state: offer)
    state = game()
    put_pawn(state, 1, "bank")
    state = choose(state, 1, "resource")
    assert state.phase == "actions"
    assert not actions.auto_end(state)


def test_end_actions_leaves_pawns_without_a_choice_idle():
    state = game()
    put_pawn(state, 1, "bank")
    state = move(state, "end_actions")
    state = roll_and_lock(state, 3, 3)
    assert state.turn.report["actions"] == []
    assert state.houses["bank"].supply == 8


def test_settled_action_records_the_house_as_acted():
    state = game()
    state = _resource_turn(state, [(2, "molens")], (3, 3))
    assert me(state).acted_houses == ["molens"]


# --- trading posts (placed here, XII) ---------------------------------------------------------


def test_first_resource_action_places_a_trading_post():
    state = game()
    state = _resource_turn(state, [(2, "molens")], (3, 3))
    assert state.houses["molens"].posts == [state.current]
    assert state.turn.report["actions"][0]["post"] is True


def test_first_post_of_anyone_at_a_house_gives_two_aanzien_once():
    state = game()
    give_post(state, "molens", seat=1 - state.current)  # the opponent was first
    state = _resource_turn(state, [(2, "molens"), (1, "bank")], (3, 3))
    assert state.houses["molens"].posts == [1 - state.current, state.current]
    assert state.houses["bank"].posts == [state.current]
    assert me(state).aanzien == 2  # only the Bank was a first post
    assert me(state).aanzien_sources == {"posts": 2}


def test_one_trading_post_per_house_per_player():
    state = game()
    state = _resource_turn(state, [(1, "bank"), (2, "bank")], (3, 3))
    assert state.houses["bank"].posts == [state.current]
    assert me(state).aanzien == 2


def test_choosing_costs_nothing_until_the_roll():
    state = game()
    put_pawn(state, 1, "bank")
    put_pawn(state, 2, "kerk")
    give_post(state, "kerk")
    before = dict(me(state).resources)
    state = choose(state, 1, "resource")
    state = choose(state, 2, "court")
    assert me(state).resources == before
    assert state.houses["bank"].supply == 8 and state.houses["kerk"].supply == 8


@pytest.mark.parametrize("pawn", [1, 2, 3])
def test_roles_never_touch_aanzien(pawn):
    state = game()
    pool(state, 3)
    put_pawn(state, pawn, "gilde")
    give_post(state, "gilde")
    set_court_action(state, "gilde", "kapitaalbeurs")
    state = choose(state, pawn, "court")
    state = roll_and_lock(to_roll(state), 4, 4, 4)
    assert me(state).aanzien == 2


@pytest.mark.parametrize(
    ("house", "resource", "rate", "name"),
    [
        ("gilde", "relaties", 4, "Onderlinge hulp"),
        ("poorterij", "relaties", 4, "Kraam houden"),
        ("gasthuys", "relaties", 4, "Onderdak geven"),
        ("brouwerij", "relaties", 4, "Bier tappen"),
        ("bank", "geld", 3, "Geld wisselen"),
        ("molens", "geld", 3, "Graan malen"),
        ("taverne", "reputatie", 3, "Stem uitbrengen"),
        ("kerk", "reputatie", 4, "Bidden"),
        ("bibliotheek", "reputatie", 3, "Boeken lezen"),
    ],
)
def test_house_resource_and_rate_follow_the_table(house, resource, rate, name):
    info = HOUSES[house]
    assert (info.resource, info.rate, info.resource_action) == (resource, rate, name)
    # Sum 12 with a pawn whose role does not touch this resource: exactly 12 // rate.
    pawn = next(p for p in (1, 2, 3) if actions.role_modifier(p, resource) == 0)
    state = game()
    state = _resource_turn(state, [(pawn, house)], (6, 6))
    line = state.turn.report["actions"][0]
    assert (line["resource"], line["amount"]) == (resource, 12 // rate)
