"""The numbers a player decides by come from the engine's rules, through the API: the view
(dice pool, next die's price, bend costs, thresholds, supply costs) and /api/content/'s
`rules`. Change an engine constant and the API's numbers follow: no second copy anywhere."""

from __future__ import annotations

import pytest

from engine import actions, modifiers, roll
from games import content as content_module
from tests.server.helpers import play, user_of

pytestmark = pytest.mark.django_db


def _state(game, client_for):
    me = user_of(game, game.current_seat)
    return client_for(me).get(f"/api/games/{game.pk}/").json()["state"]


def _me(view):
    return view["players"][view["viewer"]]


def test_the_view_carries_the_numbers_of_the_rules(started_game, client_for):
    view = _state(started_game, client_for)
    me = _me(view)
    assert me["dice_pool"] == roll.dice_pool(me["resources"]["reputatie"])
    assert me["bend_costs"] == modifiers.BEND_COSTS
    assert view["turn"]["next_die_price"] == roll.DIE_PRICES[0]
    assert view["turn"]["dice_count"] == me["dice_pool"]
    for key, house in view["houses"].items():
        assert house["threshold"] in modifiers.TIERS
        assert set(me["supply_costs"][key]) == {"resource", "court"}


def test_engine_constants_flow_through_the_view(started_game, client_for, monkeypatch):
    monkeypatch.setattr(roll, "DIE_PRICES", (5, 7, 9))
    monkeypatch.setattr(roll, "POOL_STEPS", ((18, 6), (12, 5), (7, 4), (0, 3)))
    monkeypatch.setattr(modifiers, "BEND_COSTS", {"reroll": 4, "raise": 5, "add": 6})
    monkeypatch.setattr(actions, "RESOURCE_COST", 3)
    view = _state(started_game, client_for)
    me = _me(view)
    assert view["turn"]["next_die_price"] == 5
    assert me["dice_pool"] == 3 and view["turn"]["dice_count"] == 3
    assert me["bend_costs"] == {"reroll": 4, "raise": 5, "add": 6}
    assert all(costs["resource"] in (3, 4) for costs in me["supply_costs"].values())


def test_the_opponents_pawn_shows_in_the_supply_cost(started_game, client_for, monkeypatch):
    monkeypatch.setattr(actions, "OPPONENT_SURCHARGE", 5)
    game = play(started_game, until=lambda s: any(p != (0, 0) for p in s.opponent.pawns.values()))
    view = _state(game, client_for)
    me, them = _me(view), view["players"][1 - view["viewer"]]
    for key, house in view["houses"].items():
        crowded = list(house["hex"]) in [list(h) for h in them["pawns"].values()]
        assert me["supply_costs"][key]["court"] == actions.COURT_COST + (5 if crowded else 0)


def test_content_rules_follow_the_engine_constants(client, monkeypatch):
    monkeypatch.setattr(roll, "DIE_PRICES", (5, 7, 9))
    monkeypatch.setattr(modifiers, "BEND_COSTS", {"reroll": 4, "raise": 5, "add": 6})
    monkeypatch.setattr(actions, "OPPONENT_SURCHARGE", 2)
    content_module.content.cache_clear()  # the tables are read once per process
    try:
        rules = client.get("/api/content/").json()["rules"]
    finally:
        content_module.content.cache_clear()
    assert rules["die_prices"] == [5, 7, 9]
    assert rules["bend_costs"] == {"reroll": 4, "raise": 5, "add": 6}
    assert rules["opponent_surcharge"] == 2
    assert rules["pool_steps"][-1] == {"reputatie": 3, "dice": 3}
    assert rules["role_modifiers"]["koopman"] == {"geld": 1, "reputatie": -1}
