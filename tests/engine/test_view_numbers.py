"""The view carries the numbers a seat decides by, worked out by the rules themselves: this
round's thresholds, the Wisselaar's cheaper bends, the surcharge where an opponent stands,
the next die's price."""

from __future__ import annotations

from engine import apply, view
from engine.content.court_actions import COURT_ACTIONS

from .helpers import walk_state


def test_thresholds_in_the_view_follow_the_rounds_event():
    s = walk_state()
    s.event = "strenge_ceremoniemeester"  # every threshold one step up
    v = view(s, s.current)
    for key, house in v["houses"].items():
        base = COURT_ACTIONS[s.houses[key].court_action].threshold
        assert house["threshold"] == {9: 11, 11: 13, 13: 13}[base]


def test_the_wisselaar_bends_for_one_gunst_less_and_only_he():
    s = walk_state()
    s.offices["wisselaar"] = s.current
    v = view(s, None)
    assert v["players"][s.current]["bend_costs"] == {"reroll": 0, "raise": 1, "add": 2}
    assert v["players"][1 - s.current]["bend_costs"] == {"reroll": 1, "raise": 2, "add": 3}


def test_supply_costs_add_the_surcharge_where_an_opponent_pawn_stands():
    s = walk_state(houses={"kerk": (1, 0), "bank": (-1, 0)}, opponent={1: (1, 0)})
    costs = view(s, s.current)["players"][s.current]["supply_costs"]
    assert costs["kerk"] == {"resource": 2, "court": 3}
    assert costs["bank"] == {"resource": 1, "court": 2}


def test_the_next_die_price_climbs_and_ends(monkeypatch):
    s = walk_state()
    s.phase = "roll"
    s.players[s.current].resources["geld"] = 20
    prices = []
    for _ in range(4):
        prices.append(view(s, s.current)["turn"]["next_die_price"])
        if prices[-1] is not None:
            s = apply(s, {"type": "buy_die"})
    assert prices == [2, 4, 6, None]
    assert view(s, s.current)["turn"]["dice_count"] == 5
