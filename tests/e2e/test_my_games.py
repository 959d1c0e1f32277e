"""Many games at once (issue 23): my games in the order they need me, with both clocks; after
a turn the "Volgende partij" button (mouse, touch, and the key N; Space and Enter stay with the
red button) to the next game that waits, or the lobby when none does; the lobby's filter by
kind, and a live open game listed only while its creator is online.

The games are set up through the client's own API module (`/js/api.js`), and a turn is ended
the same way, with the first legal moves: the whole turn through the panel is the subject of
other tests; here it is what comes after it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from . import a11y, ui
from .conftest import DESKTOP, PHONE

pytestmark = pytest.mark.e2e

NEXT = "[data-panel] [data-action=next-game]"


def api(page: Page, method: str, path: str, body: dict | None = None):
    return page.evaluate(
        "async ([m, p, b]) => (await import('/js/api.js')).call(m, p, b ?? undefined)",
        [method, path, body],
    )


def end_turn(page: Page, game: int) -> None:
    """The page's player plays the first legal moves until the turn passes."""
    page.evaluate(
        """async (id) => {
          const api = await import('/js/api.js');
          for (let i = 0; i < 300; i++) {
            const legal = await api.legal(id);
            if (!legal.your_turn || !legal.moves.length) return;
            await api.submitMove(id, legal.moves[0], legal.seq);
          }
          throw new Error('the turn did not pass');
        }""",
        game,
    )


def games_at_my_turn(host: Page, guest: Page, controls: list[str]) -> list[int]:
    """host invites guest to one game per time control; each runs with host at turn."""
    ids = []
    for control in controls:
        game = api(host, "POST", "/api/games/", {"opponent": "invite", "time_control": control})
        api(guest, "POST", f"/api/games/invite/{game['invite_code']}/join/")
        shown = api(host, "GET", f"/api/games/{game['id']}/")
        if shown["current"] != shown["your_seat"]:
            end_turn(guest, game["id"])
        ids.append(game["id"])
    return ids


def on_game(page: Page, game: int) -> None:
    expect(page.locator(f".game[data-game='{game}']")).to_be_visible()
    ui.idle(page)


def end_turn_and_wait(page: Page, game: int, next_game: str) -> None:
    """End the turn; the next-game button names `next_game`; a new round's event (shown big
    when the turn ends the round) is put away, as the player would."""
    end_turn(page, game)
    expect(page.locator(NEXT)).to_have_attribute("data-next-game", next_game)
    ui.idle(page)
    ui.dismiss_event(page)


def test_my_games_in_the_order_they_need_me_and_the_next_game_by_mouse_and_key(open_page):
    anna, bram = open_page(DESKTOP), open_page(DESKTOP)
    ui.signup(anna, "veel-anna")
    ui.signup(bram, "veel-bram")
    # made in an order that is not the order of the time left
    short, slow, medium = games_at_my_turn(
        anna, bram, ["live_5_10", "correspondence_1d_12h_3d", "live_10_20"]
    )

    # the lobby: my turn first, least time left first, each with both clocks (mine first)
    anna.reload()  # the lobby since the sign-up: a fresh list
    mine = anna.locator("[data-list=mine] > li[data-game]")
    expect(mine).to_have_count(3)
    assert [int(x) for x in mine.evaluate_all("els => els.map(e => e.dataset.game)")] == [
        short,
        medium,
        slow,
    ]
    first = anna.locator(f"[data-list=mine] [data-game='{short}'] [data-list-clock]")
    expect(first).to_have_count(2)
    expect(first.nth(0)).to_contain_text("Jij 4:")  # my clock runs: under 5 minutes
    expect(first.nth(0)).to_have_class("list-clock running")
    expect(first.nth(1)).to_have_text("veel-bram 5:00")

    # the open games by kind: bram (online: his page is open) offers a live and a slow game
    live = api(bram, "POST", "/api/games/", {"opponent": "open", "time_control": "live_5_10"})
    corr = api(bram, "POST", "/api/games/", {"opponent": "open", "time_control": "per_turn_1d"})
    anna.reload()
    listed = anna.locator("[data-list=open] > li[data-game]")
    expect(listed).to_have_count(2)
    anna.click("[data-kind-filter] label:has(input[value=live])")
    expect(listed).to_have_count(1)
    expect(anna.locator(f"[data-list=open] [data-game='{live['id']}']")).to_be_visible()
    # the filter by keyboard: the arrow keys move the choice (one radio group)
    anna.focus("[data-kind-filter] input[value=live]")
    anna.keyboard.press("ArrowRight")  # correspondence: none
    expect(anna.locator("[data-list=open]")).to_contain_text("geen open partij van deze soort")
    anna.keyboard.press("ArrowRight")  # per turn
    expect(listed).to_have_count(1)
    expect(anna.locator(f"[data-list=open] [data-game='{corr['id']}']")).to_be_visible()
    a11y.check(anna, "the lobby with both clocks and the filter")
    ui.picture(anna, "my-games-lobby.png")
    # bram goes away: his live game leaves the lobby, his per-turn game stays
    bram.context.close()
    anna.wait_for_timeout(500)  # the server sees the socket close
    anna.click("[data-kind-filter] label:has(input[value=''])")
    expect(listed).to_have_count(1, timeout=12000)  # this load, or the next (10 s)
    expect(anna.locator(f"[data-list=open] [data-game='{corr['id']}']")).to_be_visible()

    # a turn ended in the game with least time: the next one waits, by mouse
    anna.goto(f"/#/spel/{short}")
    on_game(anna, short)
    ui.dismiss_event(anna)
    expect(anna.locator(NEXT)).to_have_count(0)  # my turn: nothing to go to
    end_turn_and_wait(anna, short, str(medium))
    button = anna.locator(NEXT)
    expect(anna.locator("[data-next-hint]")).to_contain_text("tegen veel-bram")
    assert not button.evaluate("b => b.classList.contains('btn-primary')")  # not the red one
    a11y.check(anna, "the next game button")
    button.click()
    on_game(anna, medium)

    # the key N; Space and Enter leave it alone
    ui.dismiss_event(anna)
    end_turn_and_wait(anna, medium, str(slow))
    anna.evaluate("document.activeElement && document.activeElement.blur()")
    anna.keyboard.press("Space")
    anna.keyboard.press("Enter")
    anna.wait_for_timeout(300)
    on_game(anna, medium)
    anna.keyboard.press("n")
    on_game(anna, slow)

    # none waits any more: the button and N go to the lobby
    ui.dismiss_event(anna)
    end_turn_and_wait(anna, slow, "lobby")
    expect(anna.locator("[data-next-hint]")).to_contain_text("naar de lobby")
    anna.keyboard.press("N")
    expect(anna.locator("[data-form=create]")).to_be_visible()


def test_on_a_phone_a_tap_takes_me_to_the_next_game(open_page):
    cato = open_page(PHONE, touch=True)
    dirk = open_page(DESKTOP)
    ui.signup(cato, "veel-cato")
    ui.signup(dirk, "veel-dirk")
    first, second = games_at_my_turn(cato, dirk, ["live_5_10", "live_10_20"])
    cato.goto(f"/#/spel/{second}")
    on_game(cato, second)
    ui.dismiss_event(cato)
    end_turn_and_wait(cato, second, str(first))
    button = cato.locator(NEXT)
    # in the sticky foot, in view, a finger's size
    box = button.bounding_box()
    assert box["height"] >= 44 and box["y"] + box["height"] <= PHONE["height"], box
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    ui.picture(cato, "next-game-phone.png")
    button.tap()
    on_game(cato, first)
