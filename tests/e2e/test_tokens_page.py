"""Personal access tokens on the account page, as a player making one for a bot meets it:
made by keyboard alone with one scope, its secret shown once and working from a program
(reading, not moving), listed with its use, and revoked by touch on a 320 px phone."""

from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from . import ui
from .conftest import DESKTOP

pytestmark = pytest.mark.e2e

PHONE_320 = {"width": 320, "height": 640}


def test_make_a_read_token_by_keyboard_use_it_then_revoke_it_by_touch(open_page, server):
    page = open_page(DESKTOP)
    ui.signup(page, "tokenmaker-met-een-lange-naam")
    page.goto("/#/account")
    section = page.locator("[data-section=tokens]")
    expect(section.locator("[data-scope='game:read']")).to_be_attached()

    page.focus("#f-token-name")
    page.keyboard.type("mijn bot")
    page.keyboard.press("Tab")  # the first scope: game:read
    expect(page.locator("[data-scope='game:read']")).to_be_focused()
    page.keyboard.press("Space")
    page.locator("[data-form=token] button[type=submit]").focus()
    page.keyboard.press("Enter")

    secret_box = page.locator("#f-token-secret")
    expect(secret_box).to_be_focused()
    secret = secret_box.input_value()
    assert secret.startswith("dwh_")
    expect(section.locator("[data-token='mijn bot']")).to_contain_text("game:read")
    expect(section.locator("[data-token='mijn bot']")).to_contain_text("nog niet gebruikt")

    auth = {"Authorization": f"Token {secret}"}
    assert requests.get(f"{server}/api/games/", headers=auth, timeout=10).status_code == 200
    moved = requests.post(f"{server}/api/games/1/moves/", json={}, headers=auth, timeout=10)
    assert moved.status_code == 403 and moved.json()["code"] == "scope_missing"

    # The same account on a 320 px phone: the token is listed with its use, and revoked.
    phone = open_page(PHONE_320, touch=True)
    phone.goto("/#/inloggen")
    phone.fill("#f-user", "tokenmaker-met-een-lange-naam")
    phone.fill("#f-pass", ui.PASSWORD)
    phone.locator("button[type=submit]").tap()
    expect(phone.locator("[data-form=create]")).to_be_visible()
    phone.goto("/#/account")
    row = phone.locator("[data-token='mijn bot']")
    expect(row).to_contain_text("laatst gebruikt")
    ui.picture(phone.locator("[data-section=tokens]"), "tokens-320.png")
    width = phone.locator("[data-section=tokens]").evaluate("s => [s.scrollWidth, s.clientWidth]")
    assert width[0] <= width[1], f"the tokens section is wider than the phone: {width}"
    phone.on("dialog", lambda dialog: dialog.accept())
    row.get_by_role("button", name="Token mijn bot intrekken").tap()
    expect(phone.locator("[data-tokens]")).to_contain_text("Nog geen tokens.")
    gone = requests.get(f"{server}/api/games/", headers=auth, timeout=10)
    assert gone.status_code == 401
