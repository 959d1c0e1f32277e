"""The rules page shows the engine's numbers: every number in its sentences is the one
/api/content/'s `rules` serves, in Dutch and in English, and none is left as the "?" of a
number that did not load (issue 14: one source for every rule)."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import ui
from .conftest import DESKTOP

pytestmark = pytest.mark.e2e

FRONTEND = Path(__file__).resolve().parents[2] / "frontend" / "js"

# (article, sentence part) per language: a field `{key}` is the served `rules[key]` (or what
# pages/rules.js flattens by that name); `{key__list}` and `{key__text}` are tables written
# out as the page writes them.
EXPECTED = {
    "nl": [
        ("", "{rounds} rondes, elke ronde één beurt per speler"),
        ("I", "{house_count} huizen (Gilde"),
        ("I", "{lakes__list} meren"),
        ("III", "{market_size} hofkaarten liggen open"),
        ("IV", "Werp {walk_dice} loopdobbelstenen"),
        ("IV", "over je {pawns} pionnen"),
        ("IV", "Een toltegel kost {toll_steps} stappen."),
        (
            "IV",
            "{step_price} relatie koopt een extra stap (hoogstens {max_bought_steps} per beurt)",
        ),
        ("IV", "{crossing_price} relaties kopen een oversteek"),
        ("IV", "voor {clear_cost} geld tot een kruispunt ({max_clears} keer per partij)"),
        ("V", "De eerste draai van een tegel kost {first_rotation_cost} stap"),
        ("VI", "+{meeting_gain} relatie"),
        ("VII", "met drempel {tiers__list} voor {tier_pays__list} aanzien;"),
        ("VII", "mis je, dan {miss_gain} gunst"),
        ("VII", "schuiven de opbrengst met {role_shift} op"),
        ("VII", "Elk huis heeft {house_supply} voorraad"),
        ("VII", "kost {opponent_surcharge} voorraad extra"),
        ("VIII", "Activeren kost {card_cost_min} tot {card_cost_max} ogen"),
        ("IX", "{base_pool} stenen, {pool_steps__text}."),
        ("IX", "voor {die_prices__list} geld"),
        ("IX", "onder {compensation_factor} keer je aantal stenen, hoogstens {compensation_cap}"),
        ("X", "hoogstens {max_bends} keer buigen"),
        ("X", "opnieuw ({bend_reroll} gunst), laagste steen +{raise_step} ({bend_raise} gunst)"),
        ("X", "een steen erbij ({bend_add} gunst)"),
        ("XI", "hoogstens {hand_limit} kaarten"),
        ("XII", "{post_income} grondstof inkomen per beurt"),
        ("XII", "en {post_bonus} aanzien voor wie"),
        ("XII", "krijgt {restock} voorraad terug"),
        ("XIII", "Een hofambt kost {office_cost} relaties"),
        ("XIII", "elk geeft {office_end_aanzien} aanzien aan het eind"),
        ("XIII", "kost {foundation_first_cost} geld, elke volgende {foundation_cost_step} meer"),
        ("XIII", "Opdrachten ({conveyor_size} open, de voorste gratis,"),
        ("XIII", "elke plek dieper {task_slot_cost} relatie)"),
        ("XIV", "Na {rounds} rondes telt alleen aanzien"),
        ("XIV", "plus {office_end_aanzien} per hofambt"),
    ],
    "en": [
        ("", "{rounds} rounds, one turn per player each round"),
        ("I", "{house_count} houses (Guild"),
        ("I", "{lakes__list} lakes"),
        ("III", "{market_size} court cards lie open"),
        ("IV", "Roll {walk_dice} walking dice"),
        ("IV", "among your {pawns} pawns"),
        ("IV", "A toll tile costs {toll_steps} steps."),
        ("IV", "{step_price} connection buys an extra step (at most {max_bought_steps} per turn)"),
        ("IV", "{crossing_price} connections buy a crossing"),
        ("IV", "for {clear_cost} money into a crossroads ({max_clears} times per game)"),
        ("V", "The first rotation of a tile costs {first_rotation_cost} step"),
        ("VI", "+{meeting_gain} connection"),
        ("VII", "with threshold {tiers__list} for {tier_pays__list} prestige;"),
        ("VII", "if you miss, {miss_gain} favour"),
        ("VII", "shift the yield by {role_shift}."),
        ("VII", "Each house has {house_supply} supply"),
        ("VII", "costs {opponent_surcharge} extra supply"),
        ("VIII", "Activating costs {card_cost_min} to {card_cost_max} pips"),
        ("IX", "{base_pool} dice, {pool_steps__text}."),
        ("IX", "before the roll for {die_prices__list} money"),
        ("IX", "below {compensation_factor} times your number of dice, at most {compensation_cap}"),
        ("X", "at most {max_bends} times"),
        (
            "X",
            "reroll the lowest die ({bend_reroll} favour), lowest die +{raise_step} ({bend_raise} favour)",
        ),
        ("X", "add a die ({bend_add} favour)"),
        ("XI", "at most {hand_limit} cards"),
        ("XII", "{post_income} resource income per turn"),
        ("XII", "and {post_bonus} prestige for whoever"),
        ("XII", "gets {restock} supply back"),
        ("XIII", "A court office costs {office_cost} connections"),
        ("XIII", "each gives {office_end_aanzien} prestige at the end"),
        ("XIII", "costs {foundation_first_cost} money, each next one {foundation_cost_step} more"),
        ("XIII", "Tasks ({conveyor_size} open, the front one free,"),
        ("XIII", "each slot further back {task_slot_cost} connection)"),
        ("XIV", "After {rounds} rounds only prestige counts"),
        ("XIV", "plus {office_end_aanzien} per court office"),
    ],
}
WORDS = {
    "nl": {"or": "of", "and": "en", "from": "vanaf", "reputation": "reputatie"},
    "en": {"or": "or", "and": "and", "from": "from", "reputation": "reputation"},
}


def fields(template: str) -> set[str]:
    return {name.split("__")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def written_out(xs: list, last: str) -> str:
    """A list as the strings' `list(xs, last)` writes it: "9, 11 of 13"."""
    xs = [str(x) for x in xs]
    return f"{', '.join(xs[:-1])} {last} {xs[-1]}" if len(xs) > 1 else "".join(xs)


