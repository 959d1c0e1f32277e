"""Article VIII: court cards — conditions on the locked roll, activation pips, figures,
one-shot and permanent cards; XI: cards that move the hand limit."""

from __future__ import annotations

import pytest

from engine import legal_moves, modifiers
from engine.content.cards import CARDS, condition_met
from engine.effects import TOOL_RESOURCES, toll_hexes
from engine.moves import Move

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
    script_dice,
    set_court_action,
    set_resources,
    to_roll,
)

# --- the deck as data ------------------------------------------------------------------------


def test_deck_has_at_least_24_distinct_cards_and_40_with_copies():
    assert len(CARDS) >= 24
    assert sum(c.copies for c in CARDS.values()) >= 40


def test_keys_are_lower_case_ascii_of_the_dutch_names():
    for key, card in CARDS.items():
        assert key == card.key
        assert key.isascii() and key == key.lower()
        assert key == card.name.lower().replace(" ", "_").replace("-", "_")


def test_every_card_costs_one_to_three_pips():
    assert {c.cost for c in CARDS.values()} <= {1, 2, 3}


def test_every_card_names_who_it_affects():
    assert {c.affects for c in CARDS.values()} == {"self", "opponent", "both"}


def test_no_card_gives_gunst_or_touches_aanzien():
    for card in CARDS.values():
        for param in card.params:
            if isinstance(param, tuple):
                assert param[0] in TOOL_RESOURCES, card.key


def test_required_cards_are_in_the_deck():
    assert CARDS["stadsbrand"].affects == "both"
    assert CARDS["stadsbrand"].params == (("geld", 2),)
    assert CARDS["hofmaarschalk"].permanent and CARDS["hofmaarschalk"].hand_limit_bonus == 2
    assert CARDS["lastercampagne"].affects == "opponent"
    lists = [c for c in CARDS.values() if c.list_card]
    assert len(lists) >= 3
    assert all(c.effect == "steal" and c.affects == "opponent" for c in lists)


def test_deck_has_one_shot_and_permanent_cards():
    assert {c.permanent for c in CARDS.values()} == {True, False}


@pytest.mark.parametrize(
    ("condition", "dice", "met"),
    [
        (("sum_at_least", 10), (4, 6), True),
        (("sum_at_least", 10), (4, 5), False),
        (("sum_at_most", 8), (4, 4), True),
        (("sum_at_most", 8), (4, 5), False),
        (("pair",), (2, 5, 2), True),
        (("pair",), (1, 2, 3), False),
        (("three_of_a_kind",), (5, 5, 1, 5), True),
        (("three_of_a_kind",), (5, 5, 1, 4), False),
        (("run", 3), (6, 4, 1, 5), True),
        (("run", 3), (1, 2, 4, 5), False),
        (("all_odd",), (1, 3, 5), True),
        (("all_odd",), (1, 3, 4), False),
        (("all_even",), (2, 6), True),
        (("all_even",), (2, 5), False),
        (("contains", 6), (1, 6), True),
        (("contains", 6), (1, 5), False),
    ],
)
def test_card_condition_reads_the_locked_dice(condition, dice, met):
    assert condition_met(condition, dice) is met


# --- opening and activating ---------------------------------------------------------------


def test_cards_open_only_after_the_roll_is_locked():
    state = game(phase="roll")
    (cid,) = give_cards(state, "bode_te_paard")
    script_dice(state, 4, 4)
    state = move(state, "roll")
    refused(
        state,
        {"type": "activate", "card": cid},
        "activate_unlocked",
    )
    assert all(m.type != "activate" for m in legal_moves(state))


def test_only_cards_whose_condition_the_roll_meets_can_be_activated():
    state = game(phase="roll")
    pair, six = give_cards(state, "bode_te_paard", "tolbrief")  # a pair / a 6
    state = roll_and_lock(state, 4, 4)
    assert [m.card for m in legal_moves(state) if m.type == "activate"] == [pair]
    refused(
        state,
        {"type": "activate", "card": six, "target": [0, 0]},
        "card_condition",
    )


