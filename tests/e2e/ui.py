"""What a player does in the browser, step by step, through the real UI only.

Each helper waits until the page shows the answer (the game root's data-busy back to 0,
the seq moved) so the tests read like a player's turn.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

PASSWORD = "hofreglement-1600"
ROOT = "[data-game]"
DIRS = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]


def hexkey(h) -> str:
    return f"{h[0]},{h[1]}"


def parse(k: str) -> tuple[int, int]:
    q, r = k.split(",")
    return int(q), int(r)


def neighbours(k: str) -> list[str]:
    q, r = parse(k)
    return [hexkey((q + dq, r + dr)) for dq, dr in DIRS]


# --- accounts and lobby ------------------------------------------------------------------------
def signup(page: Page, name: str) -> None:
    page.goto("/#/inschrijven")
    page.fill("#f-user", name)
    page.fill("#f-pass", PASSWORD)
    page.fill("#f-pass2", PASSWORD)
    page.click("button[type=submit]")
    expect(page.locator("[data-form=create]")).to_be_visible()


def create_game(page: Page, opponent: str) -> None:
    page.check(f"input[name=opponent][value={opponent}]")
    page.click("[data-form=create] button[type=submit]")


def game_id(page: Page) -> int:
    page.wait_for_selector(ROOT)
    return int(page.get_attribute(ROOT, "data-game"))


# --- the game screen ---------------------------------------------------------------------------
def idle(page: Page) -> None:
    """Wait until no move and no preview is on its way."""
    page.wait_for_function(
        "() => { const g = document.querySelector('[data-game]'); return g && g.dataset.busy === '0'; }"
    )


def seq(page: Page) -> int:
    return int(page.get_attribute(ROOT, "data-seq"))


def wait_seq_after(page: Page, before: int) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-game]')?.dataset.seq) > {before}"
    )
    idle(page)


def dismiss_event(page: Page) -> bool:
    big = page.locator("[data-event-big]")
    if big.count():
        page.click("[data-event-big] >> text=Verder")
        expect(big).to_have_count(0)
        return True
    return False


def my_seat(page: Page) -> int:
    # the viewer's own plate comes first
    return int(page.locator("[data-plate]").first.get_attribute("data-plate"))


def is_my_turn(page: Page) -> bool:
    return page.locator(".phasebar .who.mine").count() > 0


def phase(page: Page) -> str:
    return page.get_attribute("[data-phase]", "data-phase")


def stat(page: Page, seat: int, name: str) -> str:
    return page.locator(f"[data-plate='{seat}'] [data-stat='{name}']").inner_text().strip()


def press(page: Page, selector: str) -> None:
    """Click a button that sends a move and wait for the new state."""
    before = seq(page)
    page.click(selector)
    wait_seq_after(page, before)


def center(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def hex_center(page: Page, k: str) -> tuple[float, float]:
    return center(page, f"g.tile[data-hex='{k}'] .tile-base")


def tap_hex(page: Page, k: str) -> None:
    x, y = hex_center(page, k)
    page.mouse.click(x, y)
    idle(page)


def pawn_at(page: Page, seat: int, pawn: int) -> str:
    return page.get_attribute(f"g[data-pawn='{seat}-{pawn}']", "data-at")


def gold(page: Page) -> list[str]:
    return [g.get_attribute("data-hex") for g in page.locator(".glow").all()]


def select_pawn(page: Page, pawn: int) -> None:
    seat = my_seat(page)
    x, y = center(page, f"g[data-pawn='{seat}-{pawn}']")
    page.mouse.click(x, y)
    idle(page)
    expect(page.locator(f"g[data-pawn='{seat}-{pawn}'].selected")).to_have_count(1)


def drag_route(page: Page, pawn: int, steps: int) -> list[str]:
    """Pick the pawn up and drag it over gold tiles, one after another. Returns the hexes."""
    seat = my_seat(page)
    x, y = center(page, f"g[data-pawn='{seat}-{pawn}']")
    page.mouse.move(x, y)
    page.mouse.down()
    route: list[str] = []
    for _ in range(steps):
        idle(page)
        options = [k for k in gold(page) if k not in route]
        if not options:
            break
        target = options[0]
        tx, ty = hex_center(page, target)
        page.mouse.move(tx, ty, steps=8)
        idle(page)
        if pawn_at(page, seat, pawn) != target:
            break
        route.append(target)
    page.mouse.up()
    idle(page)
    return route


def rotate_and_enter(page: Page, pawn: int) -> str | None:
    """Tap a neighbouring path tile, turn it with the knobs until it connects, then tap it
    again to step onto it (V). Returns the hex entered, or None (and takes it all back)."""
    seat = my_seat(page)
    here = pawn_at(page, seat, pawn)
    for k in neighbours(here):
        if not page.locator(f"g.tile.k-path[data-hex='{k}']").count():
            continue
        if k in gold(page):
            continue  # already open: no need to turn it
        tap_hex(page, k)
        if not page.locator("[data-knob=cw]").count():
            continue
        for _ in range(5):
            x, y = center(page, "[data-knob=cw] circle")
            page.mouse.click(x, y)
            idle(page)
            if k in gold(page):
                tap_hex(page, k)  # second tap on the selected tile: go there
                if pawn_at(page, seat, pawn) == k:
                    return k
                break
        # could not connect it: take the rotations back
        while (
            page.locator("[data-action=back]:not([disabled])").count()
            and page.locator("[data-plan] li").count()
        ):
            page.click("[data-action=back]")
            idle(page)
    return None


def take_first_card(page: Page) -> None:
    press(page, "[data-take-card]:not([disabled]) >> nth=0")


def end_turn(page: Page) -> None:
    press(page, "[data-move=end_turn]")


def wait_for_turn(page: Page, timeout: float = 20000) -> None:
    page.wait_for_selector(".phasebar .who.mine", timeout=timeout)
    idle(page)


def wait_text(page: Page, selector: str, pattern: str) -> None:
    expect(page.locator(selector)).to_have_text(re.compile(pattern))


def enabled(page: Page, selector: str) -> bool:
    return page.locator(f"{selector}:not([disabled])").count() > 0


def play_turn(page: Page, *, rotate: bool = True, route_steps: int = 2, check=None) -> dict:
    """One whole turn through the panel, as a player would: a card, the walking dice, a
    route (with a rotation when one helps), the house actions, the roll (bend if favor
    allows, lock, open cards, settle), discards, "volgende speler". `check(step, record)`
    runs after each step (the tests use it to look at the other player's screen)."""
    rec: dict = {"seq_start": seq(page)}
    check = check or (lambda step, rec: None)
    dismiss_event(page)
    seat = my_seat(page)
    if phase(page) == "draw" and enabled(page, "[data-take-card]"):
        take_first_card(page)
        rec["took_card"] = True
        check("draw", rec)
    if phase(page) == "walk":
        if enabled(page, "[data-move=roll_walk]"):
            press(page, "[data-move=roll_walk]")
            check("roll_walk", rec)
        if phase(page) == "walk":
            rec["from"] = pawn_at(page, seat, 1)
            select_pawn(page, 1)
            if rotate:
                rec["rotated_into"] = rotate_and_enter(page, 1)
            rec["route"] = drag_route(page, 1, route_steps)
            if enabled(page, "[data-action=confirm]"):
                press(page, "[data-action=confirm]")
                rec["walked_to"] = pawn_at(page, seat, 1)
                check("walk", rec)
        if phase(page) == "walk" and enabled(page, "[data-move=end_walk]"):
            if page.locator("[data-plan] li").count():
                while enabled(page, "[data-action=back]"):
                    page.click("[data-action=back]")
                    idle(page)
            press(page, "[data-move=end_walk]")
    if phase(page) == "actions":
        chosen = 0
        while True:
            opts = page.locator("button.opt:not([disabled])")
            if not opts.count():
                break
            press(page, "button.opt:not([disabled]) >> nth=0")
            chosen += 1
            if phase(page) != "actions":
                break
        rec["actions_chosen"] = chosen
        if phase(page) == "actions" and enabled(page, "[data-move=end_actions]"):
            press(page, "[data-move=end_actions]")
        check("actions", rec)
    if phase(page) == "roll":
        if enabled(page, "[data-move=roll]"):
            press(page, "[data-move=roll]")
            check("roll", rec)
        if enabled(page, "[data-bend]"):
            press(page, "[data-bend]:not([disabled]) >> nth=0")
            rec["bent"] = True
            check("bend", rec)
        if enabled(page, "[data-move=lock]"):
            press(page, "[data-move=lock]")
            check("lock", rec)
        if enabled(page, "[data-activate]"):
            press(page, "[data-activate]:not([disabled]) >> nth=0")
            rec["activated"] = True
        if enabled(page, "[data-move=settle]"):
            press(page, "[data-move=settle]")
        while enabled(page, "[data-discard]"):
            press(page, "[data-discard]:not([disabled]) >> nth=0")
            rec["discarded"] = rec.get("discarded", 0) + 1
        rec["report"] = page.locator("[data-report]").inner_text()
        check("settled", rec)
        press(page, "[data-move=end_turn]")
        check("end_turn", rec)
    rec["seq_end"] = seq(page)
    return rec
