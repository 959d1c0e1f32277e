"""Going from page to page: a page left while it is still loading stays gone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import ui
from .conftest import DESKTOP

pytestmark = pytest.mark.e2e

# The game's read answers late (1.5 s), as on a slow connection.
SLOW_GAME_READ = """
(id) => {
  const real = window.fetch;
  window.fetch = async (url, opts) => {
    if (String(url).endsWith(`/api/games/${id}/`)) await new Promise((r) => setTimeout(r, 1500));
    return real(url, opts);
  };
}
"""


def test_the_game_screen_left_while_it_loads_does_not_cover_the_next_page(open_page):
    page = open_page(DESKTOP)
    ui.signup(page, "gerrit")
    ui.create_game(page, "computer")
    gid = ui.game_id(page)
    ui.idle(page)
    page.goto("/#/")
    expect(page.locator("[data-form=create]")).to_be_visible()
    page.evaluate(SLOW_GAME_READ, gid)

    # Open the game, and go on to the rules before it has loaded.
    page.evaluate(f"location.hash = '#/spel/{gid}'")
    expect(page.locator(".loading")).to_be_visible()
    page.evaluate("location.hash = '#/regels'")
    expect(page.locator(".page.rules h1")).to_be_visible()

    page.wait_for_timeout(3000)  # the game's answer has come by now, and its socket opened
    expect(page.locator(".page.rules h1")).to_be_visible()
    expect(page.locator("[data-board]")).to_have_count(0)
    expect(page.locator(ui.ROOT)).to_have_count(0)
