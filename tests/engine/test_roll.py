"""Articles IX and X: the court roll, bought dice, bending with favor, settling, compensation;
article XI: the hand limit at the end of the turn."""

from __future__ import annotations

import pytest

from engine import legal_moves, roll
from engine.content.events import Event
from engine.errors import IllegalMove
from engine.moves import Move

from .helpers_roll import (
    choose,
    game,
    give_cards,
    give_post,
    me,
    move,
    pool,
    put_pawn,
    refused,
    roll_and_lock,
    script_dice,
    set_court_action,
    set_resources,
    to_roll,
)


def rolled(state, *dice):
    """Roll exactly `dice` without locking."""
    state = state.clone()
    script_dice(state, *dice)
    return move(state, "roll")


# --- IX: the worked example ---------------------------------------------------------------


def test_worked_example_of_article_ix_kapitaal_uitlenen_and_bidden_with_a_nine():
    state = game()
    pool(state, 4)  # four dice: reputatie 7
    set_resources(state, gunst=0)
    put_pawn(state, 1, "bank")
    put_pawn(state, 3, "kerk")  # the Kapelaan prays
    give_post(state, "bank")
    set_court_action(state, "bank", "kapitaal_uitlenen")
    state = choose(state, 1, "court")
    state = choose(state, 3, "resource")
    state = roll_and_lock(to_roll(state), 1, 2, 3, 3)
    report = state.turn.report
    assert report["sum"] == 9 and report["effective"] == 9
    bank, kerk = report["actions"]
    # The Bank does not reach 11 and gives 1 gunst.
    assert (bank["house"], bank["threshold"], bank["hit"], bank["gunst"]) == (
        "bank",
        11,
        False,
        1,
    )
    # The Kerk pays out: 9 pips is +2 reputatie.
    assert (kerk["house"], kerk["resource"], kerk["amount"]) == ("kerk", "reputatie", 2)
    assert me(state).resources["reputatie"] == 7 + 2
    # 9 stays under the 12 of four dice: 3 gunst compensation on top.
    assert report["compensation"] == 3
    assert me(state).resources["gunst"] == 1 + 3
    # Both supplies are used.
    assert state.houses["bank"].supply == 8 - 2
    assert state.houses["kerk"].supply == 8 - 1
    assert me(state).aanzien == 2  # only the Kerk's first trading post (XII)


# --- IX: the dice pool and bought dice ------------------------------------------------------


@pytest.mark.parametrize(
    ("reputatie", "dice"),
    [(0, 2), (2, 2), (3, 3), (6, 3), (7, 4), (11, 4), (12, 5), (17, 5), (18, 6), (40, 6)],
)
def test_dice_pool_grows_with_reputatie(reputatie, dice):
    state = game(phase="roll")
    set_resources(state, reputatie=reputatie)
    state = move(state, "roll")
    assert len(state.turn.dice) == dice


def test_bought_dice_cost_two_four_six_geld():
    state = game(phase="roll")
    set_resources(state, geld=12)
    for left in (10, 6, 0):
        state = move(state, "buy_die")
        assert me(state).resources["geld"] == left
    state = move(state, "roll")
    assert len(state.turn.dice) == 5


def test_at_most_three_bought_dice():
    state = game(phase="roll")
    set_resources(state, geld=30)
    for _ in range(3):
        state = move(state, "buy_die")
    refused(state, {"type": "buy_die"}, "buy_die_max", max=3)
    assert Move("buy_die") not in legal_moves(state)


def test_bought_dice_never_make_more_than_six():
    state = game(phase="roll")
    set_resources(state, geld=30, reputatie=12)  # five dice
    state = move(state, "buy_die")
    refused(state, {"type": "buy_die"}, "dice_max", max=6)


def test_buying_a_die_after_rolling_is_refused():
    state = move(game(phase="roll"), "roll")
    set_resources(state, geld=10)
    refused(state, {"type": "buy_die"}, "buy_die_after_roll")


def test_buying_a_die_needs_the_geld():
    state = game(phase="roll")
    set_resources(state, geld=1)
    refused(state, {"type": "buy_die"}, "die_price", price=2)


