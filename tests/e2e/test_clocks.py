"""Clocks in play between two people (docs/clocks.md, issue 23): the time control chosen at
creation and shown in short, both seats' clocks on both screens with only the running one
going down, and a timeout: the opponent gives more time once, then claims the win; the seat
that ran out is told who chooses.

No production minimum is lowered: to bring a clock near its end the test sets the running
seat's bank in the server's kept clock state in the test database (as the server's own tests
move an injected clock), then reloads; the server alone decides that the time is out."""

from __future__ import annotations

import json
import re
import sqlite3
import time

import pytest
from playwright.sync_api import expect

from . import a11y, ui
from .conftest import DESKTOP, PHONE, SERVER_DB

pytestmark = pytest.mark.e2e


def start_live_game(open_page, host: str, guest: str):
    """host invites guest to a live game (10 min + 20 s); both on the game screen."""
    a = open_page(DESKTOP)
    b = open_page(PHONE, touch=True)
    ui.signup(a, host)
    # against the computer no time control is offered
    expect(a.locator("#f-time")).to_be_hidden()
    a.check("input[name=opponent][value=invite]")
    expect(a.locator("#f-time")).to_be_visible()
    ui.choose_time_control(a, "live_10_20")
    a.click("[data-form=create] button[type=submit]")
    link = a.locator("[data-invite-link]").input_value()
    expect(a.locator(".modal [data-time-control]")).to_have_text("10 min + 20 s")
    a.keyboard.press("Escape")
    ui.signup(b, guest)
    b.goto(link)
    # the invitation says the time control before it is taken
    expect(b.locator("[data-time-control]")).to_have_text("10 min + 20 s")
    b.click("text=Uitnodiging aannemen")
    game = ui.game_id(b)
    expect(a.locator("[data-phase]")).to_be_visible(timeout=10000)
    for p in (a, b):
        ui.idle(p)
        ui.dismiss_event(p)
    return a, b, game


def running_seat(page) -> int:
    return int(page.get_attribute("[data-clock].running", "data-clock"))


def test_a_live_game_shows_both_clocks_ticking_on_both_screens(open_page):
    anna, bram, game = start_live_game(open_page, "klok-anna", "klok-bram")
    for p in (anna, bram):
        expect(p.locator("[data-clock]")).to_have_count(2)
        expect(p.locator(".phasebar [data-time-control]")).to_have_text("10 min + 20 s")
        expect(p.locator("[data-clock].running")).to_have_count(1)
    at_turn = running_seat(anna)
    assert running_seat(bram) == at_turn
    other = 1 - at_turn
    before = {p: (ui.clock_ms(p, at_turn), ui.clock_ms(p, other)) for p in (anna, bram)}
    anna.wait_for_timeout(2500)
    for p in (anna, bram):
        running, standing = ui.clock_ms(p, at_turn), ui.clock_ms(p, other)
        # the running clock went down about the time waited; the other stands at the full bank
        assert 1500 <= before[p][0] - running <= 4000, (before[p], running)
        assert standing == before[p][1] == 600_000
        face = p.locator(f"[data-plate='{at_turn}'] [data-clock]")
        assert face.locator(".clock-face").inner_text().startswith("9:5")
        expect(p.locator(f"[data-plate='{other}'] .clock-face")).to_have_text("10:00")
        # the clock is no live region: its name says the time, and the state, on request
        label = face.locator("[data-clock-label]").text_content().strip()
        assert label.startswith("Tijd over: 9 minuten") and label.endswith("de klok loopt"), label
        assert face.get_attribute("aria-live") is None
    a11y.check(anna, "both clocks")
    # on request: Tab to the running clock, Enter, and its time is said once in the live region
    ui.tab_to(anna, f"[data-plate='{at_turn}'] [data-clock]")
    anna.keyboard.press("Enter")
    expect(anna.locator("[data-live]")).to_contain_text("Tijd over: 9 minuten")
    # the clock keeps the focus while it ticks
    anna.wait_for_timeout(1200)
    assert ui.focused(anna, f"[data-plate='{at_turn}'] [data-clock]")
    standing_label = (
        anna.locator(f"[data-plate='{other}'] [data-clock-label]").text_content().strip()
    )
    assert standing_label == "Tijd over: 10 minuten, de klok staat stil"
    ui.picture(bram, "clocks-ticking-phone.png")
    # a spectator sees both clocks too, the same one running
    carl = open_page(DESKTOP)
    ui.signup(carl, "klok-carl")
    carl.goto(f"/#/spel/{game}")
    expect(carl.locator("[data-clock]")).to_have_count(2)
    expect(carl.locator(f"[data-plate='{at_turn}'] [data-clock].running")).to_have_count(1)
    assert ui.clock_ms(carl, at_turn) < 600_000
    expect(carl.locator(f"[data-plate='{other}'] .clock-face")).to_have_text("10:00")
    # the lobby lists the game with its time control
    bram.goto("/#/")
    expect(bram.locator("[data-list=mine] [data-time-control]").first).to_have_text("10 min + 20 s")
    ui.picture(anna, "clocks-ticking-desktop.png")
    ui.picture(bram, "clocks-lobby-phone.png", full_page=True)


