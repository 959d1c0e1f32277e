"""The controls drawn on a chosen tile leave the board readable (issue 28: "the rotate knobs
cover the house name beside them"), and a met task says when it pays. The board and the
panel parts are the client's own renderers, fed the real view of a game: every tile next to
a house is chosen in turn on a phone-wide board, and no knob may lie over a house's words."""

from __future__ import annotations

import pytest

from . import ui
from .conftest import PHONE

pytestmark = pytest.mark.e2e

# For every path tile beside a house: the chosen tile's knobs and coin against every house's
# words.
KNOBS_OVER_WORDS = """async ([gid, WORDS]) => {
  const { loadContent } = await import('/js/content.js');
  const { renderBoard } = await import('/js/board.js');
  const view = (await (await fetch(`/api/games/${gid}/`)).json()).state;
  const content = await loadContent();
  document.body.innerHTML = '';
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.style.width = '380px'; svg.style.height = '420px';  // the board's width on a 390 px phone
  document.body.append(svg);
  const houses = new Set(Object.values(view.houses).map((h) => h.hex.join(',')));
  const around = ([q, r]) => [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]].map(([a, b]) => `${q + a},${r + b}`);
  const beside = view.board.filter((t) => !houses.has(t.hex.join(',')) && around(t.hex).some((k) => houses.has(k)));
  const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const covered = [];
  renderBoard(svg, view, {}, content);
  for (const t of beside) {
    renderBoard(svg, view, { infoTile: t.hex, knobs: true }, content);
    const knobs = [...svg.querySelectorAll('g.knob circle, g.info-coin circle')].map((c) => c.getBoundingClientRect());
    const words = [...svg.querySelectorAll(WORDS)];
    for (const w of words) {
      const box = w.getBoundingClientRect();
      if (knobs.some((k) => overlap(k, box))) covered.push(`${t.hex} over ${w.textContent}`);
    }
  }
  return { tiles: beside.length, covered };
}"""


def test_the_rotate_knobs_of_a_tile_beside_a_house_leave_its_name_readable_on_a_phone(open_page):
    page = open_page(PHONE, touch=True)
    ui.signup(page, "knopjes")
    ui.create_game(page, "computer")
    gid = ui.game_id(page)
    ui.idle(page)
    ui.dismiss_event(page)  # the round's event, shown big at the start
    got = page.evaluate(KNOBS_OVER_WORDS, [gid, ".house-name"])
    assert got["tiles"] >= 6, got  # the board has path tiles beside its houses
    assert got["covered"] == [], got


MET_CHIP = """async ([gid, key]) => {
  const { loadContent } = await import('/js/content.js');
  const { progressChip } = await import('/js/panels/common.js');
  const view = (await (await fetch(`/api/games/${gid}/`)).json()).state;
  const content = await loadContent();
  const me = view.players.find((p) => p.seat === view.viewer);
  const n = content.task(key).n;
  me.task_progress = { [key]: n - 1 };
  const before = progressChip(view, content, key);
  me.task_progress = { [key]: n };
  const met = progressChip(view, content, key);
  return { before: before.textContent, met: met.textContent, flagged: met.hasAttribute('data-task-met') };
}"""


@pytest.mark.parametrize(
    "locale, pays",
    [("nl-NL", "betaalt aan het eind van je beurt"), ("en-GB", "pays at the end of your turn")],
)
def test_a_met_task_says_it_pays_at_the_end_of_the_turn(open_page, locale, pays):
    # XIII: a fulfilled task is settled at the end of the turn, not at once
    page = open_page(PHONE, locale=locale)
    ui.signup(page, f"taak{locale[:2]}")
    ui.create_game(page, "computer")
    gid = ui.game_id(page)
    ui.idle(page)
    key = page.evaluate(
        "async () => Object.keys((await (await fetch('/api/content/')).json()).tasks)[0]"
    )
    got = page.evaluate(MET_CHIP, [gid, key])
    assert pays not in got["before"]
    assert got["flagged"] and pays in got["met"], got
