"""The site under its Content-Security-Policy in a real browser: the guard every browser
test has (conftest.CSP_LISTENER) sees a violation; the API's Swagger UI and the admin work
with no violation and ask nothing of another site."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import ui
from .conftest import DESKTOP, SERVER_DB, PageErrors

pytestmark = pytest.mark.e2e


def test_a_style_attribute_set_by_a_script_is_a_violation_the_browser_tests_fail_on(
    browser, server
):
    errors = PageErrors()
    ctx = browser.new_context(base_url=server)
    try:
        errors.watch(ctx)
        page = ctx.new_page()
        page.goto("/")
        expect(page.locator("#topnav a").first).to_be_visible()
        # what the client did before: a style attribute, and an inline event handler
        page.evaluate("document.body.setAttribute('style', 'margin-top: 3px')")
        page.evaluate("document.body.insertAdjacentHTML('beforeend', '<img src=x onerror=1>')")
        page.wait_for_timeout(300)
        errors.settle(ctx)
        # the policy is enforced, not only reported: the style stayed off the page
        margin = page.evaluate("getComputedStyle(document.body).marginTop")
    finally:
        ctx.close()
    assert any("style-src-attr blocked inline" in e for e in errors.items), errors.items
    assert any("script-src-attr blocked inline" in e for e in errors.items), errors.items
    assert margin != "3px"


def test_the_api_docs_load_from_the_site_alone_with_no_violation(open_page, server):
    page = open_page(DESKTOP)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto("/api/docs/")
    # Swagger UI ran (its script and the start-up script from the site) and read the schema
    expect(page.locator(".opblock").first).to_be_visible(timeout=20000)
    expect(page.locator(".information-container .title")).to_contain_text("Dwaalhof API")
    page.locator(".opblock-summary").first.click()  # an operation opens (icons, styles)
    expect(page.locator(".opblock-body").first).to_be_visible()
    assert asked and all(url.startswith(server + "/") for url in asked), asked
    assert any("/static/drf_spectacular_sidecar/" in url for url in asked)
    assert page.evaluate("window.__cspViolations") == []
    # (open_page fails the test at its end on any violation or console error as well)


def manage(*args: str) -> list[str]:
    """What `manage.py args` prints, run on the browser tests' server database."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{SERVER_DB['path']}"}
    env.pop("REDIS_URL", None)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()


def recovery_code(username: str) -> str:
    """One recovery code of a new second factor for `username` (manage.py staff_totp), made
    in the browser tests' server database."""
    out = manage("staff_totp", username)
    start = next(i for i, line in enumerate(out) if line.startswith("Recovery codes"))
    return out[start + 1].strip()


# A chat line of a second player in the game, reported by its first: the report's page marks
# the line among its neighbours (the style comes from moderation/static/moderation/admin.css).
REPORT_A_LINE = """
from django.contrib.auth import get_user_model
from django.utils import timezone
from chat.models import ChatMessage
from moderation.models import Report
users = get_user_model().objects
anna = users.get(username="{reporter}")
bram = users.create_user("beheer-bram")  # no password: never logs in
lines = [ChatMessage.objects.create(game_id={game}, user=who, seat=seat, text=text,
         created=timezone.now()) for who, seat, text in
         [(anna, 0, "goed gespeeld"), (bram, 1, "jij kunt er niks van"), (anna, 0, "nou nou")]]
report = Report.objects.create(reporter=anna, target=bram, message=lines[1], game_id={game},
                               reason="abuse")
print(report.pk, bram.pk)
"""


def test_the_admin_works_under_the_policy(open_page, server):
    page = open_page(DESKTOP)
    ui.signup(page, "beheer-anna")
    ui.create_game(page, "computer")
    game = ui.game_id(page)
    with sqlite3.connect(SERVER_DB["path"]) as db:
        db.execute(
            "UPDATE auth_user SET is_staff = 1, is_superuser = 1 WHERE username = ?",
            ("beheer-anna",),
        )
    admin = open_page(DESKTOP)
    admin.goto("/admin/login/")
    admin.fill("#id_username", "beheer-anna")
    admin.fill("#id_password", ui.PASSWORD)
    admin.fill("#id_otp_token", recovery_code("beheer-anna"))  # staff give a second factor
    admin.click("input[type=submit]")
    expect(admin.locator("#site-name")).to_be_visible()
    made = manage("shell", "-c", REPORT_A_LINE.format(reporter="beheer-anna", game=game))
    report, reported = made[-1].split()
    for path, shown in [
        ("/admin/", "#content-main"),
        ("/admin/games/game/", "#result_list"),
        (f"/admin/games/game/{game}/change/", "#game_form"),
        (f"/admin/games/game/{game}/inspect/?seq=1", "#board svg"),
        ("/admin/auth/user/", "#changelist-filter"),
        (f"/admin/auth/user/{reported}/change/", "#user_form"),
        (f"/admin/moderation/report/{report}/change/", ".moderation-context li.reported"),
    ]:
        admin.goto(path)
        expect(admin.locator(shown).first).to_be_visible()
        assert admin.evaluate("window.__cspViolations") == [], path
    # the inspect page's styles come from its file: the log table's cells are monospace
    admin.goto(f"/admin/games/game/{game}/inspect/?seq=1")
    font = admin.locator("#log td").first.evaluate("td => getComputedStyle(td).fontFamily")
    assert "monospace" in font
    # the report's page marks the reported line with its file's style, not a style attribute
    admin.goto(f"/admin/moderation/report/{report}/change/")
    marked = admin.locator(".moderation-context li.reported")
    expect(marked).to_contain_text("jij kunt er niks van")
    weight = marked.evaluate("li => getComputedStyle(li).fontWeight")
    assert int(weight) >= 700