def set_bank(game: int, ms: int) -> None:
    """The running seat has `ms` left from now on (the kept clock state, as the server folds
    on from it; its deadline follows)."""
    with sqlite3.connect(SERVER_DB["path"]) as db:
        (raw,) = db.execute("SELECT clock FROM games_game WHERE id = ?", (game,)).fetchone()
        state = json.loads(raw)
        now = int(time.time() * 1000)
        state["banks"][state["at_turn"]] = ms
        state["since"] = now
        db.execute(
            "UPDATE games_game SET clock = ?, deadline_at = ? WHERE id = ?",
            (
                json.dumps(state),
                time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime((now + ms) / 1000)),
                game,
            ),
        )


def test_a_timeout_is_waited_out_once_then_claimed(open_page):
    cato, dirk, game = start_live_game(open_page, "klok-cato", "klok-dirk")
    out = running_seat(cato)
    pages = {ui.my_seat(cato): cato, ui.my_seat(dirk): dirk}
    late, opponent = pages[out], pages[1 - out]

    set_bank(game, 2000)
    for p in (late, opponent):
        p.reload()
        ui.game_id(p)
    # the clock runs down to 0:00 on its own; the page asks the server, which says the time is out
    claim = opponent.locator("[data-timeout] [data-action=claim-win]")
    expect(claim).to_be_visible(timeout=15000)
    expect(opponent.locator(f"[data-plate='{out}'] .clock-face")).to_have_text("0:00")
    # under a fifth of the bank the clock is marked low; the opponent's full bank is not
    expect(opponent.locator(f"[data-plate='{out}'] [data-clock]")).to_have_class(
        re.compile(r"\blow\b")
    )
    expect(opponent.locator(f"[data-plate='{1 - out}'] [data-clock]")).not_to_have_class(
        re.compile(r"\blow\b")
    )
    expect(late.locator("[data-timed-out]")).to_contain_text("Je tijd is om")
    expect(opponent.locator("[data-claim-left]")).to_contain_text("vanzelf geclaimd")
    # both choices by keyboard; space and enter press neither while the focus is elsewhere
    assert opponent.locator("[data-panel] [data-must-choose]").count() == 1
    opponent.evaluate("document.activeElement && document.activeElement.blur()")
    opponent.keyboard.press("Space")
    opponent.keyboard.press("Enter")
    opponent.wait_for_timeout(500)
    expect(claim).to_be_visible()
    # what waiting gives, from the server (a live game: 2 minutes)
    expect(opponent.locator("[data-action=claim-wait]")).to_contain_text("(+2 minuten)")
    ui.tab_to(opponent, "[data-action=claim-wait]")
    ui.picture(opponent, "clocks-claim.png")
    a11y.check(opponent, "the claim after a timeout")
    a11y.check(late, "the seat that ran out")

    # give more time: the seat that ran out plays on with the time given
    opponent.keyboard.press("Enter")
    expect(opponent.locator("[data-timeout]")).to_have_count(0, timeout=10000)
    expect(late.locator("[data-timeout]")).to_have_count(0, timeout=10000)
    given = ui.clock_ms(late, out)
    assert 60_000 < given <= 120_000, given

    # out again: this time the opponent claims the win
    set_bank(game, 1500)
    for p in (late, opponent):
        p.reload()
        ui.game_id(p)
    expect(claim).to_be_visible(timeout=15000)
    ui.tab_to(opponent, "[data-action=claim-win]")
    opponent.keyboard.press("Enter")
    for p in (late, opponent):
        expect(p.locator("[data-end]")).to_be_visible(timeout=10000)
        expect(p.locator("[data-end]")).to_contain_text("Bedenktijd verstreken")


