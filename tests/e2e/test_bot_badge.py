"""Bot accounts in the browser: the leaderboard's "Bots" tab lists them (people's does not),
each with a BOT badge beside the name, as on the bot's profile; on a 320 px phone."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import SERVER_DB

pytestmark = pytest.mark.e2e

NARROW = {"width": 320, "height": 640}


def rated_game_won_by_a_bot(bot: str, person: str) -> None:
    """In the browser tests' server database: `bot` (a bot account) beat `person` in a rated
    game (setup through the services; the API's own path is tests/server/test_bots.py)."""
    code = (
        "from accounts.services import user_signup\n"
        "from bots.services import make_bot\n"
        "from games import services\n"
        f"bot = user_signup(username={bot!r}, password='Dwaal-hof-2025!')\n"
        f"person = user_signup(username={person!r}, password='Dwaal-hof-2025!')\n"
        "make_bot(bot)\n"
        "game = services.game_create(user=bot, opponent='invite', rated=True)\n"
        "services.game_join(game=game, user=person, code=game.invite_code)\n"
        "services.game_resign(game=game, user=person)\n"
    )
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{SERVER_DB['path']}"}
    env.pop("REDIS_URL", None)
    subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        check=True,
    )


def test_a_bot_shows_its_badge_on_the_bots_leaderboard_and_its_profile(open_page):
    page = open_page(NARROW)
    rated_game_won_by_a_bot("robo25", "pia25")
    page.goto("/#/ranglijst")
    board = page.locator("[data-leaderboard] tbody")
    expect(board).to_contain_text("pia25")
    expect(board).not_to_contain_text("robo25")
    expect(board.locator("[data-bot-badge]")).to_have_count(0)

    page.click("[data-board=bots]")
    expect(page.locator("[data-board=bots]")).to_have_attribute("aria-selected", "true")
    row = board.locator("tr", has_text="robo25")
    expect(row.locator("[data-bot-badge]")).to_have_text("BOT")
    expect(board).not_to_contain_text("pia25")
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]

    row.locator("a").click()
    expect(page.locator("h1[data-player=robo25] [data-bot-badge]")).to_have_text("BOT")
    games = page.locator("[data-list=player-games]")
    expect(games).to_contain_text("pia25")
    expect(games.locator("[data-bot-badge]")).to_have_count(0)  # pia is a person
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
