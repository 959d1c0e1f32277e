"""What a player does in the browser, step by step, through the real UI only.

Each helper waits until the page shows the answer (the game root's data-busy back to 0,
the seq moved) so the tests read like a player's turn.
"""

from __future__ import annotations

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

from .conftest import ARTIFACTS

PASSWORD = "hofreglement-1600"
ROOT = ".game[data-game]"  # the game screen, not a lobby row of the same game
DIRS = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]


def hexkey(h) -> str:
    return f"{h[0]},{h[1]}"


def parse(k: str) -> tuple[int, int]:
    q, r = k.split(",")
    return int(q), int(r)


def neighbours(k: str) -> list[str]:
    q, r = parse(k)
    return [hexkey((q + dq, r + dr)) for dq, dr in DIRS]


# --- pictures for the eye ---------------------------------------------------------------------
PICTURE_TIMEOUT = 60_000  # ms: a full-page picture on a loaded machine takes seconds


def picture(target: Page | Locator, name: str, *, full_page: bool = False) -> None:
    """Keep a picture of the screen in test-artifacts/ (looked at by eye, never asserted).
    Animations are finished first, so the picture waits for no pulsing ring or rolling die;
    the timeout is the picture's own, longer than the actions' 15 s."""
    extra = {"full_page": full_page} if isinstance(target, Page) else {}
    target.screenshot(
        path=ARTIFACTS / name, animations="disabled", timeout=PICTURE_TIMEOUT, **extra
    )


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
        "() => { const g = document.querySelector('.game[data-game]'); return g && g.dataset.busy === '0'; }"
    )


def seq(page: Page) -> int:
    return int(page.get_attribute(ROOT, "data-seq"))


def wait_seq_after(page: Page, before: int, timeout: float | None = None) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('.game[data-game]')?.dataset.seq) > {before}",
        timeout=timeout,
    )
    idle(page)


def wait_live(watcher: Page, seq: int) -> None:
    """The other screen reaches `seq` by itself, from its socket (no reload)."""
    watcher.wait_for_function(
        f"() => Number(document.querySelector('.game[data-game]')?.dataset.seq) >= {seq}",
        timeout=10000,
    )
    idle(watcher)


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
    """The middle of an element on screen. The board's SVG is redrawn when an answer
    arrives, which can replace the element between finding and measuring it: then wait
    for the page to settle and find it again."""
    for _ in range(5):
        loc = page.locator(selector).first
        try:
            loc.scroll_into_view_if_needed(timeout=5000)
            box = loc.bounding_box()
        except PlaywrightError:
            box = None
        if box:
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        idle(page)
    raise AssertionError(f"{selector} did not settle on the page")


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


def distance(a: str, b: str) -> int:
    (aq, ar), (bq, br) = parse(a), parse(b)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def houses(page: Page) -> list[str]:
    return [g.get_attribute("data-hex") for g in page.locator("g.tile.k-house").all()]


def drag_route(page: Page, pawn: int, steps: int, towards: str | None = None) -> list[str]:
    """Pick the pawn up and drag it over gold tiles towards the nearest house, one tile after
    another, never back over its own line (that would take steps back). Returns the hexes."""
    seat = my_seat(page)
    start = pawn_at(page, seat, pawn)
    homes = houses(page)
    x, y = center(page, f"g[data-pawn='{seat}-{pawn}']")
    page.mouse.move(x, y)
    page.mouse.down()
    route: list[str] = []
    visited = {start}
    for _ in range(steps):
        idle(page)
        here = pawn_at(page, seat, pawn)
        if here in homes and here != start:
            break
        visited.add(here)
        options = [k for k in gold(page) if k not in visited]
        if not options:
            break
        target = min(options, key=lambda k: min(distance(k, h) for h in homes))
        if towards in options:
            target = towards
        tx, ty = hex_center(page, target)
        page.mouse.move(tx, ty, steps=8)
        idle(page)
        if pawn_at(page, seat, pawn) != target:
            break
        route.append(target)
    page.mouse.up()
    idle(page)
    return route


