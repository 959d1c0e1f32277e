"""Many games at once (issue 23): my games in the order they need me, with both clocks; after
a turn the "Volgende partij" button (mouse, touch, and the key N; Space and Enter stay with the
red button) to the next game that waits, or the lobby when none does; the lobby's filter by
kind, and a live open game listed only while its creator is online.

The games are set up through the client's own API module (`/js/api.js`), and a turn is ended
the same way, with the first legal moves: the whole turn through the panel is the subject of
other tests; here it is what comes after it."""

from __future__ import annotations

import time

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
    """The page's player plays legal moves until the turn passes: the ones that move the turn
    on when there is one (a dozen moves, not the fifty of always the first legal move)."""
    page.evaluate(
        """async (id) => {
          const api = await import('/js/api.js');
          const onwards = ['end_turn', 'end_actions', 'end_walk', 'settle', 'lock', 'roll', 'roll_walk'];
          for (let i = 0; i < 300; i++) {
            const legal = await api.legal(id);
            if (!legal.your_turn || !legal.moves.length) return;
            const move = onwards.map((t) => legal.moves.find((m) => m.type === t)).find(Boolean);
            await api.submitMove(id, move || legal.moves[0], legal.seq);
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


def end_turn_and_wait(page: Page, game: int, next_game: str, *, mover: Page) -> None:
    """End the turn (the moves sent from `mover`, the same player elsewhere, so the screen
    under test only follows); the next-game button names `next_game`; a new round's event
    (shown big when the turn ends the round) is put away, as the player would."""
    end_turn(mover, game)
    expect(page.locator(NEXT)).to_have_attribute("data-next-game", next_game)
    ui.idle(page)
    ui.dismiss_event(page)


def log_in(page: Page, name: str) -> None:
    """The same player on another device: logged in through the client's API module."""
    page.goto("/#/regels")
    page.evaluate("async ([u, p]) => (await import('/js/api.js')).login(u, p)", [name, ui.PASSWORD])


def test_my_games_in_the_order_they_need_me_and_the_next_game_by_touch_mouse_and_key(
    open_page,
):
    anna, bram = open_page(DESKTOP), open_page(DESKTOP)
    phone = open_page(PHONE, touch=True)  # anna's phone
    ui.signup(anna, "veel-anna")
    ui.signup(bram, "veel-bram")
    log_in(phone, "veel-anna")
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
    # bram's two (the server is shared: other tests' open games may be listed too)
    listed = anna.locator(
        f"[data-list=open] > li:is([data-game='{live['id']}'], [data-game='{corr['id']}'])"
    )
    expect(listed).to_have_count(2)
    anna.click("[data-kind-filter] label:has(input[value=live])")
    expect(listed).to_have_count(1)
    expect(anna.locator(f"[data-list=open] [data-game='{live['id']}']")).to_be_visible()
    # the filter by keyboard: the arrow keys move the choice (one radio group)
    anna.focus("[data-kind-filter] input[value=live]")
    anna.keyboard.press("ArrowRight")  # correspondence: neither of bram's
    expect(listed).to_have_count(0)
    # The server is shared: another test's open correspondence game may wait there; if
    # one does, only such games are listed, else the list says none of this kind waits.
    kinds = anna.locator("[data-list=open] > li[data-game]").evaluate_all(
        "els => els.map(e => e.dataset.kind)"
    )
    assert set(kinds) <= {"correspondence"}, kinds
    if not kinds:
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

    # on the phone, a turn ended in the game with least time: a tap to the next one
    phone.goto(f"/#/spel/{short}")
    on_game(phone, short)
    ui.dismiss_event(phone)
    expect(phone.locator(NEXT)).to_have_count(0)  # my turn: nothing to go to
    end_turn_and_wait(phone, short, str(medium), mover=anna)
    button = phone.locator(NEXT)
    expect(phone.locator("[data-next-hint]")).to_contain_text("tegen veel-bram")
    # in the sticky foot, in view, a finger's size; not the red button
    box = button.bounding_box()
    assert box["height"] >= 44 and box["y"] + box["height"] <= PHONE["height"], box
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert not button.evaluate("b => b.classList.contains('btn-primary')")
    ui.picture(phone, "next-game-phone.png")
    button.tap()
    on_game(phone, medium)
    phone.goto("/#/regels")

    # at the desktop, by mouse
    anna.goto(f"/#/spel/{medium}")
    on_game(anna, medium)
    ui.dismiss_event(anna)
    end_turn_and_wait(anna, medium, str(slow), mover=phone)
    a11y.check(anna, "the next game button")
    anna.click(NEXT)
    on_game(anna, slow)

    # none waits any more: the key N goes to the lobby; Space and Enter leave it alone
    ui.dismiss_event(anna)
    end_turn_and_wait(anna, slow, "lobby", mover=phone)
    expect(anna.locator("[data-next-hint]")).to_contain_text("naar de lobby")
    anna.evaluate("document.activeElement && document.activeElement.blur()")
    anna.keyboard.press("Space")
    anna.keyboard.press("Enter")
    anna.wait_for_timeout(300)
    on_game(anna, slow)
    anna.keyboard.press("n")
    expect(anna.locator("[data-form=create]")).to_be_visible()


def test_the_end_screen_leads_on_to_the_next_game_that_waits(open_page):
    """The end screen has "Volgende partij" too (mouse and N): to the game that waits for me,
    else the lobby; in English as in Dutch."""
    anna, bram = open_page(DESKTOP), open_page(DESKTOP, locale="en-GB")
    ui.signup(anna, "einde-anna")
    ui.signup(bram, "einde-bram")
    first, second = games_at_my_turn(anna, bram, ["live_10_20", "correspondence_1d_12h_3d"])
    [third] = games_at_my_turn(bram, anna, ["per_turn_1d"])  # bram at turn

    anna.goto(f"/#/spel/{first}")
    on_game(anna, first)
    ui.dismiss_event(anna)
    api(bram, "POST", f"/api/games/{first}/resign/")  # the end reaches anna's screen live
    expect(anna.locator("[data-end]")).to_be_visible()
    expect(anna.locator(NEXT)).to_have_attribute("data-next-game", str(second))
    expect(anna.locator(NEXT)).to_contain_text("Volgende partij")
    expect(anna.locator("[data-next-hint]")).to_contain_text("tegen einde-bram")
    a11y.check(anna, "the end screen with the next game")
    anna.click(NEXT)
    on_game(anna, second)

    # the second ends too: none waits for anna any more, N goes to the lobby
    ui.dismiss_event(anna)
    api(bram, "POST", f"/api/games/{second}/resign/")
    expect(anna.locator("[data-end]")).to_be_visible()
    expect(anna.locator(NEXT)).to_have_attribute("data-next-game", "lobby")
    expect(anna.locator("[data-next-hint]")).to_contain_text("naar de lobby")
    anna.evaluate("document.activeElement && document.activeElement.blur()")
    anna.keyboard.press("n")
    expect(anna.locator("[data-form=create]")).to_be_visible()

    # bram, in English, on the end screen he resigned: on to the game at his turn by N
    bram.goto(f"/#/spel/{first}")
    on_game(bram, first)
    expect(bram.locator("[data-end]")).to_be_visible()
    expect(bram.locator(NEXT)).to_have_attribute("data-next-game", str(third))
    expect(bram.locator(NEXT)).to_contain_text("Next game")
    expect(bram.locator("[data-next-hint]")).to_contain_text("Your next game: against einde-anna")
    bram.evaluate("document.activeElement && document.activeElement.blur()")
    bram.keyboard.press("n")
    on_game(bram, third)


MINE_LIST = "/api/games/?order=time_left"


def test_the_lobbys_clocks_count_down_and_ask_the_server_at_zero(open_page):
    """My games' clocks in the lobby tick between its loads, as the plates do: the running
    one goes down with no request, the standing one stays; at 0:00 the lobby asks the server
    again at once (not at its next load), and shows what it answers. No live region ticks."""
    anna, bram = open_page(DESKTOP), open_page(DESKTOP)
    # names of this test's own: the browser tests of one worker share a server
    ui.signup(anna, "lobbyklok-anna")
    ui.signup(bram, "lobbyklok-bram")
    [game] = games_at_my_turn(anna, bram, ["live_5_10"])
    [claim] = games_at_my_turn(bram, anna, ["per_turn_1d"])  # bram at turn
    asked: list[float] = []  # when the lobby asked for my games (s)
    # the first answer says 1.5 s are left on my clock (as if I had thought almost 5 minutes)
    first = {"done": False}

    def nearly_out(route):
        asked.append(time.monotonic())
        answer = route.fetch()
        games = answer.json()
        for g in games:  # bram's time ran out there: anna chooses (a claim waits for her)
            if g["id"] == claim:
                until = g["clock"]["at"] + 3_600_000
                g["timeout"] = {
                    "seat": 1 - g["your_seat"],
                    "claim_until": until,
                    "extra_time": 86400,
                }
        if not first["done"]:
            first["done"] = True
            for g in games:
                if g["id"] == game:
                    g["clock"]["remaining"][g["your_seat"]] = 1500
        route.fulfill(response=answer, json=games)

    anna.goto("/#/regels")  # away from the lobby: none of its loads before this test's
    anna.route(f"**{MINE_LIST}", nearly_out)
    # every face the two clocks show, in order (0:00 lasts only until the answer comes)
    faces_script = """(() => {
      const game = %d;
      window.__faces = [];
      new MutationObserver(() => {
        const els = document.querySelectorAll(
          `[data-list=mine] [data-game='${game}'] [data-list-clock]`);
        if (els.length !== 2) return;
        const pair = [els[0].textContent, els[1].textContent];
        const last = window.__faces[window.__faces.length - 1];
        if (!last || last[0] !== pair[0] || last[1] !== pair[1]) window.__faces.push(pair);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    })();"""
    anna.add_init_script(faces_script % game)
    anna.reload()
    anna.goto("/#/")
    mine = anna.locator(f"[data-list=mine] [data-game='{game}'] [data-list-clock]").nth(0)
    # at 0:00 the lobby asks again at once (its own rhythm is 10 s) and shows the server's time
    expect(mine).to_contain_text("Jij 4:", timeout=6000)
    assert len(asked) == 2 and asked[1] - asked[0] < 4, asked
    faces = anna.evaluate("window.__faces")
    reading = faces[: next(i for i, f in enumerate(faces) if f[0].startswith("Jij 4:"))]
    # the running clock ticked down with no request in between; the standing one stood
    assert [mine_face for mine_face, _ in reading] == ["Jij 0:02", "Jij 0:01", "Jij 0:00"], faces
    assert len({theirs for _, theirs in reading}) == 1, faces
    first_second = int(mine.get_attribute("data-ms"))
    expect(mine).not_to_have_attribute("data-ms", str(first_second))  # and ticks on from there
    assert int(mine.get_attribute("data-ms")) < first_second
    # the game where anna may claim the win needs her: said so, its button the red one
    waiting = anna.locator(f"[data-list=mine] [data-game='{claim}']")
    expect(waiting.locator("[data-claim-waits]")).to_have_text("Tijd om: jij kiest")
    expect(waiting.locator(f"a[href='#/spel/{claim}']")).to_have_class("btn btn-small btn-primary")
    # the ticking faces are not read out: no live region in the list
    assert anna.locator("[data-list=mine] [aria-live], [data-list=mine] [role=status]").count() == 0
