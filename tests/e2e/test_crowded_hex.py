"""A pawn is picked up where the player points at it, also on a crowded hex.

Four pawns on a house (my three and one of the computer's, as happens at the Molens in
round 4 of the seeded computer game) stand in two squeezed rows: the front row covers the
middle of the row behind it. Pointing at the middle of my pawn 1 must pick up pawn 1, not
pawn 3 drawn over it. The board is the client's own renderer and pointer input, fed the
real view of a game with the pawns moved onto one house.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import ui
from .conftest import DESKTOP

pytestmark = pytest.mark.e2e

MOUNT = """async ([gid, house]) => {
  const { loadContent } = await import('/js/content.js');
  const { renderBoard } = await import('/js/board.js');
  const { attachBoardInput } = await import('/js/boardinput.js');
  const view = (await (await fetch(`/api/games/${gid}/`)).json()).state;
  const hex = view.houses[house].hex;
  for (const p of view.players) {
    for (const n of Object.keys(p.pawns)) if (p.seat === view.viewer || n === '1') p.pawns[n] = hex;
  }
  document.body.innerHTML = '';
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('data-test-board', '');
  svg.style.width = '900px'; svg.style.height = '800px';
  document.body.append(svg);
  renderBoard(svg, view, {}, await loadContent());
  window.picked = [];
  attachBoardInput(svg, {
    canDrag: (seat) => seat === view.viewer,
    tapPawn: (seat, pawn) => window.picked.push(`${seat}-${pawn}`),
    tapHex: () => window.picked.push('hex'),
    dragStart: () => false, dragOver() {}, dragEnd() {}, knob() {}, info() {}, setCursor() {},
  });
  return view.viewer;
}"""


def test_pointing_at_the_middle_of_a_pawn_on_a_crowded_house_picks_up_that_pawn(open_page):
    page = open_page(DESKTOP)
    ui.signup(page, "molenaar")
    ui.create_game(page, "computer")
    gid = ui.game_id(page)
    # The game screen has drawn its first state (and shown the round's event) before the
    # page is emptied for the test board: emptied earlier, the starting screen met no
    # #modal-root for the event (a clean-clone CI run failed so).
    expect(page.locator("[data-phase]")).to_be_visible()
    seat = page.evaluate(MOUNT, [gid, "molens"])
    board = "svg[data-test-board]"
    for pawn in (1, 2, 3):
        x, y = ui.center(page, f"{board} g[data-pawn='{seat}-{pawn}']")
        page.mouse.click(x, y)
        assert page.evaluate("window.picked.pop()") == f"{seat}-{pawn}"
    ui.picture(page.locator(board), "crowded-house-pawns.png")