def test_activating_a_card_not_in_your_hand_is_refused():
    state = game(phase="roll")
    give_cards(state, "bode_te_paard")
    (theirs,) = give_cards(state, "bode_te_paard", seat=1 - state.current)
    state = roll_and_lock(state, 4, 4)
    refused(state, {"type": "activate", "card": theirs}, "card_not_in_hand")


def test_activation_pips_come_off_the_sum_before_thresholds():
    # An 11 reaches Kapitaalbeurs, but Bode te paard costs 1 pip: 10 misses.
    state = game()
    pool(state, 3)
    put_pawn(state, 1, "bank")
    give_post(state, "bank")
    set_court_action(state, "bank", "kapitaalbeurs")
    state = choose(state, 1, "court")
    state = to_roll(state)
    (cid,) = give_cards(state, "bode_te_paard")
    state = roll_and_lock(state, 4, 4, 3)
    state = move(state, "activate", card=cid)  # no card left open: settles by itself
    report = state.turn.report
    assert (report["sum"], report["pips"], report["effective"]) == (11, 1, 10)
    assert report["actions"][0]["hit"] is False
    assert me(state).aanzien == 0


def test_activation_pips_lower_resource_yields_too():
    state = game()
    put_pawn(state, 2, "bank")
    state = choose(state, 2, "resource")
    state = to_roll(state)
    (cid,) = give_cards(state, "gouden_beurs")  # sum >= 14, 2 pips
    pool(state, 3)
    state = roll_and_lock(state, 5, 5, 5)
    state = move(state, "activate", card=cid)
    assert state.turn.report["actions"][0]["amount"] == 13 // 3


def test_effective_sum_never_below_zero():
    # A 2 with three 1-pip cards: 2 - 3 is 0, not -1.
    state = game(phase="roll")
    cards = give_cards(state, "leergeld", "leergeld", "strenge_winter")
    state = roll_and_lock(state, 1, 1)
    for cid in cards:
        state = move(state, "activate", card=cid)
    assert (state.turn.report["pips"], state.turn.report["effective"]) == (3, 0)


def test_compensation_reads_the_locked_sum_not_the_effective_sum():
    state = game(phase="roll")
    set_resources(state, gunst=0)
    (cid,) = give_cards(state, "bode_te_paard")
    state = roll_and_lock(state, 2, 2)  # 6 - 4 = 2
    state = move(state, "activate", card=cid)
    assert state.turn.report["compensation"] == 2


def test_one_shot_card_leaves_the_hand_when_activated():
    state = game(phase="roll")
    (cid,) = give_cards(state, "bode_te_paard")
    before = me(state).resources["relaties"]
    state = roll_and_lock(state, 4, 4)
    state = move(state, "activate", card=cid)
    assert cid not in me(state).hand
    assert state.discards[-1] == cid
    assert me(state).resources["relaties"] == before + 2


def test_unused_card_stays_in_the_hand():
    state = game(phase="roll")
    (cid,) = give_cards(state, "bode_te_paard")
    state = roll_and_lock(state, 4, 4)
    state = move(state, "settle")
    state = move(state, "end_turn")
    assert cid in state.players[1 - state.current].hand


def test_permanent_card_stays_active_after_one_paid_activation():
    state = game(phase="roll")
    (cid,) = give_cards(state, "hofmaarschalk")
    state = roll_and_lock(state, 5, 5)
    state = move(state, "activate", card=cid)
    assert cid in me(state).hand and cid in me(state).active
    assert state.turn.pips == 2
    assert state.turn.settled  # no other card open: settles by itself


def test_active_permanent_card_cannot_be_activated_again():
    state = game(phase="roll")
    (cid,) = give_cards(state, "hofmaarschalk")
    me(state).active.append(cid)
    state = roll_and_lock(state, 5, 5)
    assert state.turn.settled  # an active card does not lie open
    state = game(phase="roll")
    (cid,) = give_cards(state, "hofmaarschalk")
    me(state).active.append(cid)
    give_cards(state, "bode_te_paard")
    state = roll_and_lock(state, 5, 5)
    refused(state, {"type": "activate", "card": cid}, "card_active")