def steps_left(page: Page) -> int:
    return int(page.get_attribute("[data-steps-left]", "data-steps-left") or 0)


def plan_length(page: Page) -> int:
    return page.locator("[data-plan] li:not(.gain)").count()


def step_onto(page: Page, seat: int, pawn: int, k: str) -> bool:
    """Tap a gold tile: a tile that can turn is chosen by the first tap, the second goes."""
    tap_hex(page, k)
    if pawn_at(page, seat, pawn) != k and k in gold(page):
        tap_hex(page, k)
    return pawn_at(page, seat, pawn) == k


def tiles(page: Page) -> dict[str, tuple[str, int]]:
    """hex -> (kind, openings as planned now), read from the board."""
    rows = page.evaluate(
        "() => [...document.querySelectorAll('g.tile')].map(g => [g.dataset.hex,"
        " [...g.classList].find(c => c.startsWith('k-')).slice(2), Number(g.dataset.openings)])"
    )
    return {k: (kind, openings) for k, kind, openings in rows}


def side(a: str, b: str) -> int:
    return DIRS.index(tuple(y - x for x, y in zip(parse(a), parse(b), strict=True)))


def route_to_house(board: dict, start: str, homes: list[str]) -> list[str]:
    """Breadth-first over tiles a pawn can stand on, assuming a path tile can be turned to
    connect; the first step must leave through an opening of the tile it stands on."""

    def can_pass(a: str, b: str) -> bool:
        kind, openings = board[b]
        if kind not in ("path", "house", "plaza", "bridge"):
            return False
        if kind == "bridge":
            return bool(openings >> ((side(a, b) + 3) % 6) & 1)
        return True

    first_kind, first_open = board[start]
    queue, came = [start], {start: None}
    while queue:
        here = queue.pop(0)
        if here in homes and here != start:
            path = [here]
            while came[path[-1]] != start:
                path.append(came[path[-1]])
            return path[::-1]
        for n in neighbours(here):
            if n in came or n not in board or not can_pass(here, n):
                continue
            if (
                here == start
                and first_kind in ("path", "bridge")
                and not first_open >> side(here, n) & 1
            ):
                continue
            came[n] = here
            queue.append(n)
    return []


def turn_to_fit(page: Page, seat: int, pawn: int, here: str, k: str, nxt: str | None) -> bool:
    """Choose tile k, turn it with the ⟳ knob until it opens towards `here` (and, when it
    can, towards `nxt` too), then step onto it. Takes the turns back if it never fits."""
    before = plan_length(page)
    tap_hex(page, k)
    if not page.locator("[data-knob=cw]").count():
        return False
    fits_here = None
    for turn in range(6):
        openings = tiles(page)[k][1]
        back_ok = openings >> side(k, here) & 1
        next_ok = nxt is None or openings >> side(k, nxt) & 1
        if back_ok and next_ok and k in gold(page):
            return step_onto(page, seat, pawn, k)
        if back_ok and fits_here is None:
            fits_here = turn
        if turn == 5:
            break
        x, y = center(page, "[data-knob=cw] circle")
        page.mouse.click(x, y)
        idle(page)
        if plan_length(page) == before:
            return False  # the turn was refused: no step left to pay it
    # no orientation serves both: settle for one that opens towards `here`
    if fits_here is not None:
        for _ in range(fits_here + 1):
            x, y = center(page, "[data-knob=cw] circle")
            page.mouse.click(x, y)
            idle(page)
        if k in gold(page):
            return step_onto(page, seat, pawn, k)
    while plan_length(page) > before:
        page.click("[data-action=back]")
        idle(page)
    return False


