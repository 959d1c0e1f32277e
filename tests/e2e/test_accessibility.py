"""axe-core on every page and every phase of a turn, on a desktop and on a phone: no serious
or critical finding (issue 12). Found before: the bell's and the event strip's names, the
contrast of the phases to come, the scrollable end panel out of the keyboard's reach, no
level-one heading on the game page, an empty table header, a modal without a name."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import a11y, ui
from .conftest import DESKTOP, PHONE

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_no_serious_axe_finding_on_any_page_or_phase(open_page, viewport):
    page = open_page(viewport)
    name = f"axe{viewport['width']}"
    page.goto("/#/inloggen")
    page.wait_for_selector("#f-user")
    a11y.check(page, "login")
    ui.signup(page, name)
    a11y.check(page, "lobby")
    page.goto("/#/regels")
    expect(page.locator("h1")).to_be_visible()
    a11y.check(page, "rules")

    page.goto("/#/")
    ui.create_game(page, "computer")
    ui.game_id(page)
    ui.wait_for_turn(page)
    expect(page.locator("h1")).to_have_count(1)
    if page.locator("[data-event-big]").count():
        a11y.check(page, "the round's event, big")
        ui.dismiss_event(page)
    a11y.check(page, "phase 1, cards")
    page.click("[data-tab=tasks]")
    a11y.check(page, "phase 1, tasks")
    page.click("[data-tab=cards]")
    page.click("[data-action=hand]")
    a11y.check(page, "the hand")
    page.keyboard.press("Escape")

    def check(step, rec):
        a11y.check(page, f"after {step}")

    ui.take_first_card(page)
    ui.press(page, "[data-move=roll_walk]")
    seat = ui.my_seat(page)
    ui.select_pawn(page, 1)
    board = ui.tiles(page)
    start = ui.pawn_at(page, seat, 1)
    turnable = next(
        k for k in ui.neighbours(start) if board.get(k, ("", 0))[0] == "path" and board[k][1] != 63
    )
    ui.tap_hex(page, turnable)
    a11y.check(page, "phase 2, a tile chosen (knobs)")
    page.click("g.info-coin")
    a11y.check(page, "the tile window")
    page.keyboard.press("Escape")
    page.click("[data-action=back]")
    ui.idle(page)
    ui.play_turn(page, check=check)

    ui.wait_for_turn(page)
    ui.resign(page)
    page.keyboard.press("Escape")
    a11y.check(page, "the end screen")
    page.click("[data-action=view-board]")
    a11y.check(page, "the final board")
    page.click(".bell")
    a11y.check(page, "the notifications")
