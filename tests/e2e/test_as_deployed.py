"""The web client against the server as deployed: nginx in front of two daphne processes
with the production settings (DEBUG off, PostgreSQL, the Redis channel layer, static files
from nginx), and the worker as a process of its own (stacks/localstack.py, as
`make prod` runs it). Two people play by invite, one on a phone by touch, and each move
shows on the other screen live; a game against the computer gets the worker's moves live.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import ui
from .conftest import DESKTOP, PHONE, page_opener

pytestmark = [pytest.mark.e2e, pytest.mark.redis]


@pytest.fixture(scope="module")
def deployed(migrated_stack):
    with migrated_stack(
        "dwaalhof-e2e-deployed-",
        web=2,
        fast_pg=True,
        worker_interval=0.2,
        env_extra={
            "DJANGO_THROTTLE_MOVES": "100000/minute",
            "DJANGO_THROTTLE_TOKEN_READ": "1000000/minute",
            "DJANGO_THROTTLE_TOKEN_WRITE": "1000000/minute",
            "DJANGO_THROTTLE_AUTH": "1000/minute",
        },
    ) as stack:
        yield stack.base


@pytest.fixture
def open_deployed(browser, deployed):
    with page_opener(browser, deployed) as _open:
        yield _open


def test_two_people_play_through_the_proxy_and_see_each_others_moves_live(open_deployed):
    anna = open_deployed(DESKTOP)
    bram = open_deployed(PHONE, touch=True)
    ui.signup(anna, "anna")
    ui.create_game(anna, "invite")
    link = anna.locator("[data-invite-link]").input_value()
    anna.keyboard.press("Escape")
    ui.signup(bram, "bram")
    bram.goto(link)
    bram.click("text=Uitnodiging aannemen")
    game = ui.game_id(bram)
    expect(anna.locator("[data-phase]")).to_be_visible(timeout=10000)  # anna's screen, live
    assert ui.game_id(anna) == game

    for _turn in range(3):
        for page in (anna, bram):
            ui.idle(page)
        player, watcher = (anna, bram) if ui.is_my_turn(anna) else (bram, anna)
        seat = ui.my_seat(player)

        def check(step, rec, player=player, watcher=watcher, seat=seat):
            ui.wait_live(watcher, ui.seq(player))
            if step == "draw":  # the taken card shows as a card more on the other screen
                assert ui.stat(watcher, seat, "cards") == ui.stat(player, seat, "cards")

        rec = ui.play_turn(player, check=check)
        assert rec["seq_end"] > rec["seq_start"]
        ui.wait_live(watcher, rec["seq_end"])
        # the other screen shows the same moment of the game: phase and whose turn
        assert ui.phase(watcher) == ui.phase(player)
        assert ui.is_my_turn(watcher) != ui.is_my_turn(player)

    # A reload (a new socket, perhaps on the other process) shows the same game.
    seq = ui.seq(bram)
    bram.reload()
    ui.game_id(bram)
    ui.idle(bram)
    assert ui.seq(bram) == seq


def test_the_workers_computer_moves_reach_the_browser_live(open_deployed):
    page = open_deployed(DESKTOP)
    ui.start_against_computer(page, "willem")
    game, me = ui.game_id(page), ui.my_seat(page)
    computer_turns: list[int] = []
    for _turn in range(6):
        ui.play_turn(page)
        # The worker (another process) plays the computer's turns (none, one, or two when it
        # ends a round and opens the next); the turn comes back to me without a reload.
        ui.wait_for_turn(page, timeout=30000)
        log = page.request.get(f"/api/games/{game}/moves/?since=0").json()
        computer_turns = [
            e["seq"]
            for e in log["entries"]
            if e["seat"] == 1 - me and e["move"]["type"] == "end_turn"
        ]
        # every computer turn in the log is on the screen already
        assert ui.seq(page) >= max(computer_turns, default=0)
        if len(computer_turns) >= 2:
            break
    assert len(computer_turns) >= 2


def test_the_security_headers_come_through_the_proxy_on_pages_api_and_static_files(deployed):
    """Django's answers keep their headers through nginx, and nginx's own answers for the
    static files carry them too (docs/deploy.md, "Security")."""
    import urllib.request

    def headers(path: str):
        with urllib.request.urlopen(deployed + path, timeout=10) as answer:
            return answer.headers

    # (the client's page, an API answer, a file collectstatic wrote that nginx serves)
    for path in ("/", "/api/content/", "/static/games/inspect.css"):
        got = headers(path)
        assert got["X-Content-Type-Options"] == "nosniff", path
        assert got["Referrer-Policy"] == "same-origin", path
        assert "frame-ancestors 'none'" in got["Content-Security-Policy"], path
        assert "camera=()" in got["Permissions-Policy"], path
    assert "script-src 'self'" in headers("/")["Content-Security-Policy"]
