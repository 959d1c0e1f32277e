"""A whole game against the computer, played through the web client to the end screen (XIV):
the end screen lists every score part per player, survives a reload, "Bord bekijken"
shows the final board, and "Nieuw spel" leads on to a new game."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import ui
from .conftest import DESKTOP, PHONE

pytestmark = pytest.mark.e2e


def _the_end_screen(page) -> None:
    """Every score part per player with the totals; a reload keeps it; "Bord bekijken" shows
    the final board and the score comes back; on a phone too; "Nieuw spel" to a new game."""
    end = page.locator("[data-end]")
    expect(end.locator("[data-score] tfoot")).to_contain_text("Totaal")
    totals = [page.locator(f"[data-total='{s}']").inner_text() for s in (0, 1)]
    assert all(t.isdigit() for t in totals)
    ui.picture(page, "computer-end-screen-desktop.png")

    # the end screen stays after a reload
    page.reload()
    expect(page.locator("[data-end]")).to_be_visible()
    assert [page.locator(f"[data-total='{s}']").inner_text() for s in (0, 1)] == totals

    # "Bord bekijken" shows the final board, and the score comes back
    page.click("[data-action=view-board]")
    expect(page.locator("[data-end]")).to_have_count(0)
    expect(page.locator("[data-board] g.tile").first).to_be_visible()
    ui.picture(page, "computer-final-board-desktop.png")
    page.click("[data-action=back-to-score]")
    expect(page.locator("[data-end]")).to_be_visible()

    # the same end screen on a phone
    page.set_viewport_size(PHONE)
    ui.picture(page, "computer-end-screen-phone.png", full_page=True)

    page.click("[data-action=new-game]")
    expect(page.locator("[data-form=create]")).to_be_visible()


def test_a_resigned_games_score_screen_survives_reload_shows_the_board_and_leads_on(open_page):
    """CI's short version of the whole game below (`slow`): the same end screen, reached by
    resigning. Turns through the panel against the computer are in CI elsewhere (test_seeing,
    test_keyboard, test_as_deployed), and a game played to its end in test_seeing."""
    page = open_page(DESKTOP)
    ui.start_against_computer(page, "willemijn")
    ui.resign(page)
    _the_end_screen(page)


# Six turns through the panel, about two minutes: `make test-slow` runs it.
@pytest.mark.slow
def test_complete_game_against_the_computer_ends_on_a_score_screen_that_survives_reload(open_page):
    page = open_page(DESKTOP)
    ui.signup(page, "willem")
    ui.create_game(page, "computer")
    ui.game_id(page)
    turns = 0
    while True:
        page.wait_for_function(
            "() => document.querySelector('.phasebar .who.mine') || document.querySelector('[data-end]')"
        )
        ui.idle(page)
        if page.locator("[data-end]").count():
            break
        if turns == 0:
            ui.dismiss_event(page)
            ui.picture(page, "computer-first-turn-desktop.png")
        ui.play_turn(page)
        turns += 1
        assert turns <= 6, "six rounds: one turn of mine in each"
    assert turns == 6

    _the_end_screen(page)


def test_the_lobby_chooses_the_computers_level(open_page):
    # Levels in Dutch: makkelijk / normaal / sterk; the select shows only against the computer.
    page = open_page(DESKTOP)
    ui.signup(page, "sterkespeler")
    options = page.locator("#f-level option")
    expect(options).to_have_text(["makkelijk", "normaal", "sterk"])
    expect(page.locator("#f-level")).to_have_value("normal")
    page.check("input[name=opponent][value=invite]")
    expect(page.locator("#f-level")).to_be_hidden()
    page.check("input[name=opponent][value=computer]")
    page.select_option("#f-level", label="sterk")
    page.click("[data-form=create] button[type=submit]")
    gid = ui.game_id(page)
    game = page.evaluate(f"fetch('/api/games/{gid}/').then(r => r.json())")
    assert game["opponent"] == "computer" and game["computer_level"] == "strong"
