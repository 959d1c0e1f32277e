"""Vacation between two people (docs/clocks.md, "Vacation"): the new-game form offers
"zonder vakantie" where the time control has vacation; player A starts a vacation on the
account page (the allowance and its use shown), and player B sees "op vakantie tot …" on
A's name plate, with A's clock standing still, and in the games list; A stops the vacation on
the account page and B's plate no longer says so, A's clock running again."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from . import a11y, ui
from .conftest import DESKTOP

pytestmark = pytest.mark.e2e


def test_a_vacation_started_on_the_account_page_shows_on_the_opponents_plate(open_page):
    anna = open_page(DESKTOP)
    ui.signup(anna, "vak-anna")
    anna.check("input[name=opponent][value=invite]")
    ui.choose_time_control(anna, "live_10_20")
    expect(anna.locator("[data-tc-vacation]")).to_be_hidden()  # live clocks never stand still
    ui.choose_time_control(anna, "correspondence_3d_1d_7d")
    expect(anna.locator("#f-tc-no-vacation")).not_to_be_checked()
    anna.click("[data-form=create] button[type=submit]")
    link = anna.locator("[data-invite-link]").input_value()
    anna.keyboard.press("Escape")
    game = ui.game_id(anna)

    bram = open_page(DESKTOP)
    ui.signup(bram, "vak-bram")
    bram.goto(link)
    bram.click("text=Uitnodiging aannemen")
    assert ui.game_id(bram) == game
    expect(bram.locator("[data-phase]")).to_be_visible(timeout=10000)
    anna_seat = 0  # the creator's seat
    expect(bram.locator(f"[data-plate='{anna_seat}'] [data-vacation]")).to_have_count(0)

    anna.goto("/#/account")
    section = anna.locator("section[data-vacation]")
    expect(section.locator("[data-vacation-days]")).to_contain_text("Je hebt 7 vakantiedagen.")
    expect(section.locator("[data-vacation-used]")).to_have_text("Gebruikt: 0 dagen.")
    expect(section.locator("[data-action=stop-vacation]")).to_be_hidden()  # none to stop
    anna.fill("#f-vacation-days", "3")
    section.locator("[data-form=vacation] button[type=submit]").click()
    expect(section.locator("[data-vacation-until]")).to_contain_text("Je bent op vakantie tot")
    expect(section.locator("[data-vacation-days]")).to_contain_text("Je hebt 4 vakantiedagen.")
    expect(section.locator("[data-action=stop-vacation]")).to_be_visible()
    expect(section.locator("[data-form=vacation]")).to_be_hidden()  # one at a time
    a11y.check(anna, "the account page with a vacation running")

    # the opponent's screen is told (the game's update), without a reload
    note = bram.locator(f"[data-plate='{anna_seat}'] [data-vacation]")
    expect(note).to_have_text(re.compile(r"^op vakantie tot \S"), timeout=10000)
    expect(bram.locator(f"[data-plate='{anna_seat}'] [data-clock].paused")).to_have_count(1)
    a11y.check(bram, "a plate on vacation")
    bram.goto("/#/")
    expect(bram.locator(f"[data-list=mine] [data-game='{game}'] [data-vacation]")).to_contain_text(
        "op vakantie tot"
    )

    # anna stops early, with the button on the account page: the days not begun come back
    bram.goto(f"/#/spel/{game}")
    expect(bram.locator(f"[data-plate='{anna_seat}'] [data-vacation]")).to_have_count(1)
    stop = section.locator("[data-action=stop-vacation]")
    stop.focus()
    anna.keyboard.press("Enter")
    expect(anna.locator(".toast").filter(has_text="Je vakantie is gestopt.")).to_be_visible()
    expect(section.locator("[data-vacation-until]")).to_have_count(0)
    expect(stop).to_be_hidden()
    expect(section.locator("[data-form=vacation]")).to_be_visible()
    expect(section.locator("[data-vacation-days]")).to_contain_text("Je hebt 6 vakantiedagen.")
    expect(section.locator("[data-vacation-used]")).to_have_text("Gebruikt: 1 dag.")
    # the opponent's plate is told without a reload: no "op vakantie tot", no paused clock
    expect(bram.locator(f"[data-plate='{anna_seat}'] [data-vacation]")).to_have_count(
        0, timeout=10000
    )
    expect(bram.locator(f"[data-plate='{anna_seat}']")).not_to_contain_text("op vakantie tot")
    expect(bram.locator(f"[data-plate='{anna_seat}'] [data-clock].paused")).to_have_count(0)
