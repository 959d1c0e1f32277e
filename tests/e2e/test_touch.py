"""Playing on a phone with a finger (docs/ui.md): real touch events (a context with has_touch, taps
at 390x844), not a mouse on a small screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import ui
from .conftest import PHONE

pytestmark = pytest.mark.e2e


def _phone_game_walking(open_page, name: str):
    page = open_page(PHONE, touch=True)
    ui.signup(page, name)
    ui.create_game(page, "computer")
    ui.game_id(page)
    ui.wait_for_turn(page)
    if page.locator("[data-event-big]").count():
        ui.touch(page, "[data-event-big] >> text=Verder")
    ui.touch_press(page, "[data-take-card]:not([disabled])")
    ui.touch_press(page, "[data-move=roll_walk]")
    return page


def test_a_second_tap_on_the_chosen_tile_moves_the_pawn_there(open_page):
    page = _phone_game_walking(open_page, "tjalling")
    seat = ui.my_seat(page)
    for pawn in (1, 2, 3):
        ui.touch_select_pawn(page, pawn)
        here = ui.pawn_at(page, seat, pawn)
        target = ui.turnable_gold_neighbour(page, here)
        if target:
            break
    assert target, "this seed gives a pawn a turnable path tile it may enter now"
    ui.touch_hex(page, target)  # first tap: the tile is chosen, its knobs appear
    expect(page.locator("g.knob[data-knob=cw]")).to_have_count(1)
    ui.touch_hex(page, target)  # second tap on its centre: the pawn goes there
    assert ui.pawn_at(page, seat, pawn) == target
    expect(page.locator("[data-plan] li")).to_have_count(1)
    expect(page.locator("[data-plan] li").first).not_to_contain_text("draaien")
    ui.picture(page, "touch-second-tap-moves.png")


def test_the_tile_window_opened_by_a_finger_stays_open(open_page):
    page = _phone_game_walking(open_page, "sjoukje")
    ui.touch_hex(page, ui.houses(page)[0])
    coin = page.locator("g.info-coin")
    expect(coin).to_have_count(1)
    x, y = ui.center(page, "g.info-coin circle")
    page.touchscreen.tap(x, y)
    window = page.locator("[data-tile-window]")
    expect(window).to_be_visible()
    page.wait_for_timeout(400)  # the tap's follow-up click has long arrived
    expect(window).to_be_visible()
    ui.picture(page, "touch-tile-window.png")


def test_each_own_pawn_can_be_dragged_off_a_tile_it_shares_with_opponent_pawns(open_page):
    # All six pawns start on the Stadsplein: the opponent's stand between and over mine.
    page = _phone_game_walking(open_page, "wytske")
    seat = ui.my_seat(page)
    start = ui.pawn_at(page, seat, 1)
    assert all(ui.pawn_at(page, 1 - seat, n) == start for n in (1, 2, 3))
    for pawn in (1, 2, 3):
        ui.touch_select_pawn(page, pawn)
        target = next(k for k in ui.neighbours(start) if k in ui.gold(page))
        ui.touch(page, "[data-action=back]")  # put it down again: dragging picks it up
        ui.touch_drag(
            page, [ui.center(page, f"g[data-pawn='{seat}-{pawn}']"), ui.hex_center(page, target)]
        )
        assert ui.plan_length(page) == 1, f"pawn {pawn}: the drag planned no step"
        assert ui.pawn_at(page, seat, pawn) == target
        ui.picture(page, f"touch-drag-pawn-{pawn}.png")
        ui.touch(page, "[data-action=back]")
        ui.touch(page, "[data-action=back]")
        assert ui.plan_length(page) == 0


def test_a_turn_played_entirely_by_touch_on_a_phone(open_page):
    page = _phone_game_walking(open_page, "vinger")  # card and walking dice tapped already
    seat = ui.my_seat(page)
    walked = None
    for pawn in (1, 2, 3):
        ui.touch_select_pawn(page, pawn)
        here = ui.pawn_at(page, seat, pawn)
        target = next((k for k in ui.neighbours(here) if k in ui.gold(page)), None)
        if target:
            for _ in range(2):  # a turnable tile: the first tap chooses it, the second goes
                if ui.pawn_at(page, seat, pawn) != target:
                    ui.touch_hex(page, target)
            walked = (pawn, target)
            break
    assert walked and ui.pawn_at(page, seat, walked[0]) == walked[1]
    ui.touch_press(page, "[data-action=confirm]")
    assert ui.pawn_at(page, seat, walked[0]) == walked[1]
    ui.picture(page, "touch-turn-walked.png")
    ui.touch_press(page, "[data-move=end_walk]")
    for _ in range(30):  # actions, roll, open cards, discards: tap what the panel offers
        if page.locator("[data-must-choose]").count():
            choice = (
                "[data-must-choose] button.opt:not([disabled]), [data-discard], [data-activate],"
                " [data-must-choose] [data-choose$='-none']:not([disabled])"
            )
            ui.touch_press(page, choice)
            continue
        passing = page.locator("[data-move=end_turn]:not([disabled])").count() > 0
        ui.touch_press(page, "[data-panel] .btn-primary:not([disabled])")
        if passing:
            break
    else:
        raise AssertionError("the turn never passed")
    ui.wait_for_turn(page)  # the computer played; my turn again
    ui.picture(page, "touch-turn-next.png")
