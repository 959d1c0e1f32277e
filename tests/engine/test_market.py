"""III: the court market (4 open shared cards, refilled at once, reshuffled when empty) and
phase 1 (take exactly one card or one task; nothing to take: the phase passes by itself)."""

import pytest

from engine import market, turns
from engine.content.cards import CARDS
from engine.errors import IllegalMove
from engine.game import apply, legal_moves, new_game
from engine.moves import Move


def _with_known_deck(state, n_cards=10):
    """Replace the dealt cards by n plain instance ids, 4 in the market, the rest in the deck."""
    ids = [f"t{i}" for i in range(n_cards)]
    key = next(iter(CARDS), "kaart")
    state.cards = {cid: key for cid in ids}
    state.market = ids[:4]
    state.deck = ids[4:]
    state.discards = []
    return state


def test_setup_deals_every_card_copy_once_with_unique_instance_ids():
    s = new_game("market-setup")
    copies = sum(c.copies for c in CARDS.values())
    assert len(s.cards) == copies
    assert sorted(s.cards, key=lambda c: int(c[1:])) == [f"c{i}" for i in range(1, copies + 1)]
    assert all(key in CARDS for key in s.cards.values())
    dealt = [c for c in s.market if c is not None] + s.deck
    assert sorted(dealt) == sorted(s.cards)
    assert len(s.market) == 4
    if copies >= 4:
        assert None not in s.market


def test_same_seed_deals_the_same_market_tasks_and_events():
    a, b = new_game("same-seed"), new_game("same-seed")
    assert (a.market, a.deck, a.conveyor, a.task_deck, a.event, a.event_deck) == (
        b.market,
        b.deck,
        b.conveyor,
        b.task_deck,
        b.event,
        b.event_deck,
    )


def test_taking_a_card_puts_it_in_the_hand_and_refills_the_slot_at_once():
    s = _with_known_deck(new_game("take-card"))
    taken, top = s.market[2], s.deck[0]
    after = apply(s, {"type": "take_card", "slot": 2})
    assert taken in after.players[s.current].hand
    assert after.market[2] == top
    assert len(after.deck) == len(s.deck) - 1
    assert after.phase == "walk"


def test_an_empty_deck_is_reshuffled_from_the_discards():
    s = _with_known_deck(new_game("reshuffle"), n_cards=8)
    s.deck = []
    s.discards = ["t4", "t5", "t6", "t7"]
    after = apply(s, {"type": "take_card", "slot": 0})
    assert after.market[0] in {"t4", "t5", "t6", "t7"}
    assert after.discards == []
    assert sorted(after.deck + [after.market[0]]) == ["t4", "t5", "t6", "t7"]


def test_reshuffle_order_comes_from_the_seed():
    decks = []
    for _ in range(2):
        s = _with_known_deck(new_game("reshuffle-seed"), n_cards=12)
        s.deck = []
        s.discards = [f"t{i}" for i in range(4, 12)]
        decks.append(apply(s, {"type": "take_card", "slot": 1}).deck)
    assert decks[0] == decks[1]


def test_a_slot_stays_empty_when_deck_and_discards_are_both_empty():
    s = _with_known_deck(new_game("empty-slot"), n_cards=4)
    after = apply(s, {"type": "take_card", "slot": 3})
    assert after.market[3] is None
    back = after.clone()
    back.phase, back.turn.taken = "draw", False
    with pytest.raises(IllegalMove):
        apply(back, {"type": "take_card", "slot": 3})


def test_phase_one_takes_exactly_one_card_or_task():
    s = _with_known_deck(new_game("one-thing"))
    moves = {str(m) for m in legal_moves(s)}
    assert '{"slot":0,"type":"take_card"}' in moves
    assert '{"slot":0,"type":"take_task"}' in moves
    after = apply(s, {"type": "take_task", "slot": 0})
    assert after.phase == "walk"
    with pytest.raises(IllegalMove):
        apply(after, {"type": "take_card", "slot": 0})


def test_phase_one_passes_by_itself_when_nothing_can_be_taken():
    s = new_game("nothing-to-take")
    s.market = [None] * 4
    s.conveyor = []
    turns.start_turn(s)
    assert s.phase == "walk"
    assert not market.has_choice(s)


def test_phase_one_stays_while_only_a_task_can_be_taken():
    s = new_game("only-tasks")
    s.market = [None] * 4
    assert market.has_choice(s)
    assert {m.type for m in legal_moves(s)} == {"take_task"}


def test_take_card_is_refused_outside_phase_one():
    s = _with_known_deck(new_game("outside"))
    s.phase = "walk"
    with pytest.raises(IllegalMove):
        apply(s, Move("take_card", slot=0))