@pytest.mark.parametrize("reputatie", [0, 7, 12, 18])
@pytest.mark.parametrize("rolled_first", [False, True])
def test_the_shown_die_price_is_what_buying_costs_and_none_when_no_geld_would_do(
    reputatie, rolled_first
):
    """`next_die_price` (the panel's and the computer players' price) and `buy_die` read one
    rule: with geld enough a die sells at the shown price, and no price means refused."""
    state = game(phase="roll")
    set_resources(state, geld=30, reputatie=reputatie)
    if rolled_first:
        state = move(state, "roll")
    for _ in range(4):
        price = roll.next_die_price(state)
        if price is None:
            with pytest.raises(IllegalMove):
                roll.check_buy_die(state)
            break
        geld = me(state).resources["geld"]
        state = move(state, "buy_die")
        assert me(state).resources["geld"] == geld - price
    assert price is None


def test_bought_dice_last_for_one_roll_only():
    state = game(phase="roll")
    set_resources(state, geld=2)
    state = move(state, "buy_die")
    state = roll_and_lock(state, 3, 3, 3)
    state = move(state, "end_turn")
    assert state.turn.bought_dice == 0


def test_one_roll_per_turn():
    state = move(game(phase="roll"), "roll")
    refused(state, {"type": "roll"}, "already_rolled")


def test_every_turn_has_a_roll_even_without_actions():
    state = to_roll(game())  # no pawn at a house
    assert state.phase == "roll"
    refused(state, {"type": "end_turn"}, "turn_unsettled")
    assert legal_moves(state)[-1] == Move("roll")


# --- X: bending ---------------------------------------------------------------------------


def test_reroll_lowest_die_costs_one_gunst():
    state = rolled(game(phase="roll"), 5, 2)
    set_resources(state, gunst=1)
    script_dice(state, 6)
    state = move(state, "bend", kind="reroll")
    assert state.turn.dice == (5, 6)
    assert me(state).resources["gunst"] == 0


def test_raise_lowest_die_by_one_costs_two_gunst():
    state = rolled(game(phase="roll"), 4, 3)
    set_resources(state, gunst=2)
    state = move(state, "bend", kind="raise")
    assert state.turn.dice == (4, 4)
    assert me(state).resources["gunst"] == 0


def test_add_a_die_costs_three_gunst_and_is_rolled_at_once():
    state = rolled(game(phase="roll"), 4, 3)
    set_resources(state, gunst=3)
    script_dice(state, 5)
    state = move(state, "bend", kind="add")
    assert state.turn.dice == (4, 3, 5)
    assert me(state).resources["gunst"] == 0


def test_a_fourth_bend_is_refused():
    state = rolled(game(phase="roll"), 1, 1)
    set_resources(state, gunst=10)
    for _ in range(3):
        state = move(state, "bend", kind="raise")
    refused(state, {"type": "bend", "kind": "reroll"}, "bend_max", max=3)
    assert [m.type for m in legal_moves(state)] == ["lock"]


def test_a_six_is_never_raised():
    state = rolled(game(phase="roll"), 6, 6)
    set_resources(state, gunst=5)
    refused(state, {"type": "bend", "kind": "raise"}, "raise_six")
    assert Move("bend", kind="raise") not in legal_moves(state)


def test_bending_never_makes_seven_dice():
    state = game(phase="roll")
    set_resources(state, reputatie=18, gunst=9)
    state = rolled(state, 1, 2, 3, 4, 5, 6)
    refused(
        state,
        {"type": "bend", "kind": "add"},
        "add_max",
        max=6,
    )


def test_bending_needs_the_gunst():
    state = rolled(game(phase="roll"), 2, 2)
    set_resources(state, gunst=1)
    refused(state, {"type": "bend", "kind": "raise"}, "bend_price", cost=2)
    assert [m.kind for m in legal_moves(state) if m.type == "bend"] == ["reroll"]


def test_bending_before_the_roll_or_after_locking_is_refused():
    state = game(phase="roll")
    set_resources(state, gunst=5)
    refused(
        state,
        {"type": "bend", "kind": "reroll"},
        "bend_before_roll",
    )
    state = move(rolled(state, 2, 2), "lock")
    refused(state, {"type": "bend", "kind": "reroll"}, "bend_locked")


def test_wisselaar_makes_every_bend_one_gunst_cheaper():
    state = rolled(game(phase="roll"), 2, 3)
    state.offices["wisselaar"] = state.current
    set_resources(state, gunst=3)
    script_dice(state, 4)
    state = move(state, "bend", kind="reroll")  # free
    state = move(state, "bend", kind="raise")  # 1
    state = move(state, "bend", kind="add")  # 2
    assert me(state).resources["gunst"] == 0


def test_lock_needs_a_roll_and_happens_once():
    state = game(phase="roll")
    refused(state, {"type": "lock"}, "lock_before_roll")
    state = rolled(state, 3, 3)
    give_cards(state, "bode_te_paard")  # keeps the roll from settling by itself
    state = move(state, "lock")
    refused(state, {"type": "lock"}, "already_locked")


