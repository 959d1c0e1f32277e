"""The numbers a player decides by come from the engine's rules, through the API: the view
(dice pool, next die's price, bend costs, thresholds, supply costs) and /api/content/'s
`rules`. Change an engine constant and the API's numbers follow: no second copy anywhere."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from engine import actions, board, court, market, modifiers, roll, state, walking
from engine.content import cards, court_actions, foundations, houses, offices, tokens
from games import content as content_module
from tests.server.helpers import play, user_of

pytestmark = pytest.mark.django_db

FRONTEND = Path(__file__).resolve().parents[2] / "frontend" / "js"


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


# The rules page (frontend/js/pages/rules.js) writes no rule number into its sentences: each
# is a placeholder `r.<key>` filled from /api/content/'s `rules` (some flattened by the page).
RULES_PAGE_CONSTANTS = {
    "rounds": (state, "ROUNDS"),
    "market_size": (market, "MARKET_SIZE"),
    "conveyor_size": (market, "CONVEYOR_SIZE"),
    "task_slot_cost": (market, "TASK_SLOT_COST"),
    "toll_steps": (walking, "TOLL_STEPS"),
    "step_price": (walking, "STEP_PRICE"),
    "max_bought_steps": (walking, "MAX_BOUGHT_STEPS"),
    "crossing_price": (walking, "CROSSING_PRICE"),
    "clear_cost": (modifiers, "BASE_CLEAR_COST"),
    "max_clears": (walking, "MAX_CLEARS"),
    "meeting_gain": (walking, "MEETING_GAIN"),
    "first_rotation_cost": (walking, "FIRST_ROTATION_COST"),
    "walk_dice": (walking, "WALK_DICE"),
    "house_supply": (state, "HOUSE_SUPPLY"),
    "role_shift": (actions, "ROLE_SHIFT"),
    "opponent_surcharge": (actions, "OPPONENT_SURCHARGE"),
    "base_pool": (roll, "BASE_POOL"),
    "compensation_cap": (roll, "COMPENSATION_CAP"),
    "compensation_factor": (roll, "COMPENSATION_FACTOR"),
    "miss_gain": (roll, "MISS_GAIN"),
    "max_bends": (roll, "MAX_BENDS"),
    "raise_step": (roll, "RAISE_STEP"),
    "hand_limit": (modifiers, "BASE_HAND_LIMIT"),
    "post_bonus": (roll, "POST_BONUS"),
    "post_income": (court, "POST_INCOME"),
    "restock": (court, "RESTOCK"),
    "office_cost": (offices, "OFFICE_COST"),
    "office_end_aanzien": (offices, "OFFICE_END_AANZIEN"),
    "foundation_first_cost": (foundations, "FIRST_COST"),
    "foundation_cost_step": (foundations, "COST_STEP"),
}
# what pages/rules.js derives from the served tables, and from which
RULES_PAGE_FLATTENED = {
    "pawns": "pawn_roles",
    "tier_pays": "tier_pay",
    "bend_reroll": "bend_costs",
    "bend_raise": "bend_costs",
    "bend_add": "bend_costs",
}
# tables the page lists, followed by test_content_rules_follow_the_engine_constants and below
RULES_PAGE_TABLES = {"tiers", "pool_steps", "die_prices", "lakes"}
# facts of the engine's tables and its board generator, no single constant: the houses it
# places (content.houses.HOUSE_KEYS) and the range of the cards' activation costs
RULES_PAGE_FACTS = {"house_count", "card_cost_min", "card_cost_max"}


def rules_page_placeholders(language: str) -> set[str]:
    text = (FRONTEND / f"strings-{language}.js").read_text()
    return set(re.findall(r"\br\.(\w+)", text[text.index("export const RULES") :]))


def served_rules(client) -> dict:
    content_module.content.cache_clear()  # the tables are read once per process
    try:
        return client.get("/api/content/").json()["rules"]
    finally:
        content_module.content.cache_clear()


@pytest.mark.parametrize("language", ["nl", "en"])
def test_every_number_on_the_rules_page_is_served_by_the_api(client, language):
    used = rules_page_placeholders(language)
    assert len(used) > 20  # the page's numbers are placeholders, not text
    served = served_rules(client)
    known = set(RULES_PAGE_CONSTANTS) | set(RULES_PAGE_FLATTENED) | RULES_PAGE_TABLES
    assert used <= known | RULES_PAGE_FACTS
    assert {RULES_PAGE_FLATTENED.get(key, key) for key in used} <= set(served)


def test_the_rules_pages_numbers_follow_the_engine_constants(client, monkeypatch):
    for module, name in RULES_PAGE_CONSTANTS.values():
        monkeypatch.setattr(module, name, getattr(module, name) + 100)
    monkeypatch.setattr(modifiers, "TIERS", (8, 10, 12))
    monkeypatch.setattr(court_actions, "TIER_PAY", {8: 3, 10: 5, 12: 7})
    monkeypatch.setattr(state, "PAWN_ROLES", {1: "koopman", 2: "klerk"})
    monkeypatch.setattr(board, "LAKES", (3, 5))
    monkeypatch.setattr(houses, "HOUSE_KEYS", ("gilde", "bank", "kerk"))
    dearer = {k: dataclasses.replace(c, cost=c.cost + 100) for k, c in cards.CARDS.items()}
    monkeypatch.setattr(cards, "CARDS", dearer)
    rules = served_rules(client)
    for key, (module, name) in RULES_PAGE_CONSTANTS.items():
        assert rules[key] == getattr(module, name), key
        assert rules[key] >= 100, key
    assert rules["tiers"] == [8, 10, 12]
    assert rules["tier_pay"] == {"8": 3, "10": 5, "12": 7}
    assert len(rules["pawn_roles"]) == 2
    assert rules["lakes"] == [3, 5]
    assert rules["house_count"] == 3
    costs = [c.cost for c in dearer.values()]
    assert (rules["card_cost_min"], rules["card_cost_max"]) == (min(costs), max(costs))
    assert rules["card_cost_min"] >= 100


def test_the_served_role_shift_is_the_one_the_roles_apply(client):
    rules = served_rules(client)
    shifts = {abs(v) for mods in rules["role_modifiers"].values() for v in mods.values()}
    assert shifts == {rules["role_shift"]}


# The game screen's sentences (the catalogues outside RULES) take their rule numbers the same
# way: a placeholder `r.<key>` filled from the served rules (content.js ruleNumbers()), or a
# number that the view or the served token table carries (a token's amount, a miss's gunst).
SCREEN_CONSTANTS = {
    "max_tasks": (market, "MAX_TASKS"),
    "lot_gain": (walking, "LOT_GAIN"),  # a token with a lot (content.js tokenAmount)
    "enter_steps": (walking, "ENTER_STEPS"),  # a step into a tile (the client reads the preview)
}
SCREEN_USES = {  # the numbers the screen used to write itself (issue 14)
    "rounds",
    "step_price",
    "max_bought_steps",
    "crossing_price",
    "toll_steps",
    "house_supply",
    "opponent_surcharge",
    "miss_gain",
    "office_end_aanzien",
    "max_tasks",
    "walk_dice",
}


def screen_placeholders(language: str) -> set[str]:
    text = (FRONTEND / f"strings-{language}.js").read_text()
    start = text.index("export const RULES")
    end = text.index("\n};\n", start)
    return set(re.findall(r"\br\.(\w+)", text[:start] + text[end:]))


@pytest.mark.parametrize("language", ["nl", "en"])
def test_every_number_on_the_game_screen_is_served_by_the_api(client, language):
    used = screen_placeholders(language)
    assert used >= SCREEN_USES
    # a number derived from a served table (content.js flattens bend_costs) counts as served
    assert used <= set(RULES_PAGE_CONSTANTS) | set(SCREEN_CONSTANTS) | set(RULES_PAGE_FLATTENED)
    assert {RULES_PAGE_FLATTENED.get(key, key) for key in used} <= set(served_rules(client))


@pytest.mark.parametrize("language", ["nl", "en"])
def test_the_token_effects_write_no_amount(language):
    text = (FRONTEND / f"strings-{language}.js").read_text()
    start = text.index("  tokens: {")
    block = text[start : text.index("\n  },\n", start)]
    assert block.count("(n) =>") >= 7
    assert not re.search(r"[0-9]", block)


def test_the_game_screens_numbers_follow_the_engine_constants(client, monkeypatch):
    for module, name in SCREEN_CONSTANTS.values():
        monkeypatch.setattr(module, name, getattr(module, name) + 100)
    rules = served_rules(client)
    for key, (module, name) in SCREEN_CONSTANTS.items():
        assert rules[key] == getattr(module, name), key
        assert rules[key] >= 100, key


def test_the_served_tokens_carry_the_amounts_the_screen_shows(client, monkeypatch):
    for key, kind in list(tokens.TOKENS.items()):
        more = dataclasses.replace(
            kind,
            gives=tuple((r, n + 100) for r, n in kind.gives),
            takes=tuple((r, n + 100) for r, n in kind.takes),
        )
        monkeypatch.setitem(tokens.TOKENS, key, more)
    content_module.content.cache_clear()
    try:
        served = client.get("/api/content/").json()["tokens"]
    finally:
        content_module.content.cache_clear()
    for key, kind in tokens.TOKENS.items():
        assert served[key]["gives"] == [[r, n] for r, n in kind.gives], key
        assert served[key]["takes"] == [[r, n] for r, n in kind.takes], key
        assert all(n >= 100 for _, n in kind.gives + kind.takes), key
        assert kind.gives or kind.takes or kind.lot, key  # an amount, or the lot's gain
