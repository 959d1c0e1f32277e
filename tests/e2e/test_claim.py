"""The claim after a timeout, driven by the worker's own step (issue 23): the browser tests run
no worker, so the test runs one pass of `worker.loop.tick` inside the server at an instant of
its choosing (`POST /e2e/worker-tick/?at=MS`, tests/e2e/e2e_asgi.py), as the embedded worker
of `make run` does. The opponent gives more time once and play goes on; out again, the claim
happens by itself past the grace and both screens show the game over on time. The opponent's screen
is a 320 px wide phone with touch: the claim panel fits it (no sideways scroll, buttons at
least 44 px high).

The clock is brought near its end as in test_clocks.py (the kept clock state in the test
database), so the deadline is real time and the server alone decides that it has passed."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from . import a11y, ui
from .conftest import PHONE
from .test_clocks import set_bank
from .test_my_games import api

pytestmark = pytest.mark.e2e

NARROW = {"width": 320, "height": 640}
LIVE_GRACE_MS = 60_000  # a live game's claim happens by itself a minute after the deadline


def worker_tick(page: Page, at_ms: int) -> dict:
    answer = page.request.post(f"/e2e/worker-tick/?at={at_ms}")
    assert answer.ok, answer.text()
    return answer.json()


def live_game(open_page, host: str, guest: str) -> tuple[Page, Page, int]:
    """host invites guest to a live game (10 min + 20 s, claim); returns (the seat at turn's
    page, its opponent's page at 320 px with touch, the game)."""
    pages = [open_page(PHONE, touch=True), open_page(PHONE, touch=True)]
    ui.signup(pages[0], host)
    ui.signup(pages[1], guest)
    game = api(
        pages[0], "POST", "/api/games/", {"opponent": "invite", "time_control": "live_10_20"}
    )
    api(pages[1], "POST", f"/api/games/invite/{game['invite_code']}/join/")
    shown = api(pages[0], "GET", f"/api/games/{game['id']}/")
    late = pages[0] if shown["current"] == shown["your_seat"] else pages[1]
    opponent = pages[1] if late is pages[0] else pages[0]
    opponent.set_viewport_size(NARROW)
    for p in (late, opponent):
        p.goto(f"/#/spel/{game['id']}")
        expect(p.locator(f".game[data-game='{game['id']}'] [data-phase]")).to_be_visible()
        ui.idle(p)
        ui.dismiss_event(p)
    return late, opponent, game["id"]


def run_out(late: Page, opponent: Page, game: int) -> tuple[int, int]:
    """The seat at turn runs out; the worker's step at the deadline tells the opponent (a
    push to both screens). Returns (the seat that ran out, the deadline in ms)."""
    out = ui.my_seat(late)
    set_bank(game, 1500)
    deadline = api(late, "GET", f"/api/games/{game}/")["clock"]["deadline"]
    time.sleep(max(0, deadline / 1000 - time.time()) + 0.1)
    assert worker_tick(late, deadline + 50)["timeouts"] == 0  # the opponent chooses first
    expect(opponent.locator("[data-timeout] [data-action=claim-win]")).to_be_visible()
    expect(late.locator("[data-timed-out]")).to_be_visible()
    return out, deadline


def fits_the_narrow_phone(page: Page) -> None:
    """No sideways scroll; the claim's buttons in the width, each at least 44 px high."""
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= NARROW["width"], width
    for action in ("claim-win", "claim-wait"):
        box = page.locator(f"[data-action={action}]").bounding_box()
        assert box["height"] >= 44, (action, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= NARROW["width"], (action, box)
    panel = page.locator("[data-timeout]")
    assert panel.evaluate("el => el.scrollWidth <= el.clientWidth"), "the panel scrolls sideways"


def test_the_opponent_gives_time_by_touch_then_past_the_grace_the_worker_claims(open_page):
    late, opponent, game = live_game(open_page, "claim-anna", "claim-bram")
    out, deadline = run_out(late, opponent, game)
    fits_the_narrow_phone(opponent)
    ui.picture(opponent, "claim-320.png")
    a11y.check(opponent, "the claim at 320 px")

    # the opponent gives more time (a tap) and play goes on
    seq = ui.seq(opponent)
    opponent.locator("[data-action=claim-wait]").tap()
    for p in (late, opponent):
        expect(p.locator("[data-timeout]")).to_have_count(0, timeout=10000)
    given = ui.clock_ms(late, out)
    assert 100_000 < given <= 120_000, given  # 2 minutes, counted from the gift
    expect(late.locator(f"[data-plate='{out}'] [data-clock].running")).to_have_count(1)
    # the worker finds nothing due any more, even past the old grace
    assert worker_tick(late, deadline + LIVE_GRACE_MS + 1000)["timeouts"] == 0
    # the seat that ran out takes a card, and the opponent sees it live
    ui.take_first_card(late)
    ui.wait_live(opponent, seq + 1)

    # out again, and this time the opponent does not choose: one millisecond before the grace
    # is over nothing happens; at its end the worker claims, and both screens show it (pushed:
    # no reload)
    _out, deadline = run_out(late, opponent, game)
    assert worker_tick(late, deadline + LIVE_GRACE_MS - 1)["timeouts"] == 0
    assert worker_tick(late, deadline + LIVE_GRACE_MS + 1000)["timeouts"] == 1
    for p in (late, opponent):
        expect(p.locator("[data-end]")).to_be_visible(timeout=10000)
        expect(p.locator("[data-end]")).to_contain_text("Bedenktijd verstreken")
        expect(p.locator("[data-timeout]")).to_have_count(0)