def walk_towards_house(page: Page, pawn: int) -> dict:
    """Plan a route for one pawn towards the nearest house, as a thinking player would:
    the first stretch drawn by dragging over gold tiles, then tile by tile, turning a tile
    with the knobs where that opens the way (V). Leaves the plan ready for Bevestig."""
    seat = my_seat(page)
    homes = houses(page)
    done = {"route": [], "rotated": []}
    select_pawn(page, pawn)
    start = pawn_at(page, seat, pawn)
    path = route_to_house(tiles(page), start, homes)
    here = start
    for i, k in enumerate(path):
        if steps_left(page) <= 0:
            break
        nxt = path[i + 1] if i + 1 < len(path) else None
        kind, openings = tiles(page)[k]
        turnable = kind == "path" and openings != 63
        fits_next = nxt is None or not turnable or openings >> side(k, nxt) & 1
        if k in gold(page) and fits_next:
            if not done["route"]:
                moved = drag_route(page, pawn, 1, towards=k)  # pick the pawn up and drag
                ok = bool(moved) and moved[-1] == k
            else:
                ok = step_onto(page, seat, pawn, k)
        elif turnable:
            ok = turn_to_fit(page, seat, pawn, here, k, nxt)
            if ok:
                done["rotated"].append(k)
        else:
            ok = False
        if not ok:
            break
        done["route"].append(k)
        here = k
    return done


def start_against_computer(page: Page, name: str) -> int:
    """Sign up, start a game against the computer, and wait for my turn with the event read."""
    signup(page, name)
    create_game(page, "computer")
    game = game_id(page)
    wait_for_turn(page)
    dismiss_event(page)
    return game


def take_first_card(page: Page) -> None:
    press(page, "[data-take-card]:not([disabled]) >> nth=0")


def wait_for_turn(page: Page, timeout: float = 20000) -> None:
    page.wait_for_selector(".phasebar .who.mine", state="attached", timeout=timeout)
    idle(page)


def enabled(page: Page, selector: str) -> bool:
    return page.locator(f"{selector}:not([disabled])").count() > 0


def play_turn(page: Page, *, check=None) -> dict:
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
            homes = houses(page)
            pawn = next((n for n in (1, 2, 3) if pawn_at(page, seat, n) not in homes), 1)
            rec["pawn"] = pawn
            rec["from"] = pawn_at(page, seat, pawn)
            done = walk_towards_house(page, pawn)
            rec["route"], rec["rotated"] = done["route"], done["rotated"]
            if enabled(page, "[data-action=confirm]"):
                press(page, "[data-action=confirm]")
                rec["walked_to"] = pawn_at(page, seat, pawn)
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


# --- touch -------------------------------------------------------------------------------------
def touch_hex(page: Page, k: str) -> None:
    """A finger's tap on a tile (real touch events: the context needs has_touch=True)."""
    x, y = hex_center(page, k)
    page.touchscreen.tap(x, y)
    idle(page)


def touch(page: Page, selector: str) -> None:
    page.locator(selector).first.tap()
    idle(page)


def touch_press(page: Page, selector: str) -> None:
    """Tap a button that sends a move and wait for the new state."""
    before = seq(page)
    page.locator(selector).first.tap()
    wait_seq_after(page, before)


def touch_select_pawn(page: Page, pawn: int) -> None:
    seat = my_seat(page)
    x, y = center(page, f"g[data-pawn='{seat}-{pawn}']")
    page.touchscreen.tap(x, y)
    idle(page)
    expect(page.locator(f"g[data-pawn='{seat}-{pawn}'].selected")).to_have_count(1)


def turnable_gold_neighbour(page: Page, here: str) -> str | None:
    """A path tile next to `here` that the pawn may enter now and that can also be turned:
    the case where the first tap chooses the tile and the second must go there."""
    board = tiles(page)
    for k in neighbours(here):
        kind, openings = board.get(k, ("", 0))
        if kind == "path" and openings != 63 and k in gold(page):
            return k
    return None