def test_activating_after_settling_is_refused():
    state = game(phase="roll")
    (cid,) = give_cards(state, "bode_te_paard")
    state = roll_and_lock(state, 4, 4)
    state = move(state, "settle")
    refused(
        state,
        {"type": "activate", "card": cid},
        "activate_settled",
    )


def test_card_without_a_target_refuses_one():
    state = game(phase="roll")
    (cid,) = give_cards(state, "bode_te_paard")
    state = roll_and_lock(state, 4, 4)
    refused(
        state,
        {"type": "activate", "card": cid, "target": "geld"},
        "card_no_target",
    )


# --- the named cards -------------------------------------------------------------------------


def test_stadsbrand_costs_both_players_two_geld():
    state = game(phase="roll")
    set_resources(state, geld=5)
    set_resources(state, geld=1, seat=1 - state.current)
    (cid,) = give_cards(state, "stadsbrand")
    state = roll_and_lock(state, 2, 3)
    state = move(state, "activate", card=cid)
    assert me(state).resources["geld"] == 3
    assert opp(state).resources["geld"] == 0  # a loss takes what there is


def test_hofmaarschalk_raises_the_hand_limit_by_two_while_active():
    state = game(phase="roll")
    (cid,) = give_cards(state, "hofmaarschalk")
    give_cards(state, *["volksfeest"] * 5)  # six cards in hand
    state = roll_and_lock(state, 5, 5)
    state = move(state, "activate", card=cid)
    assert modifiers.hand_limit(state, state.current) == 6
    assert legal_moves(state) == [Move("end_turn")]


def test_active_permanent_card_counts_towards_the_hand_limit():
    state = game(phase="roll")
    (cid,) = give_cards(state, "lijfwacht")
    me(state).active.append(cid)
    give_cards(state, *["volksfeest"] * 4)
    state = roll_and_lock(state, 4, 5)
    assert {m.type for m in legal_moves(state)} == {"discard"}


def test_discarded_permanent_card_stops_working():
    state = game(phase="roll")
    (marshal,) = give_cards(state, "hofmaarschalk")
    me(state).active.append(marshal)
    give_cards(state, *["volksfeest"] * 6)  # 7 cards, limit 6
    state = roll_and_lock(state, 4, 5)
    state = move(state, "discard", card=marshal)
    assert marshal not in me(state).active
    assert modifiers.hand_limit(state, state.current) == 4
    assert {m.type for m in legal_moves(state)} == {"discard"}


def test_lastercampagne_lowers_the_opponent_hand_limit_for_his_next_three_turns():
    state = game(phase="roll")
    victim = 1 - state.current
    (cid,) = give_cards(state, "lastercampagne")
    state = roll_and_lock(state, 3, 3)
    state = move(state, "activate", card=cid)
    assert modifiers.hand_limit(state, victim) == 3
    state = move(state, "end_turn")  # -> the victim's turn
    limits = []  # the victim's hand limit at each of his turns (in whatever seat order)
    while len(limits) < 4:
        if state.current == victim:
            limits.append(modifiers.hand_limit(state, victim))
        state = _finish_turn(state)
    assert limits == [3, 3, 3, 4]
    assert "laster" not in state.players[victim].effects


def _finish_turn(state):
    """Skip to the end of the current player's turn with a plain roll and end it."""
    state.phase = "roll"
    state = roll_and_lock(state, 4, 5)
    while not state.turn.settled:
        state = move(state, "settle")
    return move(state, "end_turn") if legal_moves(state) == [Move("end_turn")] else state


def test_lastercampagne_makes_the_opponent_discard_at_four_cards():
    state = game(phase="roll")
    victim = 1 - state.current
    (cid,) = give_cards(state, "lastercampagne")
    give_cards(state, *["volksfeest"] * 4, seat=victim)
    state = roll_and_lock(state, 3, 3)
    state = move(state, "activate", card=cid)
    state = move(state, "end_turn")
    state.phase = "roll"
    state = roll_and_lock(state, 4, 5)
    assert state.current == victim
    refused(
        state,
        {"type": "end_turn"},
        "hand_full",
        limit=3,
    )


