"""Browser tests: the real server (daphne, websockets, the computer opponent inline) on a
free port with its own SQLite database, driven by Debian's Chromium through Playwright.

Every page opened through `open_page` records JavaScript errors, console errors and
Content-Security-Policy violations (the `securitypolicyviolation` events of every document
of its browser context, from before the page's first script on); the test fails at
teardown if there were any.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from stacks.localstack import free_port as _free_port

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1440, "height": 900}
# The database file of the server under test (set by `server`): tests read the account
# mails from its outbox there, since no worker sends them during a browser test.
SERVER_DB: dict[str, Path] = {}
PHONE = {"width": 390, "height": 844}


def _wait_for(url: str, proc: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server stopped (exit {proc.returncode})")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the server did not answer at {url}")


def _vapid_pair() -> dict[str, str]:
    """A VAPID key pair as the environment holds it (webpush.keys): the private key as the
    raw 32 bytes, the public one as the uncompressed point, both base64url."""
    import base64

    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1())
    raw = key.private_numbers().private_value.to_bytes(32, "big")
    point = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )

    def b64url(data: bytes) -> str:
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

    return {"private": b64url(raw), "public": b64url(point)}


VAPID = _vapid_pair()


@pytest.fixture(scope="session")
def server(tmp_path_factory, migrated_sqlite):
    """The site under test; yields its base URL."""
    work = tmp_path_factory.mktemp("e2e-server")
    SERVER_DB["path"] = work / "db.sqlite3"
    env = dict(os.environ)
    env.update(
        DATABASE_URL=f"sqlite:///{work / 'db.sqlite3'}",
        DJANGO_DEBUG="1",
        DWAALHOF_BOT_MOVES="inline",
        DJANGO_THROTTLE_MOVES="100000/minute",
        DJANGO_THROTTLE_TOKEN_READ="1000000/minute",
        DJANGO_THROTTLE_TOKEN_WRITE="1000000/minute",
        DJANGO_THROTTLE_AUTH="1000/minute",
        E2E_SEED_PREFIX=os.environ.get("E2E_SEED_PREFIX", "e2e"),
        PYTHONPATH=str(ROOT),
        # web push on, with keys of this run (test_push_end_to_end.py); a subscription's
        # loopback http endpoint is allowed under DEBUG
        VAPID_PRIVATE_KEY=VAPID["private"],
        VAPID_PUBLIC_KEY=VAPID["public"],
        VAPID_SUBJECT="mailto:beheer@dwaalhof.test",
    )
    env.pop("REDIS_URL", None)
    migrated_sqlite(SERVER_DB["path"])
    port = _free_port()
    log = open(work / "daphne.log", "w")  # noqa: SIM115 (closed below)
    daphne = shutil.which("daphne", path=str(Path(sys.executable).parent)) or "daphne"
    proc = subprocess.Popen(
        [daphne, "-b", "127.0.0.1", "-p", str(port), "tests.e2e.e2e_asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(base + "/", proc)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


# Runs in every document of a context before the page's own scripts: each
# Content-Security-Policy violation the document reports (a blocked style attribute, an
# inline script, an image from elsewhere...) goes to the test at once (a later navigation
# would lose what the document kept) and stays in window.__cspViolations for a test to read.
CSP_LISTENER = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  const said = `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} in ` +
    `${e.documentURI} (${e.sourceFile || "?"}:${e.lineNumber}) ${e.sample || ""}`.trimEnd();
  window.__cspViolations.push(said);
  window.__cspViolation(said);
});
"""


class PageErrors:
    def __init__(self):
        self.items: list[str] = []
        self.allowed: list[tuple[str, str]] = []

    def allow(self, url_part: str, status: str) -> None:
        """A test that provokes a refusal on purpose: the browser's log line is expected."""
        self.allowed.append((url_part, status))

    def console(self, msg):
        if msg.type != "error":
            return
        url = (msg.location or {}).get("url", "")
        if any(part in url and code in msg.text for part, code in self.allowed):
            return
        self.items.append(f"console: {msg.text} ({url})")

    def page(self, err):
        self.items.append(f"javascript: {err}\n{err.stack}")

    def csp(self, _source, said: str) -> None:
        self.items.append(f"content security policy: {said}")

    def watch(self, ctx) -> None:
        """Every document of the browser context reports its policy violations here."""
        ctx.expose_binding("__cspViolation", self.csp)
        ctx.add_init_script(CSP_LISTENER)

    @staticmethod
    def settle(ctx) -> None:
        """A round trip to each open page: the violation reports it sent before are in."""
        for page in ctx.pages:
            with contextlib.suppress(Exception):
                page.evaluate("window.__cspViolations")


@contextlib.contextmanager
def page_opener(browser, base_url: str):
    """Yields open(viewport=DESKTOP, *, touch=False, locale="nl-NL") -> a new page on
    `base_url` in its own browser context (own cookies); at the end, fails on any error the
    pages logged. The browser's language is Dutch unless `locale` names another (the client
    follows it)."""
    contexts = []
    errors = PageErrors()

    def _open(viewport=DESKTOP, *, touch=False, locale="nl-NL"):
        ctx = browser.new_context(
            viewport=viewport, has_touch=touch, base_url=base_url, locale=locale
        )
        ctx.set_default_timeout(15000)
        errors.watch(ctx)
        page = ctx.new_page()
        page.on("console", errors.console)
        page.on("pageerror", errors.page)
        contexts.append(ctx)
        return page

    _open.allow = errors.allow
    yield _open
    for ctx in contexts:
        errors.settle(ctx)
        ctx.close()
    assert not errors.items, "errors in the browser:\n" + "\n".join(errors.items)


@pytest.fixture
def open_page(browser, server):
    """open_page(viewport=DESKTOP) -> a new page on the embedded-default server."""
    with page_opener(browser, server) as _open:
        yield _open


@pytest.fixture(scope="session", autouse=True)
def artifacts_dir():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