def flat(rules: dict, language: str) -> dict:
    """The served rules as the page's sentences use them (pages/rules.js `numbers`)."""
    w = WORDS[language]
    pays = [rules["tier_pay"][str(t)] for t in rules["tiers"]]
    steps = sorted(rules["pool_steps"], key=lambda s: s["reputatie"])
    return {
        **rules,
        "pawns": len(rules["pawn_roles"]),
        "bend_reroll": rules["bend_costs"]["reroll"],
        "bend_raise": rules["bend_costs"]["raise"],
        "bend_add": rules["bend_costs"]["add"],
        "tiers__list": written_out(rules["tiers"], w["or"]),
        "tier_pays__list": written_out(pays, w["or"]),
        "lakes__list": written_out(rules["lakes"], w["or"]),
        "die_prices__list": written_out(rules["die_prices"], w["and"]),
        "pool_steps__text": ", ".join(
            f"{s['dice']} {w['from']} {s['reputatie']}" + ("" if i else f" {w['reputation']}")
            for i, s in enumerate(steps)
        ),
    }


def placeholders(language: str) -> set[str]:
    text = (FRONTEND / f"strings-{language}.js").read_text()
    return set(re.findall(r"\br\.(\w+)", text[text.index("export const RULES") :]))


@pytest.mark.parametrize(("language", "locale"), [("nl", "nl-NL"), ("en", "en-GB")])
def test_the_rules_page_shows_the_numbers_the_api_serves(open_page, language, locale):
    # every number the page's sentences use is checked here
    used = set().union(*(fields(t) for _, t in EXPECTED[language]))
    assert placeholders(language) <= used

    page = open_page(DESKTOP, locale=locale)
    page.goto("/#/regels")
    expect(page.locator("html")).to_have_attribute("lang", language)
    rules_page = page.locator(".page.rules")
    expect(rules_page.locator("article")).to_have_count(14)
    response = page.request.get("/api/content/")
    assert response.ok
    numbers = flat(response.json()["rules"], language)

    assert "?" not in rules_page.inner_text()  # no number left unloaded
    for article, template in EXPECTED[language]:
        where = rules_page.locator(f"#art-{article}") if article else rules_page
        expected = template.format(**numbers)
        assert expected in where.inner_text(), (article, expected)
    ui.picture(page, f"rules-{language}.png", full_page=True)
