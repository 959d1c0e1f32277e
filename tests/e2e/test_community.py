"""Accounts and community in the browser: verifying an address and resetting a password
from the links in the mails, a rated game to its rating change on the end screen, the
profile page with its rating graph, and the chat between two players (HTML shown as text)."""

from __future__ import annotations

import re
import sqlite3
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from . import ui
from .conftest import DESKTOP, PHONE, SERVER_DB

pytestmark = pytest.mark.e2e

NEW_PASSWORD = "nieuw-hofreglement-1601"
HOSTILE = '<b>vet</b><img src=x onerror="window.hacked=1"><script>window.hacked=2</script>'


def mailed_link(to: str, route: str) -> str:
    """The link in the newest mail to `to`, from the outbox (the fragment route only)."""
    with sqlite3.connect(SERVER_DB["path"]) as db:
        row = db.execute(
            'SELECT body FROM accounts_outgoingmail WHERE "to" = ? ORDER BY id DESC LIMIT 1', (to,)
        ).fetchone()
    assert row, f"no mail to {to}"
    found = re.search(rf"https?://\S+/#/{route}/\S+", row[0])
    assert found, row[0]
    url = urlparse(found.group(0))
    return f"/#{url.fragment}"


def signup_with_email(page, name: str, email: str) -> None:
    page.goto("/#/inschrijven")
    page.fill("#f-user", name)
    page.fill("#f-pass", ui.PASSWORD)
    page.fill("#f-pass2", ui.PASSWORD)
    page.fill("#f-email", email)
    page.click("button[type=submit]")
    expect(page.locator("[data-form=create]")).to_be_visible()


def test_verify_an_address_then_reset_a_forgotten_password(open_page):
    page = open_page(PHONE, touch=True)
    # Logging out from the lobby: its own reads (the bell, the tutorial's offer, the
    # challenges and the players I follow) may still be on their way and come back 401 once
    # the session is gone; the page has moved on.
    for read in ("/api/notifications/", "/api/tutorial/", "/api/challenges/", "/api/follows/"):
        open_page.allow(read, "401")
    signup_with_email(page, "vera", "vera@example.org")
    page.click("[data-nav=account]")
    expect(page.locator("[data-email-state]")).to_contain_text("nog niet bevestigd")

    page.goto(mailed_link("vera@example.org", "e-mail-bevestigen"))
    expect(page.locator("[data-verify=done]")).to_be_visible()
    page.goto("/#/account")
    expect(page.locator("[data-email-state]")).to_contain_text("bevestigd")
    expect(page.locator("[data-email-state]")).not_to_contain_text("nog niet")

    page.click("text=Uitloggen")
    expect(page.locator("#f-user")).to_be_visible()
    page.click("text=Wachtwoord vergeten?")
    page.fill("#f-email", "vera@example.org")
    page.click("[data-form=forgot] button[type=submit]")
    expect(page.locator("[data-sent]")).to_contain_text("Als dit adres bij een account hoort")
    page.fill("#f-email", "niemand@example.org")  # an unknown address: the same answer
    page.click("[data-form=forgot] button[type=submit]")
    expect(page.locator("[data-sent]")).to_contain_text("Als dit adres bij een account hoort")

    link = mailed_link("vera@example.org", "wachtwoord-herstellen")
    page.goto(link)
    page.fill("#f-pass", NEW_PASSWORD)
    page.fill("#f-pass2", NEW_PASSWORD)
    page.click("[data-form=reset] button[type=submit]")
    expect(page.locator("[data-form=create]")).to_be_visible()  # logged in with it
    page.click("text=Uitloggen")
    expect(page.locator("#f-user")).to_be_visible()
    page.fill("#f-user", "vera")
    page.fill("#f-pass", NEW_PASSWORD)
    page.click("button[type=submit]")
    expect(page.locator("[data-form=create]")).to_be_visible()

    open_page.allow("/password/reset", "400")
    page.click("text=Uitloggen")
    expect(page.locator("#f-user")).to_be_visible()
    page.goto(link)  # the link worked once
    page.fill("#f-pass", "nog-een-wachtwoord-1602")
    page.fill("#f-pass2", "nog-een-wachtwoord-1602")
    page.click("[data-form=reset] button[type=submit]")
    expect(page.locator("[data-form=reset] .form-error")).to_contain_text("verlopen of al gebruikt")


