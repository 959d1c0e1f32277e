"""Challenges in the browser: anna challenges bram from his profile, bram sees it in the
lobby at once and accepts by keyboard, and both are in the game; a decline with a reason is
shown to the challenger; on a 320 px phone with touch, a player with a 20-character name
challenges through #/speler/<naam>/uitdagen and the other accepts by tapping."""

from __future__ import annotations

import re
import sqlite3

import pytest
from playwright.sync_api import expect

from . import a11y, ui
from .conftest import DESKTOP, SERVER_DB
from .test_first_game_friction import fits

pytestmark = pytest.mark.e2e

LIVE = 15000  # ms: the bell's notice makes the lobby ask again at once (its timer: 10 s)


def challenge_from_profile(page, name: str, preset: str, *, check: bool = False) -> None:
    page.goto(f"/#/speler/{name}")
    page.click("[data-moderation] [data-action=challenge]")
    form = page.locator("[data-form=challenge]")
    expect(form).to_be_visible()
    if check:
        a11y.check(page, "the challenge form")
    form.locator("#f-time").select_option(preset)
    form.locator("button[type=submit]").click()
    expect(page.locator(".toast")).to_contain_text(f"Uitdaging verstuurd aan {name}")
    expect(form).to_have_count(0)


def test_a_challenge_from_the_profile_accepted_by_keyboard_puts_both_in_the_game(open_page):
    anna, bram = open_page(DESKTOP), open_page(DESKTOP)
    ui.signup(anna, "anna31")
    ui.signup(bram, "bram31")  # stays in the lobby
    challenge_from_profile(anna, "bram31", "live_10_20", check=True)
    anna.goto("/#/")
    sent = anna.locator("[data-list=challenges-out] [data-challenge]")
    expect(sent).to_contain_text("Aan bram31")
    expect(sent).to_contain_text("nog 10 min")

    incoming = bram.locator("[data-list=challenges-in] [data-challenge]")
    expect(incoming).to_contain_text("anna31 daagt je uit", timeout=LIVE)
    expect(incoming.locator("[data-time-control]")).to_have_text(re.compile(r"10.*20"))
    a11y.check(bram, "the lobby with a challenge")
    ui.tab_to(bram, "[data-action=accept-challenge]")
    bram.keyboard.press("Enter")
    expect(bram).to_have_url(re.compile(r"#/spel/\d+$"))
    game = ui.game_id(bram)
    # the challenger's lobby hears the answer and goes into the same game
    expect(anna).to_have_url(re.compile(rf"#/spel/{game}$"), timeout=LIVE)
    for page in (anna, bram):
        expect(page.locator("[data-phase]")).to_be_visible()
        assert ui.my_seat(page) in (0, 1)
    assert ui.my_seat(anna) != ui.my_seat(bram)


def test_a_decline_with_a_reason_is_shown_to_the_challenger(open_page):
    anna, bram = open_page(DESKTOP), open_page(DESKTOP)
    ui.signup(anna, "anna32")
    ui.signup(bram, "bram32")
    challenge_from_profile(anna, "bram32", "per_turn_1d")
    anna.goto("/#/")
    expect(anna.locator("[data-list=challenges-out] [data-challenge]")).to_contain_text(
        "nog 24 uur"
    )

    bram.locator("[data-list=challenges-in] [data-action=decline-challenge]").click(timeout=LIVE)
    dialog = bram.locator("[data-form=decline]")
    expect(dialog.locator("input[value=none]")).to_be_focused()
    a11y.check(bram, "the decline dialog")
    dialog.locator("input[value=too_slow]").check()
    dialog.locator("button[type=submit]").click()
    expect(bram.locator("[data-list=challenges-in]")).to_contain_text("Niemand daagt je nu uit")

    said = "bram32 slaat je uitdaging af: Deze tijdsinstelling is me te langzaam."
    expect(anna.locator(".toast").filter(has_text=said)).to_be_visible(timeout=LIVE)
    expect(anna.locator("[data-list=challenges-out]")).to_contain_text("Je hebt niemand uitgedaagd")
    anna.click("button.bell")
    expect(anna.locator("[role=dialog]")).to_contain_text(said)


def test_on_a_320_px_phone_by_touch_with_a_20_character_name(open_page):
    size = {"width": 320, "height": 700}
    anna, bram = open_page(size, touch=True), open_page(size, touch=True)
    long_name = "hofdame_van_dwaal_ch"
    assert len(long_name) == 20
    ui.signup(anna, long_name)
    ui.signup(bram, "bram33")
    # the route that opens the profile with the form open (the follow list links there)
    anna.goto("/#/speler/bram33/uitdagen")
    form = anna.locator("[data-form=challenge]")
    expect(form).to_be_visible()
    fits(anna, "the challenge form")
    form.locator("button[type=submit]").tap()
    expect(anna.locator(".toast")).to_contain_text("Uitdaging verstuurd aan bram33")

    incoming = bram.locator("[data-list=challenges-in] [data-challenge]")
    expect(incoming).to_contain_text(f"{long_name} daagt je uit", timeout=LIVE)
    fits(bram, "the lobby with a challenge from a long name")
    accept = incoming.locator("[data-action=accept-challenge]")
    box = accept.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 320, box
    accept.tap()
    expect(bram).to_have_url(re.compile(r"#/spel/\d+$"))
    expect(bram.locator("[data-phase]")).to_be_visible()


def test_the_leaderboard_rows_have_a_challenge_button(open_page):
    anna, cas = open_page(DESKTOP), open_page(DESKTOP)
    ui.signup(anna, "anna34")
    ui.signup(cas, "cas34")
    with sqlite3.connect(SERVER_DB["path"]) as db:  # cas has played rated games
        db.execute(
            "INSERT INTO ratings_rating (user_id, rating, deviation, volatility, games) "
            "SELECT id, 1612, 80, 0.06, 3 FROM auth_user WHERE username = 'cas34' "
            "ON CONFLICT (user_id) DO UPDATE SET games = 3, rating = 1612"
        )
    anna.goto("/#/ranglijst")
    row = anna.locator("[data-leaderboard] tr").filter(has_text="cas34")
    row.locator("[data-action=challenge]").click()
    form = anna.locator("[data-form=challenge]")
    form.locator("#f-challenge-rated").check()
    form.locator("button[type=submit]").click()
    expect(anna.locator(".toast")).to_contain_text("Uitdaging verstuurd aan cas34")
    cas.goto("/#/")
    incoming = cas.locator("[data-list=challenges-in] [data-challenge]")
    expect(incoming).to_contain_text("anna34 daagt je uit")
    expect(incoming).to_contain_text("rating")
