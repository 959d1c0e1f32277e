"""Follows in the browser: a player follows another from the profile by mouse (and
unfollows there by keyboard), the lobby lists the followed player with their online state (a dot and
words) that follows the lobby's refresh, links to the profile, and its challenge button goes
to #/speler/<naam>/uitdagen; on a 320 px phone, by touch, a 20-character name fits."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from . import a11y, ui
from .conftest import DESKTOP, PHONE

pytestmark = pytest.mark.e2e

NARROW = {"width": 320, "height": 640}
LOBBY_REFRESH_MS = 10_000  # lobby.js asks again every 10 seconds


def followed(page: Page, name: str):
    return page.locator(f"[data-list=follows] [data-followed='{name}']")


def test_follow_from_the_profile_by_mouse_the_lobby_shows_who_is_online(open_page):
    anna = open_page(DESKTOP)
    ui.signup(anna, "volg-anna")
    expect(anna.locator("[data-list=follows]")).to_contain_text("Je volgt nog niemand")
    bram = open_page(DESKTOP)
    ui.signup(bram, "volg-bram")

    anna.goto("/#/speler/volg-bram")
    follow = anna.locator("[data-follow-row] button")
    expect(follow).to_have_text("Volgen")
    follow.click()
    expect(follow).to_have_text("Ontvolgen")
    expect(anna.locator(".toast")).to_contain_text("Je volgt volg-bram nu.")
    anna.reload()  # the server remembers (the profile's `following`)
    expect(anna.locator("[data-follow-row] button")).to_have_text("Ontvolgen")
    a11y.check(anna, "a followed player's profile")

    # bram's logged-in page holds a socket: online, in words and with the dot
    anna.goto("/#/")
    row = followed(anna, "volg-bram")
    expect(row).to_have_attribute("data-online", "true")
    expect(row.locator("[data-presence]")).to_have_text("online")
    expect(row.locator(".presence-dot.online")).to_be_visible()
    a11y.check(anna, "the lobby with a followed player")

    # bram leaves: the lobby's own refresh shows him offline
    bram.context.close()
    expect(row).to_have_attribute("data-online", "false", timeout=LOBBY_REFRESH_MS + 5000)
    expect(row.locator("[data-presence]")).to_have_text("offline")

    # the name leads to the profile, the challenge button to the challenge route
    row.locator("a.title").click()
    expect(anna).to_have_url(re.compile(r"#/speler/volg-bram$"))
    expect(anna.locator("h1[data-player=volg-bram]")).to_be_visible()
    anna.goto("/#/")
    challenge = followed(anna, "volg-bram").locator("[data-action=challenge]")
    expect(challenge).to_have_text("Uitdagen")
    challenge.click()
    expect(anna).to_have_url(re.compile(r"#/speler/volg-bram/uitdagen$"))
    expect(anna.locator("h1[data-player=volg-bram]")).to_be_visible()

    # unfollow from the profile with the keyboard: the lobby's list is empty again
    ui.tab_to(anna, "[data-follow-row] button")
    anna.keyboard.press("Enter")
    expect(anna.locator("[data-follow-row] button")).to_have_text("Volgen")
    expect(anna.locator("[data-follow-row] button")).to_be_focused()
    anna.goto("/#/")
    expect(anna.locator("[data-list=follows]")).to_contain_text("Je volgt nog niemand")


def test_a_phone_at_320px_follows_by_touch_and_a_long_name_fits(open_page):
    long_name = "lange_naam_van_20_tk"
    assert len(long_name) == 20
    other = open_page(PHONE)
    ui.signup(other, long_name)
    phone = open_page(NARROW, touch=True, locale="en-GB")
    ui.signup(phone, "volg-telefoon")
    phone.goto(f"/#/speler/{long_name}")
    follow = phone.locator("[data-follow-row] button")
    expect(follow).to_have_text("Follow")
    follow.tap()
    expect(follow).to_have_text("Unfollow")

    phone.goto("/#/")
    row = followed(phone, long_name)
    expect(row).to_have_attribute("data-online", "true")
    expect(row.locator("[data-presence]")).to_have_text("online")
    section = phone.locator("[data-follows]")
    expect(section.locator("h2")).to_have_text("Players you follow")
    # on a phone the list comes below the new-game form: its late arrival moves no button
    form_box = phone.locator("[data-form=create]").bounding_box()
    assert form_box is not None and section.bounding_box()["y"] > form_box["y"]
    row.scroll_into_view_if_needed()
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= NARROW["width"], width
    challenge = row.locator("[data-action=challenge]")
    expect(challenge).to_have_text("Challenge")
    for part in (row.locator("a.title"), challenge):
        box = part.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= NARROW["width"]
    assert challenge.bounding_box()["height"] >= 44
    ui.picture(phone, "follows-320.png")
    a11y.check(phone, "the lobby's followed players at 320 px")
    challenge.tap()
    expect(phone).to_have_url(re.compile(rf"#/speler/{long_name}/uitdagen$"))
