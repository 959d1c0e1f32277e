"""What the screen says must be right and readable: whole, in the right number, for the
phase it is, and the same in the panel and the tile window (issue 12's bugs)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import ui
from .conftest import DESKTOP, PHONE

pytestmark = pytest.mark.e2e

SEED = "9f" * 32  # a real seed: 64 hex digits, nowhere to break the line


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_end_screen_shows_the_whole_seed(open_page, viewport):
    page = open_page(viewport)
    ui.start_against_computer(page, f"zaad{viewport['width']}")
    ui.resign(page)
    ui.patch_game(page, lambda g: g.update(seed=SEED) if g.get("seed") else None)
    page.reload()
    seed = page.locator("[data-end] code")
    expect(seed).to_have_text(SEED)
    ui.idle(page)
    right, panel_right = page.evaluate(
        """() => [document.querySelector('[data-end] code').getBoundingClientRect().right,
                  document.querySelector('[data-panel]').getBoundingClientRect().right]"""
    )
    assert right <= min(viewport["width"], panel_right) + 0.5
    assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
    ui.picture(page, f"end-seed-{viewport['width']}.png", full_page=True)


def test_the_zoom_button_is_named_for_what_it_does_now(open_page):
    page = open_page(PHONE, touch=True)
    ui.start_against_computer(page, "lupe")
    zoom = page.locator("[data-action=zoom]")
    expect(zoom).to_have_accessible_name("Bord groter")
    zoom.tap()
    expect(zoom).to_have_attribute("aria-pressed", "true")
    expect(zoom).to_have_accessible_name("Bord passend")
    zoom.tap()
    expect(zoom).to_have_accessible_name("Bord groter")


def test_while_the_opponent_walks_no_draw_hint_and_gains_in_the_right_number(open_page):
    page = open_page(DESKTOP)
    ui.start_against_computer(page, "wachter")
    me = ui.my_seat(page)

    def opponent_walks(g):
        st = g["state"]
        st.update(current=1 - me, phase="walk")
        st["turn"].update(walk_dice=[2, 3], steps=5)

    ui.patch_game(page, opponent_walks)
    page.reload()
    waiting = page.locator("[data-waiting]")
    expect(waiting).to_contain_text("2 · Lopen")
    expect(waiting).not_to_contain_text("Wat je laat liggen")
    ui.unpatch_game(page)

    def opponent_settled(g):
        st = g["state"]
        st.update(current=1 - me, phase="roll")
        house = next(iter(st["houses"]))
        st["turn"].update(dice=[4, 5], locked=True, settled=True)
        st["turn"]["report"] = {
            "actions": [
                {
                    "pawn": 2,
                    "house": house,
                    "action": "resource",
                    "resource": "relaties",
                    "amount": 1,
                },
                {"pawn": 3, "house": house, "action": "resource", "resource": "geld", "amount": 3},
            ]
        }

    ui.patch_game(page, opponent_settled)
    page.reload()
    expect(waiting).to_contain_text("+1 relatie")
    expect(waiting).not_to_contain_text("+1 relaties")
    expect(waiting).to_contain_text("+3 geld")


def test_klaar_met_lopen_is_not_the_red_button_before_a_route_is_walked(open_page):
    page = open_page(DESKTOP)
    ui.start_against_computer(page, "haastig")
    ui.take_first_card(page)
    ui.press(page, "[data-move=roll_walk]")
    end_walk = page.locator("[data-move=end_walk]")
    expect(end_walk).to_be_enabled()
    expect(end_walk).not_to_have_class("btn btn-primary")
    seq = ui.seq(page)
    page.keyboard.press("Space")  # must not skip walking
    page.wait_for_timeout(300)
    assert ui.seq(page) == seq and ui.phase(page) == "walk"


def test_the_tile_window_counts_the_surcharge_where_an_opponent_pawn_stands(open_page):
    page = open_page(DESKTOP)
    ui.start_against_computer(page, "toeslag")
    ui.play_turn(page)
    ui.wait_for_turn(page)  # the computer walked to its houses meanwhile
    ui.dismiss_event(page)
    other = 1 - ui.my_seat(page)
    homes = ui.houses(page)
    taken = [ui.pawn_at(page, other, n) for n in (1, 2, 3)]
    house = next((k for k in taken if k in homes), None)
    assert house, "the computer stands on a house after its first turn"
    ui.tap_hex(page, house)
    page.click("g.info-coin")
    window = page.locator("[data-tile-window]")
    expect(window).to_contain_text("Je tegenstander staat hier")
    # the resource action uses 1 + 1, the court action 2 + 1, as the action panel says
    expect(window.locator(".action-box").nth(0)).to_contain_text("verbruikt 2")
    expect(window.locator(".action-box").nth(1)).to_contain_text("verbruikt 3")
    ui.picture(page, "tile-window-surcharge.png")


def test_name_plates_show_the_score_as_it_counts_now_and_the_end_rows_say_what_they_give(
    open_page,
):
    page = open_page(DESKTOP)
    ui.start_against_computer(page, "stand")
    me = ui.my_seat(page)

    def with_office_and_foundation(g):
        for p in g["state"]["players"]:
            if p["seat"] == me:  # 3 aanzien, an office (1) and a foundation worth 4
                p["aanzien"] = 3
                p["score_now"] = {"aanzien": 3, "offices": 1, "foundations": 4, "total": 8}
        for s in (g.get("result") or {}).get("scores", {}).values():
            s["aanzien_sources"] = {"posts": 2, "court": 1}

    ui.patch_game(page, with_office_and_foundation)
    page.reload()
    score = page.locator(f"[data-plate='{me}'] [data-stat=score]")
    expect(score).to_have_text("8")
    expect(score).to_have_accessible_name(
        "Score nu 8: 3 aanzien + 1 uit hofambten + 4 uit stichtingen"
    )
    ui.unpatch_game(page)
    page.reload()
    ui.resign(page)
    # after the end, each plate shows the end screen's total
    for seat in (0, 1):
        total = page.locator(f"[data-total='{seat}']").inner_text()
        expect(page.locator(f"[data-plate='{seat}'] [data-stat=score]")).to_have_text(total)
    ui.patch_game(page, with_office_and_foundation)
    page.reload()
    table = page.locator("[data-score]")
    expect(table).to_contain_text("Aanzien uit handelsposten")
    expect(table).to_contain_text("Aanzien uit hofacties")
    expect(table).to_contain_text("Aanzien uit hofambten")
    # every column has a name, the first one too
    expect(table.locator("thead th").first).to_have_accessible_name("Onderdeel")