def test_a_rated_game_with_chat_to_its_rating_change_and_the_profile(open_page):
    anna = open_page(DESKTOP)
    bram = open_page(PHONE, touch=True)
    ui.signup(anna, "anna13")
    ui.signup(bram, "bram13")

    anna.check("input[name=opponent][value=invite]")
    anna.check("#f-rated")
    anna.click("[data-form=create] button[type=submit]")
    link = anna.locator("[data-invite-link]").input_value()
    anna.keyboard.press("Escape")
    bram.goto(link)
    bram.click("text=Uitnodiging aannemen")
    game = ui.game_id(bram)
    expect(anna.locator("[data-phase]")).to_be_visible(timeout=10000)
    for p in (anna, bram):
        ui.idle(p)
        ui.dismiss_event(p)

    # The chat: anna writes HTML and script; bram sees exactly that text, live.
    anna.click("[data-action=chat]")
    anna.fill("#f-chat", HOSTILE)
    anna.click(".chat-form button[type=submit]")
    expect(bram.locator("[data-chat-unread]")).to_have_text("1")
    bram.click("[data-action=chat]")
    line = bram.locator("[data-chat-list] .text").last
    expect(line).to_have_text(HOSTILE)
    assert (
        bram.locator("[data-chat-list] b, [data-chat-list] img, [data-chat-list] script").count()
        == 0
    )
    assert bram.evaluate("() => window.hacked") is None
    bram.fill("#f-chat", "Goed gespeeld!")
    bram.click(".chat-form button[type=submit]")
    expect(anna.locator("[data-chat-list] .text").last).to_have_text("Goed gespeeld!")
    ui.picture(bram, "chat-phone.png")
    bram.click("[data-chat] .close")

    # bram gives up (the client's API call: the game screen has no resign button yet).
    bram.evaluate("id => import('/js/api.js').then((m) => m.resign(id))", game)
    for page, diff in ((anna, "+162"), (bram, "−162")):
        expect(page.locator("[data-end]")).to_be_visible(timeout=10000)
        changes = page.locator("[data-rating-changes]")
        expect(changes).to_contain_text("anna13: 1500 → 1662? (+162)")
        expect(changes).to_contain_text("bram13: 1500 → 1338? (−162)")
        assert diff
    ui.picture(anna, "rating-change-desktop.png")

    anna.goto("/#/speler/anna13")
    expect(anna.locator("[data-rating]")).to_have_text("1662?")
    expect(anna.locator("[data-rating-graph] circle")).to_have_count(1)
    ui.picture(anna, "profile-desktop.png", full_page=True)
    expect(anna.locator("[data-record]")).to_contain_text("tegen spelers: 1 gewonnen, 0 verloren")
    expect(anna.locator(f"[data-list=player-games] [data-game='{game}']")).to_contain_text("+162")
    anna.click(f"[data-list=player-games] [data-game='{game}'] >> text=Terugkijken")
    assert ui.game_id(anna) == game

    anna.goto("/#/ranglijst")
    expect(anna.locator("[data-leaderboard] tbody tr").first).to_contain_text("anna13")


def test_an_open_game_asks_a_rating_range_that_the_lobby_shows_and_the_server_keeps(open_page):
    page = open_page(DESKTOP)
    ui.signup(page, "cornelia13")
    # The range is offered for an open game only (not against the computer or by invite).
    expect(page.locator("[data-rating-range]")).to_be_hidden()
    page.check("input[name=opponent][value=open]")
    expect(page.locator("[data-rating-range]")).to_be_visible()
    page.fill("#f-rating-min", "1400")
    page.fill("#f-rating-max", "1600")
    page.click("[data-form=create] button[type=submit]")
    game = ui.game_id(page)
    data = page.evaluate("id => fetch(`/api/games/${id}/`).then((r) => r.json())", game)
    assert (data["rating_min"], data["rating_max"]) == (1400, 1600)

    other = open_page(DESKTOP)
    ui.signup(other, "dirk13")
    row = other.locator(f"[data-list=open] [data-game='{game}']")
    expect(row).to_contain_text("rating 1400–1600")
