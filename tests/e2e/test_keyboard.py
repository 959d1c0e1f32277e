"""A whole turn with the keyboard alone (issue 12): the board takes focus, the arrow keys move
a visible cursor over the hexes, Enter picks a pawn and steps, L and R turn the chosen tile,
I opens the tile window; after every move the focus stays in the panel instead of jumping to
the top; a live region reads out what changed."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import a11y, ui
from .conftest import DESKTOP

pytestmark = pytest.mark.e2e


def _focus_in_panel(page) -> bool:
    return page.evaluate("() => !!document.activeElement?.closest('[data-panel]')")


def test_a_turn_played_entirely_by_keyboard(open_page):
    page = open_page(DESKTOP)
    ui.signup(page, "toetsen")
    ui.create_game(page, "computer")
    ui.game_id(page)
    ui.wait_for_turn(page)
    if page.locator("[data-event-big]").count():
        page.keyboard.press("Enter")  # "Verder" has the focus
        expect(page.locator("[data-event-big]")).to_have_count(0)

    # 1 · Trekken: Tab to a card's button, Enter takes it; the focus stays in the panel
    ui.tab_to(page, "[data-take-card]:not([disabled])")
    ui.key_press(page, "Enter")
    assert ui.phase(page) == "walk" and _focus_in_panel(page)
    expect(page.locator("[data-live]")).to_contain_text("fase 2")

    # 2 · Lopen: the walking dice are the red button
    ui.key_press(page, "Space")
    seat = ui.my_seat(page)
    ui.tab_to(page, "[data-board]")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")  # back on the first pawn's tile
    expect(page.locator(".kbd-cursor")).to_be_visible()
    start = ui.pawn_at(page, seat, 1)
    assert ui.cursor(page) == start
    ui.picture(page, "keyboard-board-cursor.png")
    page.keyboard.press("Enter")  # picks the pawn under the cursor
    ui.idle(page)
    expect(page.locator(f"g[data-pawn='{seat}-1'].selected")).to_have_count(1)
    expect(page.locator("[data-live]")).to_contain_text("Koopman gekozen")

    # a tile that can turn: Enter chooses it, R turns it (a planned step), Backspace undoes
    board = ui.tiles(page)
    turnable = next(
        k for k in ui.neighbours(start) if board.get(k, ("", 0))[0] == "path" and board[k][1] != 63
    )
    ui.cursor_to(page, turnable)
    page.keyboard.press("Enter")
    ui.idle(page)
    expect(page.locator("g.knob[data-knob=cw]")).to_have_count(1)
    page.keyboard.press("r")
    ui.idle(page)
    expect(page.locator("[data-plan] li").first).to_contain_text("rechtsom draaien")
    expect(page.locator("[data-live]")).to_contain_text("Route: 1 stap")
    page.keyboard.press("Backspace")
    ui.idle(page)
    assert ui.plan_length(page) == 0

    # I opens the tile window; Escape closes it and the board keeps the focus
    page.keyboard.press("i")
    expect(page.locator("[data-tile-window]")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("[data-tile-window]")).to_have_count(0)
    assert ui.focused(page, "[data-board]")

    # step onto a gold neighbour with Enter (a second Enter when the first chose the tile)
    target = next(k for k in ui.neighbours(start) if k in ui.gold(page))
    ui.cursor_to(page, target)
    for _ in range(2):
        if ui.pawn_at(page, seat, 1) == target:
            break
        page.keyboard.press("Enter")
        ui.idle(page)
    assert ui.pawn_at(page, seat, 1) == target and ui.plan_length(page) == 1
    ui.tab_to(page, "[data-action=confirm]")
    ui.key_press(page, "Enter")
    assert ui.pawn_at(page, seat, 1) == target
    assert _focus_in_panel(page), "after the move the focus stays in the panel"
    ui.tab_to(page, "[data-move=end_walk]")
    ui.key_press(page, "Enter")

    # 3 · Acties and 4 · Werpen: Tab and Enter through the panel until the turn passes
    for _ in range(30):
        where = page.evaluate("() => document.activeElement?.outerHTML.slice(0, 120)")
        assert _focus_in_panel(page), f"the focus left the panel: {where} ({ui.phase(page)})"
        if page.locator("[data-must-choose]").count():
            choice = (
                "[data-must-choose] button.opt:not([disabled]), [data-discard], "
                "[data-activate], [data-must-choose] [data-choose$='-none']:not([disabled])"
            )
            ui.tab_to(page, choice)
        else:
            ui.tab_to(page, "[data-panel] .btn-primary:not([disabled])")
        passing = ui.focused(page, "[data-move=end_turn]")
        ui.key_press(page, "Enter")
        if passing:
            break
    else:
        raise AssertionError("the turn never passed")
    ui.wait_for_turn(page)  # the computer has played: the live region told its moves
    expect(page.locator("[data-live]")).to_contain_text("Jij bent aan zet")
    a11y.check(page, "the game after a keyboard turn")