def touch_drag(page: Page, points: list[tuple[float, float]]) -> None:
    """One finger down on the first point, moved through the others, lifted at the last:
    raw touch events through the DevTools protocol (Playwright's touchscreen only taps)."""
    cdp = page.context.new_cdp_session(page)

    def send(kind: str, x: float, y: float) -> None:
        pts = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": pts})

    send("touchStart", *points[0])
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        for i in range(1, 9):
            send("touchMove", x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8)
            page.wait_for_timeout(15)
        idle(page)
    send("touchEnd", *points[-1])
    idle(page)
    cdp.detach()


# --- shaping what the server says (for states a seed does not reach quickly) -------------------
def patch_game(page: Page, change) -> None:
    """Change what the server says about the game before the page reads it: every answer of
    GET /api/games/<id>/ and every game message on its socket go through change(game), until
    unpatch_game (a socket route cannot be taken back, so it stays and passes through)."""
    import json

    first = not hasattr(page, "dw_game_change")
    page.dw_game_change = change  # the change in force; None passes through

    def apply(game):
        current = page.dw_game_change
        if current is not None:
            current(game)

    def http(route):
        if route.request.method != "GET":
            return route.continue_()
        response = route.fetch()
        game = response.json()
        apply(game)
        route.fulfill(response=response, body=json.dumps(game))

    def socket(ws):
        server = ws.connect_to_server()

        def from_server(message):
            msg = json.loads(message)
            if isinstance(msg, dict) and isinstance(msg.get("game"), dict):
                game = {**msg["game"], "state": msg.get("view")}
                apply(game)
                msg["view"] = game.pop("state")
                msg["game"] = game
            ws.send(json.dumps(msg))

        server.on_message(from_server)

    if first:
        page.route("**/api/games/*/", http)
        page.route_web_socket("**/ws/games/**", socket)


def unpatch_game(page: Page) -> None:
    page.dw_game_change = None


def resign(page: Page) -> None:
    """Give the game up through the client's own API module (the UI has no button yet)."""
    page.evaluate(
        "async (id) => { const api = await import('/js/api.js'); await api.resign(id); }",
        game_id(page),
    )
    page.wait_for_selector("[data-end]")
    idle(page)


# --- keyboard ----------------------------------------------------------------------------------
def focused(page: Page, selector: str) -> bool:
    return page.evaluate("(s) => !!document.activeElement?.matches(s)", selector)


def tab_to(page: Page, selector: str, limit: int = 80) -> None:
    """Press Tab until the element matching selector has the focus."""
    for _ in range(limit):
        if focused(page, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def cursor(page: Page) -> str:
    return page.get_attribute("[data-cursor]", "data-cursor")


def cursor_to(page: Page, target: str) -> None:
    """Walk the board's keyboard cursor to a hex with the arrow keys."""
    for _ in range(30):
        here = cursor(page)
        if here == target:
            return
        (q, r), (tq, tr) = parse(here), parse(target)
        if tr < r:
            page.keyboard.press("ArrowUp")
        elif tr > r:
            page.keyboard.press("ArrowDown")
        else:
            page.keyboard.press("ArrowRight" if tq > q else "ArrowLeft")
    raise AssertionError(f"the cursor did not reach {target} (at {cursor(page)})")


def key_press(page: Page, key: str) -> None:
    """A key that sends a move: wait for the new state."""
    before = seq(page)
    page.keyboard.press(key)
    wait_seq_after(page, before)


def live_text(page: Page) -> str:
    return page.locator("[data-live]").inner_text()


# --- clocks ------------------------------------------------------------------------------------
def choose_time_control(page: Page, preset: str) -> None:
    """Pick a served preset in the new-game form (after choosing a person as the opponent)."""
    page.select_option("#f-time", preset)


def clock_ms(page: Page, seat: int) -> int:
    """The time a plate's clock shows now, in ms (as counted down by the page)."""
    return int(page.get_attribute(f"[data-plate='{seat}'] [data-clock]", "data-ms"))
