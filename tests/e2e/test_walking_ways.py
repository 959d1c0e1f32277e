"""Walking past what blocks the way (IV): crossing forest or water, a toll tile, clearing a
field, and taking a toll gate off the board (Tolbrief). Each game's seed comes from its
creator's name (e2e_asgi.py); the names below give these situations on the first turn, so the
moves are real and the server must accept them."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import ui
from .conftest import PHONE

pytestmark = pytest.mark.e2e


def _walking(page, name: str) -> int:
    """A new game against the computer, my card taken and my walking dice rolled."""
    ui.start_against_computer(page, name)
    ui.take_first_card(page)
    ui.press(page, "[data-move=roll_walk]")
    return ui.my_seat(page)


def _count(page, seat: int, res: str) -> int:
    """A number on a name plate (the geld icon carries its own ƒ)."""
    return int(ui.stat(page, seat, res).split()[-1])


def _open_tile_window(page, k: str) -> None:
    """Tap a tile, then its ⓘ coin."""
    ui.tap_hex(page, k)
    x, y = ui.center(page, "g.info-coin circle")
    page.mouse.click(x, y)
    expect(page.locator(f"[data-tile-window='{k}']")).to_be_visible()


def test_a_crossing_jumps_a_pawn_over_the_forest_for_two_relaties(open_page):
    page = open_page()
    seat = _walking(page, "boswachter")
    start, edge, forest, landing = "0,0", "1,0", "2,0", "3,0"
    assert ui.tiles(page)[forest][0] == "forest"
    ui.select_pawn(page, 1)
    assert ui.pawn_at(page, seat, 1) == start
    assert ui.step_onto(page, seat, 1, edge)
    # from the forest's edge, the road beyond it glows gold; the forest itself does not
    assert landing in ui.gold(page) and forest not in ui.gold(page)
    steps = ui.steps_left(page)
    assert _count(page, seat, "relaties") == 2
    ui.tap_hex(page, landing)
    assert ui.pawn_at(page, seat, 1) == landing
    crossing = page.locator("[data-plan] li").nth(1)
    expect(crossing).to_contain_text("Oversteek")
    expect(crossing).to_contain_text("2 relaties")
    expect(page.locator("[data-panel]")).to_contain_text("0 over")  # relaties left after it
    ui.picture(page, "walk-crossing-planned-1440.png")
    ui.press(page, "[data-action=confirm]")
    # the server took the walk: the pawn stands beyond the forest, the crossing is paid
    assert ui.pawn_at(page, seat, 1) == landing
    assert _count(page, seat, "relaties") == 0
    assert ui.steps_left(page) < steps


def test_a_toll_tile_says_its_price_and_costs_two_steps(open_page):
    page = open_page()
    seat = _walking(page, "schipper")
    toll = "0,1"
    expect(page.locator(f"g.tile.toll[data-hex='{toll}'] .toll-gate")).to_have_count(1)
    _open_tile_window(page, toll)
    expect(page.locator("[data-tile-window]")).to_contain_text("kost 2 stappen")
    page.keyboard.press("Escape")
    ui.select_pawn(page, 1)
    before = ui.steps_left(page)
    assert toll in ui.gold(page)
    assert ui.step_onto(page, seat, 1, toll)
    step = page.locator("[data-plan] li").first
    expect(step).to_contain_text("tol")
    expect(step).to_contain_text("2 stappen")
    assert ui.steps_left(page) == before - 2
    ui.picture(page, "walk-toll-planned-1440.png")
    ui.press(page, "[data-action=confirm]")
    assert ui.pawn_at(page, seat, 1) == toll
    assert ui.steps_left(page) == before - 2  # now from the server's own count


def test_a_field_next_to_a_pawn_is_cleared_from_the_tile_window(open_page):
    page = open_page()
    seat = _walking(page, "houtvester")
    edge, field = "-1,0", "-2,0"
    assert ui.tiles(page)[field] == ("empty", 0)
    ui.select_pawn(page, 1)
    assert ui.step_onto(page, seat, 1, edge)
    ui.press(page, "[data-action=confirm]")
    assert ui.pawn_at(page, seat, 1) == edge
    geld = _count(page, seat, "geld")
    _open_tile_window(page, field)
    window = page.locator("[data-tile-window]")
    expect(window).to_contain_text("Geen weg")
    button = window.locator(f"[data-clear='{field}']")
    expect(button).to_have_text("Ontginnen (2 geld)")
    expect(button).to_be_enabled()
    ui.picture(page, "walk-clear-window-1440.png")
    before = ui.seq(page)
    button.click()
    ui.wait_seq_after(page, before)
    expect(window).to_have_count(0)
    # a crossroads open to all six sides now lies there, paid with 2 geld
    assert ui.tiles(page)[field] == ("path", 63)
    expect(page.locator(f"g.tile[data-hex='{field}'] .cleared-mark")).to_have_count(1)
    assert _count(page, seat, "geld") == geld - 2
    ui.picture(page, "walk-cleared-1440.png")


def test_on_a_phone_the_open_tolbrief_shows_above_the_foot_and_levies_toll_without_a_target(
    open_page,
):
    page = open_page(PHONE, touch=True)
    ui.signup(page, "tolman")  # the market's first card is the Tolbrief; the roll holds a 6
    ui.create_game(page, "computer")
    ui.game_id(page)
    ui.wait_for_turn(page)
    ui.dismiss_event(page)
    expect(page.locator(".card:has([data-take-card='0'])")).to_contain_text("Tolbrief")
    ui.touch_press(page, "[data-take-card='0']")
    ui.touch_press(page, "[data-move=roll_walk]")
    ui.touch_press(page, "[data-move=end_walk]")
    if ui.phase(page) == "actions":
        ui.touch_press(page, "[data-move=end_actions]")
    ui.touch_press(page, "[data-move=roll]")
    ui.touch_press(page, "[data-move=lock]")
    # the open card lies between the top bar and the sticky foot, not under the foot
    card = page.locator(".card.open:has([data-activate])")
    expect(card).to_have_count(1)
    expect(card).to_contain_text("Tolbrief")
    box = card.bounding_box()
    foot = page.locator(".panel-foot").bounding_box()
    topbar = page.locator(".topbar").bounding_box()
    assert box["y"] >= topbar["y"] + topbar["height"] - 1
    assert box["y"] + box["height"] <= foot["y"] + 1, (box, foot)
    ui.picture(page, "phone-open-card-above-foot-390.png")

    # rules 2 (IV: toll gates "staan er de hele partij"): the Tolbrief levies toll, +1 geld
    # per gate on the board (at most 3), and needs no target; every gate stays
    tolls = [g.get_attribute("data-hex") for g in page.locator("g.tile.toll").all()]
    assert tolls
    seat = ui.my_seat(page)
    geld = _count(page, seat, "geld")
    before = ui.seq(page)
    card.locator("[data-activate]").tap()
    ui.wait_seq_after(page, before)
    expect(page.locator("g.tile.toll")).to_have_count(len(tolls))
    expect(page.locator("[data-activate]")).to_have_count(0)
    ui.picture(page, "phone-tolbrief-used-390.png")
    assert _count(page, seat, "geld") == geld + min(3, len(tolls))