# --- IX: settling ---------------------------------------------------------------------------


def _court_at(state, house, key, pawn=1):
    put_pawn(state, pawn, house)
    give_post(state, house)
    set_court_action(state, house, key)
    return choose(state, pawn, "court")


def test_court_action_reaching_its_threshold_pays_its_aanzien():
    state = game()
    pool(state, 3)
    state = _court_at(state, "gilde", "meesterproef")
    state = roll_and_lock(to_roll(state), 4, 4, 5)
    assert me(state).aanzien == 4
    assert me(state).aanzien_sources == {"court": 4}
    assert state.turn.report["actions"][0]["hit"] is True


def test_court_action_missing_its_threshold_pays_one_gunst():
    state = game()
    pool(state, 3)
    set_resources(state, gunst=0)
    state = _court_at(state, "gilde", "meesterproef")
    state = roll_and_lock(to_roll(state), 4, 4, 4)  # 12: compensation 0
    assert me(state).aanzien == 0
    assert me(state).resources["gunst"] == 1


def test_reached_court_action_is_a_high_action():
    state = game()
    pool(state, 3)
    state = _court_at(state, "kerk", "aalmoes_geven")
    state = roll_and_lock(to_roll(state), 3, 3, 3)
    assert me(state).high_houses == ["kerk"]
    assert me(state).high_rounds == [state.round]
    assert me(state).acted_houses == ["kerk"]


def test_missed_court_action_is_not_a_high_action():
    state = game()
    state = _court_at(state, "kerk", "meesterproef")
    state = roll_and_lock(to_roll(state), 3, 3)
    assert me(state).high_houses == [] and me(state).high_rounds == []
    assert me(state).acted_houses == ["kerk"]


def test_every_action_reads_the_same_sum():
    # One 11: the 9 and the 11 are reached, the 13 is not.
    state = game()
    pool(state, 3)
    state = _court_at(state, "gilde", "aalmoes_geven", pawn=1)
    state = _court_at(state, "kerk", "kapitaalbeurs", pawn=2)
    state = _court_at(state, "bank", "meesterproef", pawn=3)
    state = roll_and_lock(to_roll(state), 3, 4, 4)
    assert [a["hit"] for a in state.turn.report["actions"]] == [True, True, False]
    assert me(state).aanzien == 1 + 2


def test_threshold_is_read_through_the_court_event(monkeypatch):
    shift = Event("test_hoog", "Hoge drempels", "", "threshold", threshold_shift=1)
    monkeypatch.setitem(roll.modifiers.EVENTS, "test_hoog", shift)
    state = game()
    pool(state, 3)
    state.event = "test_hoog"
    state = _court_at(state, "gilde", "aalmoes_geven")  # 9 becomes 11, pay stays 1
    state = roll_and_lock(to_roll(state), 3, 3, 4)
    line = state.turn.report["actions"][0]
    assert (line["threshold"], line["hit"]) == (11, False)
    state = game()
    pool(state, 3)
    state.event = "test_hoog"
    state = _court_at(state, "gilde", "aalmoes_geven")
    state = roll_and_lock(to_roll(state), 3, 4, 4)
    assert me(state).aanzien == 1


def test_supply_is_used_on_a_miss_too():
    state = game()
    state = _court_at(state, "kerk", "meesterproef")
    state = roll_and_lock(to_roll(state), 1, 1)
    assert state.houses["kerk"].supply == 6


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ((1, 2, 3, 3), 3),  # 4 dice, 9: 12 - 9 = 3
        ((3, 3, 3, 2), 1),  # 11
        ((3, 3, 3, 3), 0),  # 12
        ((6, 6, 6, 6), 0),
        ((1, 1), 3),  # 2 dice, 2: 6 - 2 = 4, capped at 3
        ((2, 3), 1),
    ],
)
def test_low_roll_compensation_one_gunst_per_point_under_three_per_die(dice, expected):
    state = game(phase="roll")
    pool(state, len(dice))
    set_resources(state, gunst=0)
    state = roll_and_lock(state, *dice)
    assert state.turn.report["compensation"] == expected
    assert me(state).resources["gunst"] == expected


def test_compensation_counts_bought_and_added_dice():
    state = game(phase="roll")
    set_resources(state, geld=2, gunst=3)
    state = move(state, "buy_die")
    state = rolled(state, 1, 1, 1)
    script_dice(state, 1)
    state = move(state, "bend", kind="add")  # four dice, sum 4: 12 - 4 = 8 -> 3
    state = move(state, "lock")
    assert state.turn.report["compensation"] == 3