def test_a_custom_time_control_is_refused_at_its_field_then_taken(open_page):
    open_page.allow("/api/games/", "400")
    eva = open_page(DESKTOP)
    ui.signup(eva, "klok-eva")
    eva.check("input[name=opponent][value=open]")
    eva.select_option("#f-time", "custom")
    expect(eva.locator("[data-time-custom]")).to_be_visible()
    eva.select_option("#f-tc-kind", "correspondence")
    # typed in the units the served bounds suit: the bank and cap in days, the increment in hours;
    # the cap follows the bank until it is set
    eva.fill("#f-tc-seconds", "5")
    expect(eva.locator("#f-tc-cap")).to_have_value("5")
    eva.fill("#f-tc-increment", "24")
    eva.fill("#f-tc-cap", "3")
    eva.check("input[name=tc_on_timeout][value=auto]")
    a11y.check(eva, "the custom time control")
    eva.click("[data-form=create] button[type=submit]")
    # a cap below the bank: the server's own sentence, at the field
    error = eva.locator("[data-field-error=time_control]")
    expect(error).to_be_visible()
    expect(error).to_contain_text("maximum")
    eva.fill("#f-tc-cap", "7")
    eva.click("[data-form=create] button[type=submit]")
    game = ui.game_id(eva)
    assert eva.request.get(f"/api/games/{game}/").json()["time_control"] == {
        "kind": "correspondence",
        "seconds": 5 * 86400,
        "increment": 86400,
        "cap": 7 * 86400,
        "vacation": True,  # the form's "without vacation" left unticked
        "on_timeout": "auto",
    }
    frits = open_page(DESKTOP)
    ui.signup(frits, "klok-frits")
    expect(
        frits.locator(f"[data-list=open] [data-game='{game}'] [data-time-control]")
    ).to_have_text("5 dagen + 1 dag (max 7)")


def test_the_time_control_shows_on_the_record_and_in_the_profiles_games(open_page):
    anna, bram, game = start_live_game(open_page, "klok-rec-anna", "klok-rec-bram")
    ui.resign(anna)
    anna.goto(f"/#/partij/{game}")
    expect(anna.locator("main [data-time-control]")).to_have_text("10 min + 20 s")
    for name in ("klok-rec-anna", "klok-rec-bram"):
        anna.goto(f"/#/speler/{name}")
        row = anna.locator(f"main li[data-game='{game}']")
        expect(row.locator("[data-time-control]")).to_have_text("10 min + 20 s")
    a11y.check(anna, "a profile's games with their time controls")


@pytest.mark.parametrize("how", ["keyboard", "touch"])
def test_a_preset_game_created_with_the_automatic_loss_stores_it(open_page, how):
    page = open_page(DESKTOP) if how == "keyboard" else open_page(PHONE, touch=True)
    ui.signup(page, f"auto-{how}")
    page.check("input[name=opponent][value=invite]")
    ui.choose_time_control(page, "correspondence_3d_1d_7d")
    choice = page.locator("[data-tc-on-timeout]")
    expect(choice).to_be_visible()  # offered for a preset, not only for a custom control
    expect(choice.locator("input[value=claim]")).to_be_checked()  # the presets' own choice
    if how == "keyboard":
        ui.tab_to(page, "input[name=tc_on_timeout][value=claim]")
        page.keyboard.press("ArrowDown")  # a radio group: the arrow moves the choice
    else:
        choice.locator("label", has_text="Automatisch verlies").tap()
    expect(choice.locator("input[value=auto]")).to_be_checked()
    a11y.check(page, "the automatic loss chosen for a preset")
    page.click("[data-form=create] button[type=submit]")
    expect(page.locator("[data-invite-link]")).to_be_visible()
    page.keyboard.press("Escape")
    game = ui.game_id(page)
    assert page.request.get(f"/api/games/{game}/").json()["time_control"] == {
        "kind": "correspondence",
        "seconds": 3 * 86400,
        "increment": 86400,
        "cap": 7 * 86400,
        "vacation": True,
        "on_timeout": "auto",
    }


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("nl-NL", "geen artikelen van het hofreglement"),
        ("en-GB", "not articles of the hofreglement"),
    ],
)
def test_the_rules_page_says_the_clocks_are_the_sites_rules(open_page, locale, words):
    page = open_page(DESKTOP, locale=locale)
    page.goto("/#/regels")
    expect(page.locator("#klokken")).to_contain_text(words)
