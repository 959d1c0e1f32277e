"""The game screen on a phone (issue 12, docs/ui.md: 390 px wide): the board reads without the
zoom, the icons have a legend, whose turn it is and what a player holds (offices, tasks with
their progress) stay in view, and the round's event folds away."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import a11y, ui
from .conftest import DESKTOP, PHONE

pytestmark = pytest.mark.e2e

# What a house label measures on screen, in CSS pixels: font size times the SVG's scale.
LABEL_SIZES = """() => [...document.querySelectorAll('[data-house-labels]')].map(g => {
  const px = (el) => el ? parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a : 0;
  const box = g.getBoundingClientRect();
  return { house: g.dataset.houseLabels, hex: g.dataset.labelHex,
    name: px(g.querySelector('.house-name')), nameText: g.querySelector('.house-name').textContent,
    court: Math.min(...[...g.querySelectorAll('.court-name')].map(px)),
    courtText: [...g.querySelectorAll('.court-name')].map(t => t.textContent).join(' '),
    supply: px(g.querySelector('.supply-badge text')),
    supplyText: g.querySelector('.supply-badge text').textContent,
    left: box.left, right: box.right, top: box.top, bottom: box.bottom };
})"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_board_reads_without_the_zoom_and_says_what_its_icons_mean(open_page, viewport):
    page = open_page(viewport, touch=viewport is PHONE)
    ui.start_against_computer(page, f"lezer{viewport['width']}")
    expect(page.locator("[data-action=zoom]")).not_to_have_attribute("aria-pressed", "true")
    labels = page.evaluate(LABEL_SIZES)
    assert len(labels) >= 6
    board = page.locator("svg.board").bounding_box()
    for lab in labels:
        # house name, court action and supply: at least 9-10 px on screen, never cut off
        assert lab["name"] >= 9.5 and lab["supply"] >= 9.5 and lab["court"] >= 8.5, lab
        assert lab["nameText"] and lab["courtText"] and lab["supplyText"].isdigit(), lab
        assert board["x"] - 1 <= lab["left"] and lab["right"] <= board["x"] + board["width"] + 1, (
            lab
        )
        assert lab["right"] <= viewport["width"], lab
    # the label says what the tile window says: name, this game's court action, supply
    shown = labels[0]
    if viewport is PHONE:
        ui.touch_hex(page, shown["hex"])
        page.touchscreen.tap(*ui.center(page, "g.info-coin circle"))
    else:
        ui.tap_hex(page, shown["hex"])
        page.mouse.click(*ui.center(page, "g.info-coin circle"))
    window = page.locator("[data-tile-window]")
    expect(window).to_be_visible()
    expect(page.locator(".modal h2")).to_have_text(shown["nameText"])
    expect(window.locator("[data-court-action]")).to_contain_text(shown["courtText"].split("…")[0])
    expect(window.locator("[data-supply]")).to_have_attribute("data-supply", shown["supplyText"])
    page.keyboard.press("Escape")
    # the legend names every icon the plates use bare
    legend = page.locator("[data-legend]")
    expect(legend).to_be_visible()
    for word in ("geld", "relaties", "reputatie", "gunst", "aanzien", "dobbelpool", "voorraad"):
        expect(legend).to_contain_text(word)
    # whose turn: on my plate and in the turn box, on screen
    expect(page.locator("[data-plate].turn .turn-flag")).to_be_in_viewport()
    expect(page.locator(".phasebar .who")).to_be_in_viewport()
    expect(page.locator(".phasebar .who")).to_contain_text("Jij bent aan zet")
    page.evaluate("window.scrollTo(0, 0)")
    ui.picture(page, f"board-labels-{viewport['width']}.png")


def test_on_a_phone_the_event_folds_and_tasks_and_offices_stay_in_view(open_page):
    page = open_page(PHONE, touch=True)
    ui.start_against_computer(page, "vouwer")
    strip = page.locator("details[data-event]")
    text = strip.locator(".ev-body")
    # folded on a phone once it has been shown big: one line with the event's name
    expect(strip).to_be_visible()
    expect(text).to_be_hidden()
    name = strip.locator(".ev-name").inner_text()
    assert name
    strip.locator("summary").tap()
    expect(text).to_be_visible()
    page.reload()
    ui.idle(page)
    expect(page.locator("details[data-event] .ev-body")).to_be_visible()  # remembered
    page.locator("details[data-event] summary").tap()
    expect(page.locator("details[data-event] .ev-body")).to_be_hidden()

    # a task, taken for real: its progress shows on the conveyor and then in the panel
    ui.touch(page, "[data-tab=tasks]")
    task = page.locator(".card:has([data-take-task='0'])")
    key = task.get_attribute("data-task")
    expect(task.locator("[data-progress]")).to_be_visible()
    ui.touch_press(page, "[data-take-task='0']")
    assert ui.phase(page) == "walk"  # the server took it
    held = page.locator(f"[data-held-tasks] [data-task-held='{key}']")
    expect(held).to_be_visible()
    expect(held.locator("[data-progress]")).to_have_text(
        page.locator(f"[data-task-held='{key}'] [data-progress]").inner_text()
    )
    assert " van " in held.locator("[data-progress]").inner_text()
    ui.picture(page, "phone-held-task-390.png")
    a11y.check(page, "phone: a held task in the panel, the event folded")

    # an office (reached only after many turns: the view is shaped for this check)
    me = ui.my_seat(page)
    ui.patch_game(page, lambda g: g["state"].update(offices={"landmeter": me}))
    page.reload()
    ui.idle(page)
    offices = page.locator(f"[data-plate='{me}'] [data-offices]")
    expect(offices).to_be_visible()
    expect(offices).to_have_text("Hofambt: Landmeter")
    expect(offices).to_be_in_viewport()
    ui.unpatch_game(page)
    ui.picture(page, "phone-office-on-plate-390.png")
