"""Logins and a player's data in the browser: too many wrong passwords lock the name, and
the login page says so in the player's language; the account page downloads the player's
data as a JSON file."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from . import a11y, ui
from .conftest import DESKTOP

pytestmark = pytest.mark.e2e

# A login hashes the password twice (Django's backend and allauth's): seconds on a busy
# machine, more than expect()'s default 5 s.
SLOW = 30_000


def try_login(page, name: str, password: str) -> None:
    page.fill("#f-user", name)
    page.fill("#f-pass", password)
    page.click("form button[type=submit]")


def test_a_locked_login_is_said_in_dutch_and_in_english(open_page):
    open_page.allow("/api/auth/login", "401")
    open_page.allow("/api/auth/login", "429")
    name = "slot-op-de-deur"  # no such account: locked all the same
    page = open_page(DESKTOP)
    page.goto("/#/inloggen")
    error = page.locator("form .form-error")
    for _ in range(4):
        try_login(page, name, "geen-idee")
        expect(error).to_have_text("Naam of wachtwoord klopt niet.", timeout=SLOW)
        error.evaluate("e => { e.textContent = ''; }")
    try_login(page, name, "geen-idee")  # the fifth failure locks the name
    expect(error).to_have_text(
        "Te vaak een verkeerd wachtwoord. Probeer het over 1 minuut opnieuw.", timeout=SLOW
    )

    a11y.check(page, "login, locked")

    english = open_page(DESKTOP, locale="en-GB")
    english.goto("/#/inloggen")
    try_login(english, name, "whatever-now")
    expect(english.locator("form .form-error")).to_have_text(
        "Too many wrong passwords. Try again in 1 minute.", timeout=SLOW
    )


def test_the_account_page_downloads_my_data(open_page):
    page = open_page(DESKTOP)
    page.goto("/#/inschrijven")
    page.fill("#f-user", "gegevens-gert")
    page.fill("#f-pass", ui.PASSWORD)
    page.fill("#f-pass2", ui.PASSWORD)
    page.click("button[type=submit]")
    expect(page.locator("[data-form=create]")).to_be_visible(timeout=SLOW)
    ui.create_game(page, "computer")
    game = ui.game_id(page)
    page.goto("/#/account")
    link = page.locator("[data-block=my-data] a[download]")
    expect(link).to_have_text("Mijn gegevens downloaden", timeout=SLOW)
    a11y.check(page, "account, with the data download")
    with page.expect_download() as info:
        link.click()
    download = info.value
    assert download.suggested_filename.startswith("dwaalhof-gegevens-gert-")
    data = json.loads(open(download.path(), encoding="utf-8").read())
    assert data["account"]["username"] == "gegevens-gert"
    (shown,) = data["games"]
    assert shown["id"] == game and shown["status"] == "active"
    assert shown["seed"] is None and shown["state"] is not None  # my view, not the seed