def test_settle_waits_for_the_lock_and_happens_once():
    state = rolled(game(phase="roll"), 3, 3)
    refused(state, {"type": "settle"}, "settle_unlocked")
    state = move(state, "lock")  # no cards: settles by itself
    assert state.turn.settled
    assert state.log[-1] == {"type": "settle", "auto": True}
    refused(state, {"type": "settle"}, "already_settled")


def test_settle_does_not_happen_by_itself_while_a_card_lies_open():
    state = game(phase="roll")
    give_cards(state, "bode_te_paard")  # a pair
    state = roll_and_lock(state, 4, 4)
    assert not state.turn.settled
    state = move(state, "settle")
    assert state.turn.settled


def test_report_lists_dice_sum_and_every_action():
    state = game()
    put_pawn(state, 2, "bank")
    state = choose(state, 2, "resource")
    state = roll_and_lock(to_roll(state), 5, 4)
    report = state.turn.report
    assert report["dice"] == [5, 4]
    assert report["sum"] == 9
    assert report["actions"] == [
        {
            "pawn": 2,
            "house": "bank",
            "action": "resource",
            "supply": 1,
            "resource": "geld",
            "amount": 3,
            "post": True,
            "aanzien": 2,
        }
    ]


# --- XI: the hand limit -------------------------------------------------------------------


def _settled(state, *dice):
    return roll_and_lock(state, *(dice or (3, 4)))


def test_hand_limit_is_four_at_the_end_of_the_turn():
    state = game(phase="roll")
    give_cards(state, *["volksfeest"] * 5)  # a 3 would open Volksfeest: roll without one
    state = _settled(state, 4, 5)
    refused(
        state,
        {"type": "end_turn"},
        "hand_full",
        limit=4,
    )
    assert {m.type for m in legal_moves(state)} == {"discard"}
    seat = state.current
    state = move(state, "discard", card=me(state).hand[0])
    assert legal_moves(state) == [Move("end_turn")]
    state = move(state, "end_turn")
    assert state.current == 1 - seat
    assert len(state.players[seat].hand) == 4


def test_discard_only_after_settling():
    state = game(phase="roll")
    cards = give_cards(state, *["volksfeest"] * 5)
    state = rolled(state, 4, 5)
    refused(state, {"type": "discard", "card": cards[0]}, "discard_unsettled")


def test_discard_only_brings_the_hand_down_to_the_limit():
    state = game(phase="roll")
    cards = give_cards(state, *["volksfeest"] * 4)
    state = _settled(state, 4, 5)
    refused(
        state,
        {"type": "discard", "card": cards[0]},
        "hand_not_full",
    )


def test_discard_needs_a_card_in_your_hand():
    state = game(phase="roll")
    give_cards(state, *["volksfeest"] * 5)
    other = give_cards(state, "volksfeest", seat=1 - state.current)
    state = _settled(state, 4, 5)
    refused(state, {"type": "discard", "card": other[0]}, "card_not_in_hand")


def test_discarded_card_goes_to_the_discards():
    state = game(phase="roll")
    cards = give_cards(state, *["volksfeest"] * 5)
    state = _settled(state, 4, 5)
    state = move(state, "discard", card=cards[2])
    assert cards[2] not in me(state).hand
    assert state.discards[-1] == cards[2]


def test_kamerling_allows_one_card_more():
    state = game(phase="roll")
    state.offices["kamerling"] = state.current
    give_cards(state, *["volksfeest"] * 5)
    state = _settled(state, 4, 5)
    assert legal_moves(state) == [Move("end_turn")]


def test_opponent_hand_is_not_checked_at_my_turn_end():
    state = game(phase="roll")
    other = 1 - state.current
    give_cards(state, *["volksfeest"] * 7, seat=other)
    state = _settled(state, 4, 5)
    state = move(state, "end_turn")
    assert state.current == other
    assert len(state.players[other].hand) == 7


def test_bending_is_optional_and_unused_gunst_is_kept():
    state = game(phase="roll")
    set_resources(state, gunst=4)
    state = roll_and_lock(state, 6, 6)
    assert me(state).resources["gunst"] == 4


def test_bending_always_takes_the_lowest_die():
    state = rolled(game(phase="roll"), 2, 5)
    set_resources(state, gunst=2)
    state = move(state, "bend", kind="raise")
    assert state.turn.dice == (3, 5)
