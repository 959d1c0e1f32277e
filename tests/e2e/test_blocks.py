"""Blocks and reports in the browser: a player reports the opponent's chat line with the
keyboard alone, blocks them from their profile (after a confirmation), no longer sees their
chat (live or after a reload), and lifts the block from the account page; axe finds nothing
serious on the report dialog and the profile."""

from __future__ import annotations

import sqlite3

import pytest
from playwright.sync_api import expect

from . import a11y, ui
from .conftest import DESKTOP, SERVER_DB

pytestmark = pytest.mark.e2e


def tab_back_to(page, selector: str, limit: int = 20) -> None:
    for _ in range(limit):
        if ui.focused(page, selector):
            return
        page.keyboard.press("Shift+Tab")
    raise AssertionError(f"Shift+Tab never reached {selector}")


def server_rows(sql: str) -> list[tuple]:
    with sqlite3.connect(SERVER_DB["path"]) as db:
        return db.execute(sql).fetchall()


def test_report_a_line_by_keyboard_block_from_the_profile_and_the_chat_is_hidden(open_page):
    anna, bram = open_page(DESKTOP), open_page(DESKTOP)
    ui.signup(anna, "anna27")
    ui.signup(bram, "bram27")
    anna.check("input[name=opponent][value=invite]")
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

    bram.click("[data-action=chat]")
    bram.fill("#f-chat", "Jij kunt er niks van")
    bram.click(".chat-form button[type=submit]")
    anna.click("[data-action=chat]")
    line = anna.locator("[data-chat-list] li").filter(has_text="Jij kunt er niks van")
    expect(line).to_be_visible()
    line_id = int(line.get_attribute("data-chat-message"))
    # my own lines have no report button
    expect(bram.locator("[data-chat-list] [data-action=report-message]")).to_have_count(0)

    # Report it with the keyboard only: from the chat's input back to the line's button.
    expect(anna.locator("#f-chat")).to_be_focused()
    tab_back_to(anna, "[data-action=report-message]")
    anna.keyboard.press("Enter")
    dialog = anna.locator(".report-dialog")
    expect(dialog).to_contain_text("Jij kunt er niks van")
    expect(dialog.locator("input[value=abuse]")).to_be_focused()
    a11y.check(anna, "the report dialog")
    anna.keyboard.press("ArrowDown")  # the next reason: valsspelen
    expect(dialog.locator("input[value=cheating]")).to_be_checked()
    anna.keyboard.press("Tab")
    anna.keyboard.type("en hij speelt vals")
    anna.keyboard.press("Tab")
    anna.keyboard.press("Enter")
    expect(anna.locator(".toast")).to_contain_text("Een moderator kijkt ernaar")
    expect(dialog).to_have_count(0)
    assert server_rows("SELECT reason, message_id, text, status FROM moderation_report") == [
        ("cheating", line_id, "en hij speelt vals", "open")
    ]

    # Block bram from his profile, after saying yes.
    anna.goto("/#/speler/bram27")
    anna.click("[data-action=block]")
    anna.click("text=Annuleren")  # no: nothing happens
    expect(anna.locator("[data-action=block]")).to_be_visible()
    anna.click("[data-action=block]")
    anna.click("[data-action=confirm-block]")
    expect(anna.locator("[data-action=unblock]")).to_have_text("Deblokkeren")
    expect(anna.locator("[data-blocked-note]")).to_be_visible()
    a11y.check(anna, "a blocked player's profile")

    # bram's lines no longer reach anna: not live, not after a reload.
    anna.goto(f"/#/spel/{game}")
    ui.idle(anna)
    anna.click("[data-action=chat]")
    expect(anna.locator("[data-chat-list]")).not_to_contain_text("Jij kunt er niks van")
    bram.fill("#f-chat", "Hallo? Hoor je me?")
    bram.click(".chat-form button[type=submit]")
    expect(bram.locator("[data-chat-list]")).to_contain_text("Hallo? Hoor je me?")
    anna.wait_for_timeout(500)  # time for a push that must not come
    expect(anna.locator("[data-chat-list]")).not_to_contain_text("Hallo? Hoor je me?")
    anna.reload()
    ui.idle(anna)
    anna.click("[data-action=chat]")
    expect(anna.locator("[data-chat-list]")).not_to_contain_text("Hallo?")

    # The account page lists the block; lifting it there empties the list.
    anna.goto("/#/account")
    blocks = anna.locator("[data-section=blocks]")
    expect(blocks.locator("[data-block=bram27]")).to_be_visible()
    blocks.locator("[data-action=unblock]").click()
    expect(blocks).to_contain_text("Je hebt niemand geblokkeerd.")
    assert server_rows("SELECT COUNT(*) FROM moderation_block") == [(0,)]
