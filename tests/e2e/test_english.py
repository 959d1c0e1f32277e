"""English beside Dutch in the web client: a browser that prefers English gets the client,
the designed content and the rules page in English, plays a turn in it, keeps the choice in
the profile, and the switch in the top bar brings Dutch back (issue 14)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import ui
from .conftest import DESKTOP

pytestmark = pytest.mark.e2e


def me(page) -> dict:
    return page.evaluate("() => fetch('/api/auth/me').then((r) => r.json())")


def test_an_english_browser_plays_a_turn_in_english_and_can_switch_to_dutch(open_page):
    page = open_page(DESKTOP, locale="en-GB")
    ui.signup(page, "edith")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#topnav")).to_contain_text("Court rules")
    assert me(page)["language"] == "en"  # signup took the browser's language

    ui.create_game(page, "computer")
    ui.game_id(page)
    page.wait_for_function("() => document.querySelector('.phasebar .who.mine')")
    ui.idle(page)
    big = page.locator("[data-event-big]")
    if big.count():
        expect(big).to_contain_text("Court event")
        page.click("[data-event-big] >> text=Continue")
        expect(big).to_have_count(0)
    expect(page.locator(".phasebar .round").first).to_have_text("Round 1/6")
    # the court market's cards are named in English (from /api/content/ in English)
    content = page.evaluate(
        "() => fetch('/api/content/', {headers: {'Accept-Language': 'en'}}).then((r) => r.json())"
    )
    english_cards = {c["name"] for c in content["cards"].values()}
    expect(page.locator("[data-panel]")).to_contain_text("Take one card or one task")
    panel = page.locator("[data-panel]").inner_text()
    assert any(name in panel for name in english_cards)

    before = ui.seq(page)
    ui.play_turn(page)  # card, walk, actions, roll, "next player": all through English
    assert ui.seq(page) > before
    assert "Ronde" not in page.locator("[data-game]").inner_text()

    # the rules page in English names the Dutch hofreglement as the source of truth
    page.goto("/#/regels")
    expect(page.locator("[data-rules-source]")).to_contain_text("Dutch hofreglement")
    expect(page.locator("h1")).to_have_text("The court rules in brief")

    # the switch: Dutch, kept in the profile
    page.click("[data-lang-switch=nl]")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.locator("h1")).to_have_text("Het hofreglement in het kort")
    assert me(page)["language"] == "nl"
