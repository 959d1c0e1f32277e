"""The panel's promises (II, III, docs/ui.md): space and enter press the red button only when
exactly one is ready and nothing must be chosen; the hand button shows your hand at any
time; a refused move is explained calmly in Dutch and changes nothing."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from . import ui
from .conftest import DESKTOP, PHONE

pytestmark = pytest.mark.e2e


def _start_against_computer(page, name: str) -> None:
    ui.start_against_computer(page, name)
    expect(page.locator("[data-take-card]").first).to_be_visible()


def _nothing_sent(page, seq: int) -> bool:
    # a click on a move button marks the screen busy at once, in the same event
    return page.get_attribute(ui.ROOT, "data-busy") == "0" and ui.seq(page) == seq


def test_space_and_enter_press_the_red_button_only_when_exactly_one_is_ready(open_page):
    page = open_page(DESKTOP)
    _start_against_computer(page, "karel")

    # phase 1: a card or a task must be chosen, so the keys do nothing
    seq = ui.seq(page)
    page.keyboard.press("Space")
    page.keyboard.press("Enter")
    assert _nothing_sent(page, seq)
    ui.take_first_card(page)

    # phase 2: "Werp de loopdobbelstenen" is the one red button
    assert ui.phase(page) == "walk"
    expect(page.locator("[data-panel] .btn-primary:not([disabled])")).to_have_count(1)
    seq = ui.seq(page)
    page.keyboard.press("Space")
    ui.wait_seq_after(page, seq)
    expect(page.locator("[data-steps-left]")).to_be_visible()

    # with no route walked yet a route must be chosen: no red button, the keys do nothing
    seq = ui.seq(page)
    page.keyboard.press("Enter")
    assert _nothing_sent(page, seq)
    ui.press(page, "[data-move=end_walk]")
    assert ui.phase(page) in ("actions", "roll")
    if ui.phase(page) == "actions":
        ui.press(page, "[data-move=end_actions]")

    # phase 4: roll, then lock, by keyboard
    seq = ui.seq(page)
    page.keyboard.press("Space")
    ui.wait_seq_after(page, seq)
    expect(page.locator("[data-sum]")).to_be_visible()
    seq = ui.seq(page)
    page.keyboard.press("Space")
    ui.wait_seq_after(page, seq)
    if page.locator("[data-activate]").count():
        # a card lies open: the player must choose, so the keys do nothing
        seq = ui.seq(page)
        page.keyboard.press("Space")
        assert _nothing_sent(page, seq)
        ui.press(page, "[data-move=settle]")
    while page.locator("[data-discard]").count():
        ui.press(page, "[data-discard] >> nth=0")
    expect(page.locator("[data-move=end_turn]")).to_be_enabled()
    ui.picture(page, "keyboard-turn-settled.png")
    seq = ui.seq(page)
    page.keyboard.press("Enter")  # "volgende speler"
    ui.wait_seq_after(page, seq)
    ui.wait_for_turn(page)  # the computer played its turn; mine again


def test_the_hand_button_shows_the_hand_at_any_time(open_page):
    page = open_page(DESKTOP)
    _start_against_computer(page, "hendrik")
    ui.take_first_card(page)
    page.click("[data-action=hand]")
    hand = page.locator("[data-hand]")
    expect(hand.locator("[data-card]")).to_have_count(1)
    ui.picture(page, "hand-window.png")
    page.keyboard.press("Escape")
    expect(hand).to_have_count(0)


def _rewrite_next_move(page, change) -> None:
    def handler(route):
        body = json.loads(route.request.post_data)
        change(body)
        route.continue_(post_data=json.dumps(body))

    page.route("**/api/games/*/moves/", handler, times=1)


def test_a_refused_move_is_explained_in_dutch_and_changes_nothing(open_page):
    page = open_page(DESKTOP)
    open_page.allow("/moves/", "409")
    open_page.allow("/moves/", "422")
    _start_against_computer(page, "geertje")
    seq = ui.seq(page)

    # a move sent for a board that has changed since (stale seq): 409
    _rewrite_next_move(page, lambda b: b.update(expected_seq=b["expected_seq"] + 1))
    page.click("[data-take-card]:not([disabled]) >> nth=0")
    expect(page.locator(".toast")).to_contain_text("Het bord was intussen veranderd")
    ui.idle(page)
    assert ui.seq(page) == seq and ui.phase(page) == "draw"

    # a move the rules refuse now: 422 with the engine's own Dutch words
    _rewrite_next_move(page, lambda b: b.update(move={"type": "roll"}))
    page.click("[data-take-card]:not([disabled]) >> nth=0")
    expect(page.locator(".toast.error").last).to_contain_text("Dat kan nu niet")
    ui.idle(page)
    assert ui.seq(page) == seq and ui.phase(page) == "draw"
    ui.picture(page, "refused-move-toast.png")

    # and the real move still works
    ui.take_first_card(page)
    assert ui.phase(page) == "walk"


def test_a_dragged_pawn_lights_enterable_tiles_gold_and_marks_a_refused_neighbour_red(open_page):
    page = open_page(DESKTOP)
    _start_against_computer(page, "maurits")
    ui.take_first_card(page)
    ui.press(page, "[data-move=roll_walk]")
    seat = ui.my_seat(page)
    here = ui.pawn_at(page, seat, 1)
    x, y = ui.center(page, f"g[data-pawn='{seat}-1']")
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y + 12, steps=4)  # picked up: the pawn's way lights up
    ui.idle(page)
    gold = ui.gold(page)
    assert gold and all(k in ui.neighbours(here) or ui.distance(k, here) == 2 for k in gold)
    board = ui.tiles(page)
    refused = [k for k in ui.neighbours(here) if k in board and k not in gold]
    assert refused, "this seed's Stadsplein has a neighbour that does not connect"
    tx, ty = ui.hex_center(page, refused[0])
    page.mouse.move(tx, ty, steps=8)
    ui.idle(page)
    expect(page.locator("polygon.refused")).to_have_count(1)
    assert ui.pawn_at(page, seat, 1) == here  # the pawn did not go there
    expect(page.locator("[data-panel] .plan-error")).not_to_be_empty()
    ui.picture(page, "drag-refused-neighbour.png")
    page.mouse.up()
    ui.idle(page)
    expect(page.locator("polygon.refused")).to_have_count(0)

    # on a phone the rotate knobs and the ⓘ coin stay a finger wide (docs/ui.md: 44 px)
    page.set_viewport_size(PHONE)
    ui.idle(page)
    for k in (n for n in ui.neighbours(here) if board.get(n, ("",))[0] == "path"):
        ui.tap_hex(page, k)
        if page.locator("[data-knob=cw]").count():
            break
    ui.picture(page, "phone-knobs.png")
    boxes = [
        page.locator(f".hit{c}").bounding_box()
        for c in ("[data-knob=ccw]", "[data-knob=cw]", "[data-info]")
    ]
    assert all(b["width"] >= 44 and b["height"] >= 44 for b in boxes), boxes


def test_the_roll_panel_shows_the_numbers_the_server_worked_out(open_page):
    """The die price, the dice count and the bend costs come from the view, not the client."""
    page = open_page(DESKTOP)
    _start_against_computer(page, "wim")
    ui.take_first_card(page)
    ui.press(page, "[data-move=roll_walk]")
    ui.press(page, "[data-move=end_walk]")
    if ui.phase(page) == "actions":
        ui.press(page, "[data-move=end_actions]")
    view = page.request.get(f"/api/games/{ui.game_id(page)}/").json()["state"]
    me = view["players"][view["viewer"]]
    panel = page.locator("[data-panel]")
    expect(panel).to_contain_text(f"met {view['turn']['dice_count']} stenen")
    expect(page.locator("[data-move=buy_die]")).to_contain_text(
        f"({view['turn']['next_die_price']} geld)"
    )
    ui.press(page, "[data-move=roll]")
    for kind, cost in me["bend_costs"].items():
        expect(page.locator(f"[data-bend={kind}]")).to_contain_text(f"{cost} gunst")
