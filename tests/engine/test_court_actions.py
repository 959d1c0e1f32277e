"""Article VII: the twenty court actions — tiers, pay, and the effects of those that pay
less than their tier."""

from __future__ import annotations

import pytest

from engine import legal_moves
from engine.content.court_actions import COURT_ACTIONS, TIER_PAY
from engine.effects import TOOL_RESOURCES, toll_hexes

from .helpers_roll import (
    choose,
    game,
    give_cards,
    give_post,
    me,
    move,
    opp,
    pool,
    put_pawn,
    refused,
    roll_and_lock,
    set_court_action,
    set_resources,
    to_roll,
)

# The hofreglement's nine examples with their thresholds (VII table).
NAMED = {
    "meesterproef": 13,
    "kapitaalbeurs": 11,
    "zieken_verplegen": 11,
    "herberg_houden": 11,
    "kapitaal_uitlenen": 11,
    "molen_pachten": 11,
    "schout_zijn": 13,
    "altaar_stichten": 13,
    "handschrift_schrijven": 13,
}


def test_there_are_exactly_twenty_court_actions():
    assert len(COURT_ACTIONS) == 20


def test_the_nine_examples_keep_their_thresholds_and_full_pay():
    for key, threshold in NAMED.items():
        action = COURT_ACTIONS[key]
        assert action.threshold == threshold
        assert action.aanzien == TIER_PAY[threshold]


def test_schatkamer_poortrecht_and_rentmeesterij_are_in_the_deck():
    assert {"schatkamer", "poortrecht", "rentmeesterij"} <= set(COURT_ACTIONS)


def test_tiers_nine_eleven_thirteen_pay_one_two_four():
    assert TIER_PAY == {9: 1, 11: 2, 13: 4}
    assert {a.threshold for a in COURT_ACTIONS.values()} == {9, 11, 13}


def test_an_action_paying_less_than_its_tier_has_an_effect_worth_the_difference():
    for action in COURT_ACTIONS.values():
        assert 1 <= action.aanzien <= action.full_pay
        if action.aanzien < action.full_pay:
            assert action.effect is not None, action.key
            assert action.full_pay - action.aanzien == 1  # the effect is worth one aanzien
        else:
            assert action.effect is None, action.key


def test_no_court_action_gives_gunst():
    for action in COURT_ACTIONS.values():
        for param in action.params:
            if isinstance(param, tuple):
                assert param[0] in TOOL_RESOURCES


def test_court_action_keys_are_lower_case_ascii_of_the_dutch_names():
    for key, action in COURT_ACTIONS.items():
        assert key == action.key == action.name.lower().replace(" ", "_")


def _hit(key, *, target=None, dice=(5, 5, 5), setup=None):
    """Play `key` at the Gilde and reach its threshold; returns (before, after)."""
    state = game()
    pool(state, len(dice))
    set_resources(state, seat=1 - state.current, geld=4, relaties=4, reputatie=4)
    put_pawn(state, 1, "gilde")
    give_post(state, "gilde")
    set_court_action(state, "gilde", key)
    if setup:
        setup(state)
    before = state.clone()
    state = choose(state, 1, "court", target)
    return before, roll_and_lock(to_roll(state), *dice)


@pytest.mark.parametrize("key", sorted(COURT_ACTIONS))
def test_reaching_a_court_action_pays_its_aanzien(key):
    state0 = game()
    target = toll_hexes(state0)[0] if COURT_ACTIONS[key].target == "toll" else None
    before, after = _hit(key, target=target)
    assert me(after).aanzien - me(before).aanzien == COURT_ACTIONS[key].aanzien
    assert me(after).aanzien_sources["court"] == COURT_ACTIONS[key].aanzien
    assert opp(after).aanzien == opp(before).aanzien


@pytest.mark.parametrize(
    ("key", "resource", "amount"),
    [("schatkamer", "geld", 2), ("hofbal_geven", "relaties", 2), ("zegel_drukken", "reputatie", 1)],
)
def test_gain_effect_on_a_hit(key, resource, amount):
    before, after = _hit(key)
    assert me(after).resources[resource] - me(before).resources[resource] == amount


@pytest.mark.parametrize(
    ("key", "resource"), [("rentmeesterij", "geld"), ("schuld_innen", "relaties")]
)
def test_taking_effect_moves_one_from_the_opponent(key, resource):
    before, after = _hit(key)
    assert opp(after).resources[resource] == opp(before).resources[resource] - 1
    assert me(after).resources[resource] == me(before).resources[resource] + 1


def test_taking_effect_takes_nothing_from_an_empty_purse():
    before, after = _hit(
        "rentmeesterij", setup=lambda s: set_resources(s, seat=1 - s.current, geld=0)
    )
    assert opp(after).resources["geld"] == 0
    assert me(after).resources["geld"] == me(before).resources["geld"]


def test_wegen_keuren_gives_two_steps_on_the_next_turn():
    before, after = _hit("wegen_keuren")
    seat = after.current
    after = move(after, "end_turn")
    assert after.players[seat].effects["extra_steps"] == 2


def test_poortrecht_removes_the_chosen_toll_gate():
    state0 = game()
    toll = toll_hexes(state0)[-1]
    before, after = _hit("poortrecht", target=toll)
    assert before.board[toll].toll
    assert not after.board[toll].toll
    assert toll_hexes(after) == toll_hexes(before)[:-1]


def test_poortrecht_needs_a_toll_gate_as_target():
    state = game()
    put_pawn(state, 1, "gilde")
    give_post(state, "gilde")
    set_court_action(state, "gilde", "poortrecht")
    refused(
        state,
        {"type": "choose", "pawn": 1, "action": "court"},
        "choose_toll",
    )
    refused(
        state,
        {"type": "choose", "pawn": 1, "action": "court", "target": [0, 0]},
        "no_toll_there",
    )
    targets = [m.target for m in legal_moves(state) if m.action == "court"]
    assert targets == toll_hexes(state)


def test_other_actions_refuse_a_target():
    state = game()
    put_pawn(state, 1, "gilde")
    give_post(state, "gilde")
    set_court_action(state, "gilde", "meesterproef")
    refused(
        state,
        {"type": "choose", "pawn": 1, "action": "court", "target": [0, 0]},
        "no_target_needed",
    )


def test_effect_only_on_a_hit():
    before, after = _hit("schatkamer", dice=(1, 1, 1))
    assert me(after).aanzien == me(before).aanzien
    assert me(after).resources["geld"] == me(before).resources["geld"]
    assert me(after).resources["gunst"] == me(before).resources["gunst"] + 1 + 3


def test_lijfwacht_also_guards_against_a_taking_court_action():
    def guard(state):
        (cid,) = give_cards(state, "lijfwacht", seat=1 - state.current)
        state.players[1 - state.current].active.append(cid)

    before, after = _hit("rentmeesterij", setup=guard)
    assert opp(after).resources["geld"] == opp(before).resources["geld"]
