"""The game's static content (houses, court actions, cards, tasks, events, offices,
foundations, tokens) as JSON for clients: names and texts to show with the keys that views
and moves use, in Dutch or English (`content(lang)`: the English comes from
engine/content/english.py), and `rules`: the engine's own numbers (dice pool steps, die prices,
bend costs, tiers, role shifts, supply costs ...), read from the engine modules so that no
client declares them again. Everything here is public (the rules' tables), never a deal."""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from typing import Any

import engine
from engine import actions, board, court, market, modifiers, roll, state, walking
from engine.content import (
    cards,
    court_actions,
    english,
    events,
    foundations,
    houses,
    offices,
    tasks,
    tokens,
)

SECTIONS: dict[str, dict[str, Any]] = {
    "houses": houses.HOUSES,
    "court_actions": court_actions.COURT_ACTIONS,
    "cards": cards.CARDS,
    "tasks": tasks.TASKS,
    "events": events.EVENTS,
    "offices": offices.OFFICES,
    "foundations": foundations.FOUNDATIONS,
    "tokens": tokens.TOKENS,
}


def _entry(item: Any) -> dict[str, Any]:
    """A content dataclass as JSON: its data fields (functions, which are rules, left out)."""
    out = {}
    for f in dataclasses.fields(item):
        value = getattr(item, f.name)
        if callable(value):
            continue
        out[f.name] = json.loads(json.dumps(value))  # tuples become lists
    return out


def rules() -> dict[str, Any]:
    """The rules' numbers, straight from the engine's constants; a few are facts of its
    tables and its board generator (the houses it places, the lakes it draws, the range of
    the cards' activation costs)."""
    costs = [card.cost for card in cards.CARDS.values()]
    return {
        "rounds": state.ROUNDS,
        "house_count": len(houses.HOUSE_KEYS),
        "lakes": list(board.LAKES),
        "card_cost_min": min(costs),
        "card_cost_max": max(costs),
        "pawn_roles": {str(k): v for k, v in state.PAWN_ROLES.items()},
        "role_modifiers": actions.ROLE_MODIFIERS,
        "role_shift": actions.ROLE_SHIFT,
        "house_supply": state.HOUSE_SUPPLY,
        "resource_cost": actions.RESOURCE_COST,
        "court_cost": actions.COURT_COST,
        "opponent_surcharge": actions.OPPONENT_SURCHARGE,
        "tiers": list(modifiers.TIERS),
        "tier_pay": {str(k): v for k, v in court_actions.TIER_PAY.items()},
        "base_pool": roll.BASE_POOL,
        "pool_steps": [{"reputatie": need, "dice": dice} for need, dice in roll.POOL_STEPS],
        "max_dice": roll.MAX_DICE,
        "die_prices": list(roll.DIE_PRICES),
        "max_bought_dice": roll.MAX_BOUGHT,
        "max_bends": roll.MAX_BENDS,
        "raise_step": roll.RAISE_STEP,
        "bend_costs": dict(modifiers.BEND_COSTS),
        "compensation_cap": roll.COMPENSATION_CAP,
        "compensation_factor": roll.COMPENSATION_FACTOR,
        "miss_gain": roll.MISS_GAIN,
        "post_bonus": roll.POST_BONUS,
        "post_income": court.POST_INCOME,
        "restock": court.RESTOCK,
        "hand_limit": modifiers.BASE_HAND_LIMIT,
        "step_price": walking.STEP_PRICE,
        "max_bought_steps": walking.MAX_BOUGHT_STEPS,
        "crossing_price": walking.CROSSING_PRICE,
        "enter_steps": walking.ENTER_STEPS,
        "toll_steps": walking.TOLL_STEPS,
        "max_clears": walking.MAX_CLEARS,
        "clear_cost": modifiers.BASE_CLEAR_COST,
        "meeting_gain": walking.MEETING_GAIN,
        "first_rotation_cost": walking.FIRST_ROTATION_COST,
        "walk_dice": walking.WALK_DICE,
        "lot_gain": walking.LOT_GAIN,
        "market_size": market.MARKET_SIZE,
        "max_tasks": market.MAX_TASKS,
        "conveyor_size": market.CONVEYOR_SIZE,
        "task_slot_cost": market.TASK_SLOT_COST,
        "office_cost": offices.OFFICE_COST,
        "office_end_aanzien": offices.OFFICE_END_AANZIEN,
        "foundation_first_cost": foundations.FIRST_COST,
        "foundation_cost_step": foundations.COST_STEP,
    }


@cache
def content(lang: str = "nl") -> dict[str, Any]:
    """Everything a client shows, with names and texts in `lang` ("nl" or "en")."""
    data: dict[str, Any] = {
        "rules_version": engine.RULES_VERSION,
        "language": "en" if lang == "en" else "nl",
        "rules": rules(),
    }
    for name, table in SECTIONS.items():
        data[name] = {key: _entry(item) for key, item in table.items()}
        if lang == "en":
            for key, words in english.ENGLISH[name].items():
                data[name][key].update(words)
    words_of = english.condition_text if lang == "en" else cards.condition_text
    for key, card in cards.CARDS.items():  # the condition in words, for the card face
        data["cards"][key]["condition_text"] = words_of(card.condition)
    return data
