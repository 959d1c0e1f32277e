"""Notifications in the browser (issue 24): no unread badge for the game on screen while
the turn comes back to the player, and the account page's notification preferences (per
kind and way, the mail's rhythm, quiet hours in the browser's time zone) kept across a
reload; the one-click game link of a mail."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import a11y, ui
from .conftest import DESKTOP, PHONE, SERVER_DB
from .test_seeing import play_api

pytestmark = pytest.mark.e2e


def test_the_game_on_screen_gets_no_badge_and_the_bell_lists_it_once(open_page):
    page = open_page(DESKTOP)
    ui.signup(page, "wilhelmina")
    ui.create_game(page, "computer")
    gid = ui.game_id(page)
    ui.idle(page)
    ui.dismiss_event(page)
    # my turn ends and the computer's turn passes back to me: 'your turn'
    # while I watch the game is stored read
    play_api(page, gid, turns=1)
    ui.idle(page)
    page.wait_for_timeout(500)  # the computer's turn and its notices
    expect(page.locator("[data-unread]")).to_be_hidden()
    while ui.dismiss_event(page):
        ui.idle(page)
    page.keyboard.press("Escape")
    page.click(".bell")
    entries = page.locator(f".modal li:has(a[href='#/spel/{gid}'])")
    expect(entries).to_have_count(1)
    body = page.evaluate("fetch('/api/notifications/').then(r => r.json())")
    assert body["unread"] == 0
    [entry] = [n for n in body["notifications"] if n["game"] == gid]
    assert entry["kind"] == "your_turn" and entry["read_at"]  # it came, read: I was watching


def test_the_account_page_keeps_the_notification_preferences(open_page):
    page = open_page(DESKTOP)
    ui.signup(page, "everdina")
    page.goto("/#/account")
    block = page.locator("[data-block=notifications]")
    expect(block.locator("h2")).to_have_text("Meldingen")
    your_turn_mail = block.locator("[data-pref='your_turn.email']")
    expect(your_turn_mail).to_be_checked()  # the documented defaults
    expect(block.locator("[data-pref='chat_message.push']")).not_to_be_checked()
    expect(block.locator("[data-pref='game_over.push']")).to_be_checked()
    zone = page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone")
    expect(block.locator("[data-pref=time_zone]")).to_have_value(zone)  # offered by the browser
    a11y.check(page, "account page with notification preferences")

    your_turn_mail.uncheck()
    block.locator("[data-pref='chat_message.push']").check()
    block.locator("[data-pref=mail]").select_option("daily")
    expect(block.locator("[data-pref=summary_hour]")).to_have_value("8")
    block.locator("[data-pref=summary_hour]").select_option("19")
    block.locator("[data-pref=quiet]").check()
    block.locator("[data-pref=quiet_start]").fill("23:00")
    block.locator("[data-pref=quiet_end]").fill("07:30")
    block.locator("[data-pref=time_zone]").fill("Europe/Lisbon")
    block.locator("button[type=submit]").click()
    expect(page.locator(".toast")).to_contain_text("bewaard")

    page.reload()
    block = page.locator("[data-block=notifications]")
    expect(block.locator("[data-pref='your_turn.email']")).not_to_be_checked()
    expect(block.locator("[data-pref='chat_message.push']")).to_be_checked()
    expect(block.locator("[data-pref=mail]")).to_have_value("daily")
    expect(block.locator("[data-pref=summary_hour]")).to_have_value("19")
    expect(block.locator("[data-pref=quiet]")).to_be_checked()
    expect(block.locator("[data-pref=quiet_start]")).to_have_value("23:00")
    expect(block.locator("[data-pref=quiet_end]")).to_have_value("07:30")
    expect(block.locator("[data-pref=time_zone]")).to_have_value("Europe/Lisbon")

    # a time zone that does not exist: a clear refusal, nothing changed
    open_page.allow("/api/notifications/preferences/", "400")
    block.locator("[data-pref=time_zone]").fill("Atlantis/Capital")
    block.locator("button[type=submit]").click()
    expect(page.locator(".toast.error")).to_be_visible()
    prefs = page.evaluate("fetch('/api/notifications/preferences/').then(r => r.json())")
    assert prefs["time_zone"] == "Europe/Lisbon"


def game_link_token(username: str, game: int) -> str:
    """A mail's one-click link token for `username` and `game`, made in the browser tests'
    server database (as the worker makes it for a mail)."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{SERVER_DB['path']}", "DJANGO_DEBUG": "1"}
    env.pop("REDIS_URL", None)
    code = (
        "from django.contrib.auth import get_user_model; from notifications import links; "
        f"print(links.game_link_token(get_user_model().objects.get(username='{username}'), {game}))"
    )
    return subprocess.run(
        [sys.executable, "manage.py", "shell", "-v", "0", "-c", code],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def test_a_mails_game_link_opens_that_game_without_a_password_and_only_once(open_page):
    page = open_page(DESKTOP)
    game = ui.start_against_computer(page, "mailbert")
    token = game_link_token("mailbert", game)
    phone = open_page(PHONE)  # another device, not logged in: the mail is read there
    open_page.allow("/api/", "403")  # what the limited session may not ask is refused
    phone.goto(f"/m/{token}")
    phone.get_by_role("button", name="Open de partij").click()  # a GET alone opens nothing
    expect(phone).to_have_url(re.compile(rf"#/spel/{game}$"))
    ui.wait_for_turn(phone)  # the game, as mailbert, whose turn it is
    again = open_page(PHONE)
    again.goto(f"/m/{token}")  # the same link a second time opens nothing
    expect(again).to_have_url(re.compile(r"#/inloggen$"))


def test_a_mails_game_link_says_it_reaches_this_game_only_and_offers_a_login(open_page):
    """The session a mail's game link opens reaches that game only: the game page says so in
    a banner with a login link (Dutch, English), and the client asks nothing that session
    may not reach (no 403 is allowed here): no bell, no tutorial, the lobby asks for a login
    first; a login with the password makes it a full session."""
    page = open_page(DESKTOP)
    game = ui.start_against_computer(page, "bannerbea")
    phone = open_page(PHONE)  # another device, not logged in: the mail is read there
    phone.goto(f"/m/{game_link_token('bannerbea', game)}")
    phone.get_by_role("button", name="Open de partij").click()
    expect(phone).to_have_url(re.compile(rf"#/spel/{game}$"))
    banner = phone.locator("[data-limited-session]")
    expect(banner).to_have_text(
        "Je bent ingelogd voor alleen deze partij — log in voor de rest. Inloggen"
    )
    ui.wait_for_turn(phone)  # the game is played as ever
    ui.dismiss_event(phone)
    a11y.check(phone, "the game page of a session for this game only")
    ui.picture(phone, "limited-session-banner.png")
    # the lobby: a login first, instead of its lists refused again and again
    phone.goto("/#/")
    expect(phone.locator("#f-user")).to_be_visible()
    phone.goto(f"/#/spel/{game}")
    banner.get_by_role("link", name="Inloggen").click()
    phone.fill("#f-user", "bannerbea")
    phone.fill("#f-pass", ui.PASSWORD)
    phone.click("button[type=submit]")
    expect(phone.locator("[data-form=create]")).to_be_visible()  # the lobby, reached now
    expect(phone.locator("[data-unread]")).to_have_count(1)  # the bell is back
    phone.goto(f"/#/spel/{game}")
    ui.wait_for_turn(phone)
    expect(banner).to_have_count(0)

    english = open_page(PHONE, locale="en-GB")
    english.goto(f"/m/{game_link_token('bannerbea', game)}")
    english.get_by_role("button", name="Open de partij").click()  # the page in bea's language
    expect(english.locator("[data-limited-session]")).to_have_text(
        "You are logged in for this game only — log in for the rest. Log in"
    )