@pytest.mark.parametrize("key", sorted(k for k, c in CARDS.items() if c.list_card))
def test_list_card_takes_from_the_opponent_never_aanzien(key):
    card = CARDS[key]
    state = game(phase="roll")
    set_resources(state, seat=1 - state.current, geld=5, relaties=5, reputatie=5)
    opp(state).aanzien = 7
    (cid,) = give_cards(state, key)
    dice = _dice_meeting(card.condition)
    pool(state, len(dice))
    before = dict(me(state).resources)
    state = roll_and_lock(state, *dice)
    state = move(state, "activate", card=cid)
    (res, n) = card.params[0]
    assert opp(state).resources[res] == 5 - n
    assert me(state).resources[res] == before[res] + n
    assert opp(state).aanzien == 7


def test_list_card_takes_only_what_the_opponent_has():
    state = game(phase="roll")
    set_resources(state, seat=1 - state.current, geld=1)
    set_resources(state, geld=0)
    (cid,) = give_cards(state, "zakkenroller")
    state = roll_and_lock(state, 2, 2)
    state = move(state, "activate", card=cid)
    assert opp(state).resources["geld"] == 0
    assert me(state).resources["geld"] == 1


def test_lijfwacht_keeps_list_cards_from_taking_anything():
    state = game(phase="roll")
    victim = 1 - state.current
    set_resources(state, seat=victim, geld=5)
    (guard,) = give_cards(state, "lijfwacht", seat=victim)
    state.players[victim].active.append(guard)
    (cid,) = give_cards(state, "zakkenroller")
    state = roll_and_lock(state, 2, 2)
    state = move(state, "activate", card=cid)
    assert opp(state).resources["geld"] == 5
    assert state.turn.report["cards"][0]["effect"] == {"steal": [], "guarded": True}


GUARD = "je tegenstander kan je niets afnemen"  # Lijfwacht


@pytest.mark.parametrize("card", ["inkwartiering", "stadsbrand"])
def test_lijfwacht_keeps_the_opponents_losses_off_you_too(card):
    # Lijfwacht: GUARD. Inkwartiering (you lose 2 geld) and the opponent's Stadsbrand take
    # nothing from a guarded player; the one who plays Stadsbrand still loses his own 2.
    state = game(phase="roll")
    victim = 1 - state.current
    set_resources(state, seat=victim, geld=5)
    set_resources(state, geld=5)
    (guard,) = give_cards(state, "lijfwacht", seat=victim)
    state.players[victim].active.append(guard)
    (cid,) = give_cards(state, card)  # both: a sum of at most 8 or 9
    state = roll_and_lock(state, 2, 3)
    state = move(state, "activate", card=cid)
    assert opp(state).resources["geld"] == 5
    assert me(state).resources["geld"] == (3 if card == "stadsbrand" else 5)
    assert state.turn.report["cards"][0]["effect"]["guarded"] is True


def test_rules_1_lijfwacht_did_not_stop_inkwartiering():
    state = game(phase="roll", rules="1")
    victim = 1 - state.current
    set_resources(state, seat=victim, geld=5)
    (guard,) = give_cards(state, "lijfwacht", seat=victim)
    state.players[victim].active.append(guard)
    (cid,) = give_cards(state, "inkwartiering")
    state = roll_and_lock(state, 2, 3)
    state = move(state, "activate", card=cid)
    assert opp(state).resources["geld"] == 3


def test_income_card_pays_at_the_end_of_each_own_turn():
    state = game(phase="roll")
    seat = state.current
    set_resources(state, geld=0)
    (cid,) = give_cards(state, "rentenier")  # sum >= 15, 3 pips
    pool(state, 3)
    state = roll_and_lock(state, 5, 5, 5)
    state = move(state, "activate", card=cid)
    assert me(state).resources["geld"] == 0
    state = move(state, "end_turn")
    assert state.players[seat].resources["geld"] == 1


def test_step_card_gives_steps_on_the_next_turn_only():
    state = game(phase="roll")
    seat = state.current
    (cid,) = give_cards(state, "wegwijzer")  # a run of 3
    pool(state, 3)
    state = roll_and_lock(state, 2, 3, 4)
    state = move(state, "activate", card=cid)
    assert "extra_steps" not in me(state).effects  # this turn's walk is over
    state = move(state, "end_turn")
    assert state.players[seat].effects["extra_steps"] == 2


