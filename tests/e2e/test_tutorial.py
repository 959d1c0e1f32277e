"""The guided first game (docs/tutorial.md), played in the browser: the whole tutorial by
mouse from the lobby's offer, each step offering only its scripted move and pointing at it;
its first steps (a rotation among them) by finger on a phone and by keyboard alone; the
rules page's button; skipping."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import expect

from tutorial.script import script

from . import ui
from .conftest import DESKTOP, PHONE

pytestmark = pytest.mark.e2e

BOX = "[data-tutorial]"


def _signup(page, name: str) -> None:
    """ui.signup, with room for a loaded machine (the new account's lobby may take seconds)."""
    page.goto("/#/inschrijven")
    page.fill("#f-user", name)
    page.fill("#f-pass", ui.PASSWORD)
    page.fill("#f-pass2", ui.PASSWORD)
    page.click("button[type=submit]")
    expect(page.locator("[data-form=create]")).to_be_visible(timeout=30000)


def test_the_offer_arrives_without_moving_the_new_game_form(open_page):
    """The offer comes after its own request: it must not push the form a new player is
    already reaching for (a click on 'open game' landed on another choice)."""
    page = open_page(DESKTOP)
    _signup(page, "schuifvrij")
    choice = page.locator("input[name=opponent][value=open]")
    before = choice.bounding_box()
    expect(page.locator("[data-tutorial-offer]")).to_be_visible()
    assert choice.bounding_box() == before


def _next_step(page, played: int) -> dict:
    """Wait until the box waits for a step after `played` (or the lessons are over)."""
    page.wait_for_function(
        """(played) => {
          const b = document.querySelector('[data-tutorial]');
          const g = document.querySelector('.game[data-game]');
          if (!b || !g || g.dataset.busy !== '0') return false;
          return b.dataset.tutorial !== 'active' || (b.dataset.expected && Number(b.dataset.step) > played);
        }""",
        arg=played,
        timeout=30000,
    )
    # The round's event window opens for the player to move once the game's reads are in
    # (only the mover's is a window: the waiting player gets a notice). The learner opens the
    # tutorial's first round: wait for that window before the first step, then close it.
    if played < 0:
        page.wait_for_selector("[data-event-big]")
    ui.dismiss_event(page)
    box = page.locator(BOX)
    expected = box.get_attribute("data-expected")
    return {
        "status": box.get_attribute("data-tutorial"),
        "step": int(box.get_attribute("data-step")),
        "move": json.loads(expected) if expected else None,
    }


def _button(move: dict) -> str:
    t = move["type"]
    if t == "take_card":
        return f"[data-take-card='{move['slot']}']"
    if t == "take_task":
        return f"[data-take-task='{move['slot']}']"
    if t == "choose":
        return f"[data-choose='{move['pawn']}-{move['action'] or 'none'}']"
    if t in ("bend", "activate", "discard"):
        value = move.get("kind") or move.get("card")
        return f"[data-{t}='{value}']"
    if t in ("buy_office", "buy_foundation"):
        return f"[data-buy='{move.get('office') or move.get('foundation')}']"
    return f"[data-move='{t}']"


def _walk_by_mouse(page, move: dict, *, touch: bool = False) -> None:
    seat = ui.my_seat(page)
    tap = ui.touch_hex if touch else ui.tap_hex
    if not page.locator(f"g[data-pawn='{seat}-{move['pawn']}'].selected").count():
        if touch:
            ui.touch_select_pawn(page, move["pawn"])
        else:
            ui.select_pawn(page, move["pawn"])
    chosen = None
    for st in move["plan"]:
        if "rotate" in st:
            k = ui.hexkey(st["rotate"])
            if chosen != k:
                tap(page, k)
                chosen = k
            knob = f"g.knob[data-knob={st['dir']}]"
            if touch:
                ui.touch(page, knob)
            else:
                page.click(knob)
                ui.idle(page)
        else:
            k = ui.hexkey(st.get("enter") or st.get("cross"))
            assert k in ui.gold(page), f"{k} glows for the scripted step"
            before = ui.plan_length(page)
            tap(page, k)
            if ui.plan_length(page) == before:  # the first tap chose the tile (it can turn)
                tap(page, k)
    press = ui.touch_press if touch else ui.press
    press(page, "[data-action=confirm]")


def _only_this_move_is_offered(page, move: dict) -> None:
    t = move["type"]
    if t in ("take_card", "take_task"):
        kind = "card" if t == "take_card" else "task"
        assert page.locator(f"[data-take-{kind}]:not([disabled])").count() == 1
    if t == "choose":
        assert page.locator("[data-choose]:not([disabled])").count() == 1
    if t == "walk":
        k = next(s.get("enter") or s.get("rotate") for s in move["plan"])
        assert page.locator(f"[data-tutorial-point='{ui.hexkey(k)}']").count() == 1
    if t != "walk":
        expect(page.locator(f"{_button(move)}[data-tutorial-point]")).to_have_count(1)


HALF = 28  # the whole tutorial by mouse, in two tests of about half the steps each


def _play_by_api(page, upto: int) -> None:
    """The learner's scripted moves sent by the page's own API client until step `upto`."""
    page.evaluate(
        """async (upto) => {
          const api = await import('/js/api.js');
          let t = await api.call('GET', '/api/tutorial/');
          while (t.status === 'active' && t.step < upto) {
            if (t.expected) await api.submitMove(t.game, t.expected, t.seq);
            else await new Promise((r) => setTimeout(r, 200));
            t = await api.call('GET', '/api/tutorial/');
          }
        }""",
        upto,
    )


# About three minutes for both halves: `make test-slow` runs them (CI runs the touch, keyboard
# and skip tests below, which play the first steps).
@pytest.mark.slow
@pytest.mark.parametrize("first", [0, HALF], ids=["first-half", "second-half-resumed"])
def test_the_whole_tutorial_by_mouse_from_the_lobby_s_offer(open_page, first):
    began = time.monotonic()
    page = open_page(DESKTOP)
    _signup(page, f"leerling{first}")
    expect(page.locator("[data-tutorial-offer=new]")).to_be_visible()
    page.click("[data-tutorial-offer] [data-action=tutorial-start]")
    ui.game_id(page)
    steps = script().steps
    if first:  # left after the first half and resumed: the page opens where it was
        _play_by_api(page, first)
        page.goto("/#/")
        expect(page.locator("[data-tutorial-offer=resume]")).to_be_visible()
        page.click("[data-tutorial-offer] [data-action=tutorial-start]")
        ui.game_id(page)
    last = HALF - 1 if first == 0 else len(steps) - 1
    played = first - 1
    while played < last:
        now = _next_step(page, played)
        assert now["status"] == "active"
        step, move = now["step"], now["move"]
        assert step == played + 1 and move == steps[step].move
        lessons = page.locator("[data-tutorial-line=lesson]")
        expect(lessons).to_have_count(len(steps[step].lessons))
        if step == 3:
            ui.picture(page, "tutorial-step-rotation.png")
        try:
            _only_this_move_is_offered(page, move)
        except AssertionError:
            ui.picture(page, f"tutorial-failed-step-{step}.png")
            raise
        if move["type"] == "walk":
            _walk_by_mouse(page, move)
        else:
            ui.press(page, _button(move))
        for lesson in steps[step].lessons:  # what happened, explained once the move is made
            expect(page.locator(f"[data-tutorial-after='{lesson}']")).to_be_visible()
        played = step
    if first:
        expect(page.locator("[data-tutorial=done]")).to_contain_text("alle lessen")
        ui.picture(page, "tutorial-done.png")
    print(f"tutorial steps {first}-{last} by mouse in {time.monotonic() - began:.0f} s")


def test_the_first_steps_and_a_rotation_by_finger_on_a_phone(open_page):
    page = open_page(PHONE, touch=True)
    _signup(page, "vingerles")
    page.goto("/#/regels")
    ui.touch(page, "[data-action=tutorial-start]")
    ui.game_id(page)
    steps = script().steps
    played = -1
    while played < 3:  # step 3 turns a tile twice with the knob, then walks onto it
        now = _next_step(page, played)
        move = now["move"]
        if move["type"] == "walk":
            _walk_by_mouse(page, move, touch=True)
        else:
            ui.touch_press(page, _button(move))
        played = now["step"]
    assert "rotation" in steps[3].lessons
    expect(page.locator("[data-tutorial-after=rotation]")).to_be_visible()
    ui.picture(page, "tutorial-phone-rotation.png")


def test_the_first_steps_and_a_rotation_by_keyboard_and_a_wrong_move_is_not_offered(open_page):
    page = open_page(DESKTOP)
    _signup(page, "toetsles")
    page.goto("/#/regels")
    page.click("[data-action=tutorial-start]")
    ui.game_id(page)
    seat = 0
    now = _next_step(page, -1)
    assert now["move"]["type"] == "take_task"
    ui.tab_to(page, f"{_button(now['move'])}:not([disabled])")
    ui.key_press(page, "Enter")
    now = _next_step(page, 0)
    assert now["move"]["type"] == "roll_walk"
    ui.key_press(page, "Space")  # the one red button
    for played in (1, 2):
        now = _next_step(page, played)
        move = now["move"]
        assert move["type"] == "walk"
        ui.tab_to(page, "[data-board]")
        if not page.locator(f"g[data-pawn='{seat}-{move['pawn']}'].selected").count():
            ui.cursor_to(page, ui.pawn_at(page, seat, move["pawn"]))
            page.keyboard.press("Enter")
            ui.idle(page)
        for st in move["plan"]:
            if "rotate" in st:
                k = ui.hexkey(st["rotate"])
                if ui.cursor(page) != k:
                    ui.cursor_to(page, k)
                    page.keyboard.press("Enter")
                    ui.idle(page)
                page.keyboard.press("r" if st["dir"] == "cw" else "l")
                ui.idle(page)
            else:
                k = ui.hexkey(st["enter"])
                ui.cursor_to(page, k)
                for _ in range(2):
                    if ui.plan_length(page) == len(move["plan"]):
                        break
                    page.keyboard.press("Enter")
                    ui.idle(page)
        assert ui.plan_length(page) == len(move["plan"])
        ui.tab_to(page, "[data-action=confirm]")
        ui.key_press(page, "Enter")
    expect(page.locator("[data-tutorial-after=rotation]")).to_be_visible()
    # the next step walks the Koopman on: "Klaar met lopen" is not offered meanwhile
    assert page.locator("[data-move=end_walk]:not([disabled])").count() == 0


def test_skipping_ends_the_tutorial_game(open_page):
    page = open_page(DESKTOP)
    _signup(page, "overslaan")
    page.click("[data-tutorial-offer] [data-action=tutorial-start]")
    ui.game_id(page)
    _next_step(page, -1)
    page.click("[data-action=tutorial-skip]")
    page.wait_for_selector("[data-end]")
    expect(page.locator(BOX)).to_have_count(0)
    page.goto("/#/")
    expect(page.locator("[data-form=create]")).to_be_visible()
    expect(page.locator("[data-tutorial-offer]")).to_have_count(0)
