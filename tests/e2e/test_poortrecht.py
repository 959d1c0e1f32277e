"""Poortrecht, the one toll-gate target left under rules 2: the court action "1 aanzien en
een tolpoort naar keuze van het bord". The game comes from the creator's name (e2e_asgi.py):
in "poortwachter"'s game both seats play the engine's greedy player until, in round 2, my
pawn stands at the house of Poortrecht with my own trading post there and the roll will
reach 11. My moves up to then go through the page's API (checked by the server like any
move, and followed here move for move to know the computer's answers); the choice of the
gate is made on the board, as a player makes it."""

from __future__ import annotations

import hashlib
import os
import re

import pytest
from playwright.sync_api import expect

import engine
from engine import bots
from engine.effects import toll_hexes

from . import ui

pytestmark = pytest.mark.e2e

NAME = "poortwachter"

POST_JS = """
async ([id, move, seq]) => {
  const csrf = decodeURIComponent((document.cookie.match(/(?:^|; )csrftoken=([^;]*)/) || [])[1] || "");
  const r = await fetch(`/api/games/${id}/moves/`, {
    method: "POST", credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
    body: JSON.stringify({ move, expected_seq: seq }),
  });
  return [r.status, await r.text()];
}
"""


def _greedy(state: engine.State) -> engine.Move:
    """The engine's greedy player, seeded as the server seeds the computer (games.computer)."""
    digest = hashlib.sha256(f"bot:{state.seed}:{state.seq}".encode()).digest()
    return bots.choose_move(state, kind="greedy", rng_seed=int.from_bytes(digest[:8], "big"))


def _poortrecht_moves(state: engine.State) -> list[engine.Move]:
    return [
        m
        for m in engine.legal_moves(state)
        if m.type == "choose" and m.action == "court" and m.target is not None
    ]


def _server_seq(page, gid: int, at_least: int) -> int:
    page.wait_for_function(
        f"async () => (await (await fetch('/api/games/{gid}/')).json()).seq >= {at_least}",
        polling=200,
        timeout=60000,
    )
    return page.evaluate(f"async () => (await (await fetch('/api/games/{gid}/')).json()).seq")


def _post(page, gid: int, state: engine.State, move: engine.Move) -> engine.State:
    status, body = page.evaluate(POST_JS, [gid, move.to_json(), state.seq])
    assert status == 201, (move, body)
    return engine.apply(state, move)


def _play_until_poortrecht(page, gid: int, state: engine.State) -> engine.State:
    """Both seats play greedily (mine through the API) until Poortrecht can be chosen."""
    for _ in range(400):
        while state.current == 1:  # the computer's moves, as the server makes them
            state = engine.apply(state, _greedy(state))
        assert _server_seq(page, gid, state.seq) == state.seq  # the server played the same
        if _poortrecht_moves(state):
            return state
        state = _post(page, gid, state, _greedy(state))
    raise AssertionError("Poortrecht never came within reach")


def test_poortrecht_takes_the_toll_gate_the_player_taps_off_the_board(open_page):
    page = open_page()
    ui.signup(page, NAME)
    ui.create_game(page, "computer")
    gid = ui.game_id(page)
    seed = f"{os.environ.get('E2E_SEED_PREFIX', 'e2e')}-{NAME}-1"
    state = _play_until_poortrecht(page, gid, engine.new_game(seed))

    page.reload()
    ui.wait_for_turn(page)
    ui.dismiss_event(page)
    assert ui.phase(page) == "actions"
    gates = sorted(g.get_attribute("data-hex") for g in page.locator("g.tile.toll").all())
    assert gates == sorted(ui.hexkey(h) for h in toll_hexes(state)) and len(gates) > 1
    pawn = _poortrecht_moves(state)[0].pawn
    court = page.locator(f"[data-choose='{pawn}-court']")
    expect(court).to_contain_text("Poortrecht")
    court.click()
    ui.idle(page)

    # every toll gate glows as a choice, and nothing else does
    expect(page.locator("[data-must-choose]")).to_contain_text("Kies een tolpoort")
    assert sorted(ui.gold(page)) == gates
    ui.picture(page, "poortrecht-pick-gate-1440.png")
    chosen = gates[-1]
    before = ui.seq(page)
    ui.tap_hex(page, chosen)
    ui.wait_seq_after(page, before)
    expect(page.locator("[data-must-choose]")).not_to_contain_text("Kies een tolpoort")
    expect(court).to_have_class(re.compile(r"\bchosen\b"))
    move = engine.Move("choose", pawn=pawn, action="court", target=ui.parse(chosen))
    assert move in _poortrecht_moves(state)
    state = engine.apply(state, move)
    assert _server_seq(page, gid, state.seq) == state.seq  # the server took the tapped gate
    expect(page.locator(f"g.tile.toll[data-hex='{chosen}']")).to_have_count(1)  # not yet

    # the rest of the turn up to "volgende speler": the roll reaches 11, the gate goes
    while (move := _greedy(state)).type != "end_turn":
        state = _post(page, gid, state, move)
    page.wait_for_function(
        f"() => Number(document.querySelector('.game[data-game]')?.dataset.seq) >= {state.seq}"
    )
    ui.idle(page)
    expect(page.locator(f"g.tile[data-hex='{chosen}']")).not_to_have_class(re.compile(r"\btoll\b"))
    expect(page.locator(f"g.tile[data-hex='{chosen}'] .toll-gate")).to_have_count(0)
    left = sorted(g.get_attribute("data-hex") for g in page.locator("g.tile.toll").all())
    assert left == [g for g in gates if g != chosen]
    ui.picture(page, "poortrecht-gate-gone-1440.png")