TOLL_GATES = "Ze staan er de hele partij"  # IV, toltegels


def test_tolbrief_collects_toll_and_every_toll_gate_stays():
    # IV: TOLL_GATES; docs/decisions.md#the-board-i names Poortrecht as the only exception, so the card levies toll.
    state = game(phase="roll")
    tolls = toll_hexes(state)
    assert tolls  # the board always has toll tiles (I)
    set_resources(state, geld=0)
    (cid,) = give_cards(state, "tolbrief")
    state = roll_and_lock(state, 6, 1)
    assert [m.target for m in legal_moves(state) if m.type == "activate"] == [None]
    refused(state, {"type": "activate", "card": cid, "target": [0, 0]}, "card_no_target")
    state = move(state, "activate", card=cid)
    assert toll_hexes(state) == tolls
    assert me(state).resources["geld"] == min(3, len(tolls))


def test_tolbrief_pays_nothing_without_toll_gates():
    state = game(phase="roll")
    for h in toll_hexes(state):
        state.board[h] = state.board[h].__class__(**{**_fields(state.board[h]), "toll": False})
    set_resources(state, geld=0)
    (cid,) = give_cards(state, "tolbrief")
    state = roll_and_lock(state, 6, 1)
    state = move(state, "activate", card=cid)
    assert me(state).resources["geld"] == 0


def test_rules_1_tolbrief_still_removes_the_chosen_toll_gate():
    state = game(phase="roll", rules="1")
    tolls = toll_hexes(state)
    (cid,) = give_cards(state, "tolbrief")
    state = roll_and_lock(state, 6, 1)
    assert [m.target for m in legal_moves(state) if m.type == "activate"] == tolls
    refused(state, {"type": "activate", "card": cid}, "choose_toll")
    refused(state, {"type": "activate", "card": cid, "target": [0, 0]}, "no_toll_there")
    state = move(state, "activate", card=cid, target=list(tolls[0]))
    assert not state.board[tolls[0]].toll
    assert toll_hexes(state) == tolls[1:]


def _fields(tile):
    return {f: getattr(tile, f) for f in tile.__slots__}


def test_voorraadschuur_refills_houses_with_own_pawns():
    state = game(phase="roll")
    put_pawn(state, 1, "bank")
    put_pawn(state, 2, "kerk")
    state.houses["bank"].supply = 3
    state.houses["kerk"].supply = 8
    (cid,) = give_cards(state, "voorraadschuur")
    state = roll_and_lock(state, 3, 3)
    state = move(state, "activate", card=cid)
    assert state.houses["bank"].supply == 4
    assert state.houses["kerk"].supply == 8  # never above 8


def _dice_meeting(condition):
    """Some dice (3 of them when possible) that meet a condition."""
    for dice in ((4, 4, 4), (1, 3, 5), (2, 3, 4), (6, 6, 6), (2, 2, 2), (1, 1, 1)):
        if condition_met(condition, dice):
            return dice
    raise AssertionError(condition)


@pytest.mark.parametrize(
    ("key", "dice", "mine", "theirs"),
    [
        ("volksfeest", (3, 4), 1, 1),  # both figures: both gain
        ("inkwartiering", (3, 4), 0, -2),  # the open figure: only the opponent
        ("pestepidemie", (2, 2, 2), -1, -1),  # both figures: both lose
        ("gildefeest", (2, 4), 2, 0),  # the solid figure: only you
    ],
)
def test_card_figures_decide_who_is_affected(key, dice, mine, theirs):
    card = CARDS[key]
    res = card.params[0][0]
    state = game(phase="roll")
    pool(state, len(dice))
    set_resources(state, geld=5, relaties=5)
    set_resources(state, seat=1 - state.current, geld=5, relaties=5, reputatie=5)
    (cid,) = give_cards(state, key)
    before_me, before_opp = me(state).resources[res], opp(state).resources[res]
    state = roll_and_lock(state, *dice)
    state = move(state, "activate", card=cid)
    assert me(state).resources[res] - before_me == mine
    assert opp(state).resources[res] - before_opp == theirs
