"""The installable app and the browser's half of web push (issue 24), in real Chromium:

- the manifest passes Chromium's own installability check;
- the service worker shows a push delivered through the DevTools protocol (title, body,
  icon, badge, one tag per game) and a tap opens that game: the tab already showing it, else
  a tab of the site sent there, else a new window;
- the account page's "Notifications on this device": push off on the site, a browser without
  push, and turning push on, renaming and turning off a device by mouse, by keyboard and by
  touch on a 320 px phone.

The server's half (the device list, VAPID keys, sending) is another branch: until it is
merged, `PushApi` answers the contract's four requests inside the browser (page.route()),
and Chromium's pushManager.subscribe(), which would need a push service on the internet, is
replaced by an init script (`FAKE_PUSH_MANAGER`) whose subscription has a loopback endpoint
and test keys. The service worker tests use no stand-in: the real worker, the real push.
"""

from __future__ import annotations

import base64
import json
import re
import tempfile

import pytest
from playwright.sync_api import Page, expect

from . import a11y, ui
from .conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PageErrors

pytestmark = pytest.mark.e2e

PHONE_320 = {"width": 320, "height": 640}


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


# A P-256 public key as the site serves it (the application server key, base64url).
SITE_KEY = "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U"
# The fake subscription's keys: a 65-byte point and a 16-byte secret, as a browser makes them.
P256DH = b64url(b"\x04" + bytes(range(1, 65)))
AUTH = b64url(bytes(range(100, 116)))
ENDPOINT = "http://127.0.0.1:9/push/test-device"

# Replaces the browser's push service (unreachable without the internet): subscribe() hands
# back a subscription with the loopback endpoint and the keys above, and remembers the key it
# was given; getSubscription() finds it again, unsubscribe() forgets it.
FAKE_PUSH_MANAGER = """
(() => {
  if (!self.PushManager) return;
  const STORE = "test.push-subscription";
  const made = (key) => ({
    endpoint: ENDPOINT,
    options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer },
    toJSON() {
      return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } };
    },
    unsubscribe() { localStorage.removeItem(STORE); return Promise.resolve(true); },
  });
  PushManager.prototype.subscribe = function (options) {
    const key = Array.from(new Uint8Array(options.applicationServerKey));
    localStorage.setItem(STORE, JSON.stringify(key));
    window.__subscribedWith = { userVisibleOnly: options.userVisibleOnly, key };
    return Promise.resolve(made(key));
  };
  PushManager.prototype.getSubscription = function () {
    const key = localStorage.getItem(STORE);
    return Promise.resolve(key ? made(JSON.parse(key)) : null);
  };
})();
"""
for _name, _value in (("ENDPOINT", ENDPOINT), ("P256DH", P256DH), ("AUTH", AUTH)):
    FAKE_PUSH_MANAGER = FAKE_PUSH_MANAGER.replace(f": {_name}", f": {json.dumps(_value)}")


class PushApi:
    """The server's push endpoints as the contract states them, answered in the browser:
    GET /api/account/push/ -> {enabled, public_key, devices}; POST (the subscription and a
    name) -> 201 with the device (200 for a known endpoint); PATCH {name} and DELETE
    /api/account/push/{id}/. Every request is kept in `seen` as (method, path, body)."""

    URL = re.compile(r"/api/account/push/(\d+/)?$")

    def __init__(self, *, enabled: bool = True):
        self.enabled = enabled
        self.devices: list[dict] = []
        self.endpoints: dict[str, int] = {}
        self.seen: list[tuple[str, str, object]] = []
        self._next = 1

    def attach(self, page: Page) -> PushApi:
        page.route(self.URL, self._answer)
        return self

    def _answer(self, route, request) -> None:
        path = request.url.split("://", 1)[1].split("/", 1)[1]
        body = request.post_data_json if request.post_data else None
        self.seen.append((request.method, "/" + path, body))
        found = re.search(r"push/(\d+)/$", path)
        device = next((d for d in self.devices if found and d["id"] == int(found[1])), None)
        if request.method == "GET" and not found:
            status, out = (
                200,
                {
                    "enabled": self.enabled,
                    "public_key": SITE_KEY if self.enabled else None,
                    "devices": self.devices,
                },
            )
        elif request.method == "POST" and not found:
            status, out = self._add(body)
        elif request.method == "PATCH" and device:
            device["name"] = body["name"]
            status, out = 200, device
        elif request.method == "DELETE" and device:
            self.devices.remove(device)
            status, out = 204, None
        else:
            status, out = 404, {"code": "not_found", "detail": "Niet gevonden."}
        route.fulfill(
            status=status,
            content_type="application/json",
            body="" if out is None else json.dumps(out),
        )

    def _add(self, body: dict) -> tuple[int, dict]:
        if body["endpoint"] in self.endpoints:
            return 200, next(d for d in self.devices if d["id"] == self.endpoints[body["endpoint"]])
        device = {
            "id": self._next,
            "name": body["name"],
            "created": "2026-12-03T12:00:00Z",
            "last_success": None,
        }
        self._next += 1
        self.endpoints[body["endpoint"]] = device["id"]
        self.devices.append(device)
        return 201, device

    def requests(self, method: str) -> list[tuple[str, object]]:
        return [(path, body) for m, path, body in self.seen if m == method]


def account_page(
    open_page,
    name: str,
    *,
    viewport=DESKTOP,
    touch=False,
    locale="nl-NL",
    enabled=True,
    grant=True,
    fake_push=True,
) -> tuple[Page, PushApi]:
    page = open_page(viewport, touch=touch, locale=locale)
    if grant:
        page.context.grant_permissions(["notifications"])
    if fake_push:
        page.context.add_init_script(FAKE_PUSH_MANAGER)
    api = PushApi(enabled=enabled).attach(page)
    ui.signup(page, name)
    page.goto("/#/account")
    expect(page.locator("[data-section=push] [data-push-device]")).not_to_have_attribute(
        "data-push-device", "loading"
    )
    return page, api


def expected_post(name: str) -> dict:
    return {"endpoint": ENDPOINT, "keys": {"p256dh": P256DH, "auth": AUTH}, "name": name}


def subscribed_key(page: Page) -> bytes:
    return bytes(page.evaluate("window.__subscribedWith.key"))


def site_key_bytes() -> bytes:
    return base64.urlsafe_b64decode(SITE_KEY + "=" * (-len(SITE_KEY) % 4))


# --- the installable app --------------------------------------------------------------------


def test_chromium_finds_the_app_installable(browser, server):
    """Chromium's own check (the one behind its install button): the manifest, its icons,
    the start URL and scope. It refuses incognito profiles, so this page has a profile."""
    errors = PageErrors()
    with tempfile.TemporaryDirectory() as profile:
        ctx = browser.browser_type.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, base_url=server
        )
        try:
            errors.watch(ctx)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.on("console", errors.console)
            page.on("pageerror", errors.page)
            page.goto("/")
            expect(page.locator("#topnav a").first).to_be_visible()
            cdp = ctx.new_cdp_session(page)
            manifest = cdp.send("Page.getAppManifest")
            assert manifest["url"] == f"{server}/manifest.webmanifest"
            assert manifest["errors"] == []
            assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
            data = json.loads(manifest["data"])
            assert (data["name"], data["start_url"], data["scope"], data["display"]) == (
                "Dwaalhof",
                "/",
                "/",
                "standalone",
            )
            errors.settle(ctx)
        finally:
            ctx.close()
    assert not errors.items, "\n".join(errors.items)


# --- the service worker ---------------------------------------------------------------------


class RegisteredWorker:
    """The site's service worker as DevTools sees it: a push goes to its registration."""

    def __init__(self, page: Page, cdp, registration: str):
        self.page, self.cdp, self.registration = page, cdp, registration

    def push(self, payload: dict) -> None:
        self.cdp.send(
            "ServiceWorker.deliverPushMessage",
            {
                "origin": self.page.evaluate("location.origin"),
                "registrationId": self.registration,
                "data": json.dumps(payload),
            },
        )


def register_worker(page: Page) -> RegisteredWorker:
    """Registers /sw.js as the account page does, with DevTools listening."""
    cdp = page.context.new_cdp_session(page)
    registrations: list[dict] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda e: registrations.extend(e["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    scope = page.evaluate(
        """async () => {
          await navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" });
          return (await navigator.serviceWorker.ready).scope;
        }"""
    )
    # Functions, not bare expressions: Playwright polls a bare expression with eval() in the
    # page, which the site's CSP (script-src 'self') refuses once the first check fails.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")  # claim() ran
    # a push reaches only an activated worker (claim() runs while it is still activating)
    page.wait_for_function("() => navigator.serviceWorker.controller.state === 'activated'")
    ours = [r for r in registrations if r["scopeURL"] == scope and not r["isDeleted"]]
    assert ours, registrations
    return RegisteredWorker(page, cdp, ours[-1]["registrationId"])


# The notifications shown, once there are `n` (at most 10 s), as the page reads them.
SHOWN = """async ([n, body]) => {
  const registration = await navigator.serviceWorker.ready;
  for (let waited = 0; waited < 10000; waited += 20) {
    const shown = await registration.getNotifications();
    if (shown.length === n && (body === null || shown[0].body === body)) {
      return shown.map((s) => ({ title: s.title, body: s.body, tag: s.tag, renotify: s.renotify,
                                 icon: s.icon, badge: s.badge, url: s.data && s.data.url }));
    }
    await new Promise((done) => setTimeout(done, 20));
  }
  return null;
}"""


def wait_shown(page: Page, n: int) -> list[dict]:
    shown = page.evaluate(SHOWN, [n, None])
    assert shown is not None, f"not {n} notifications shown"
    return shown


SHOWN_SOON = SHOWN.replace("waited < 10000", "waited < 3000")


def push_shown(sw: RegisteredWorker, payload: dict) -> dict:
    """Push `payload` and return the one notification it shows. DevTools sometimes loses a
    push it hands to the worker (seen on a loaded machine: to a worker that activated a
    moment ago, and, more rarely, to one that had shown and closed a notification: the push
    is not shown late, it is never shown), so it is delivered again, up to three times,
    until shown. A push of a game replaces that game's notification (one tag per game), so
    a delivery shown late still leaves one; a worker that never shows it fails."""
    for _ in range(3):
        sw.push(payload)
        shown = sw.page.evaluate(SHOWN_SOON, [1, payload.get("body")])
        if shown is not None:
            return shown[0]
    raise AssertionError("the worker showed no notification for three pushes")


# In the worker: what it asks of the browser's windows is recorded (focus, openWindow); a
# synthetic notificationclick is not a user's tap, so the browser would refuse both (only
# navigate() works without one). The click goes through the worker's own listener.
RECORD_WINDOWS = """() => {
  self.__asked = [];
  WindowClient.prototype.focus = function () { self.__asked.push(["focus", this.id]); return Promise.resolve(this); };
  Clients.prototype.openWindow = function (url) { self.__asked.push(["open", url]); return Promise.resolve(null); };
  self.__violations = [];
  self.addEventListener("securitypolicyviolation", (e) => self.__violations.push(e.violatedDirective + " " + e.blockedURI));
}"""
CLICK = """async (tag) => {
  const [n] = await self.registration.getNotifications({ tag });
  self.dispatchEvent(new NotificationEvent("notificationclick", { notification: n }));
}"""


def test_a_push_shows_the_turn_and_a_tap_opens_that_game(open_page):
    page = open_page(DESKTOP)
    page.context.grant_permissions(["notifications"])
    game = ui.start_against_computer(page, "pushspeler")
    sw = register_worker(page)
    worker = page.context.service_workers[0]
    assert worker.url.endswith("/sw.js")
    worker.evaluate(RECORD_WINDOWS)

    origin = page.evaluate("location.origin")
    game_url = f"{origin}/#/spel/{game}"
    turn = {
        "title": f"Jij bent aan zet in partij {game}",
        "body": "tegen de computer, ronde 1",
        "url": f"/#/spel/{game}",
        "tag": f"game-{game}",
    }
    shown = push_shown(sw, turn)
    assert shown == {
        "title": turn["title"],
        "body": turn["body"],
        "tag": f"game-{game}",
        "renotify": True,
        "icon": f"{origin}/icons/icon-192.png",
        "badge": f"{origin}/icons/badge-96.png",
        "url": game_url,
    }
    # A second push of the same game replaces the first (one tag per game).
    push_shown(sw, {**turn, "body": "nog 6 uur"})

    # 1. The tab shows that game: it comes to the front; nothing navigates, nothing opens.
    worker.evaluate(CLICK, f"game-{game}")
    wait_shown(page, 0)  # the tap closed it
    wait_for_asked(worker, 1)
    tab = worker.evaluate(
        "clients.matchAll({ type: 'window' }).then((tabs) => tabs.map((t) => t.id))"
    )
    assert worker.evaluate("self.__asked") == [["focus", tab[0]]] and len(tab) == 1
    assert page.url == game_url

    # 2. The site is open elsewhere (the lobby): that tab goes to the game, and to the front.
    page.goto("/#/")
    expect(page.locator("[data-form=create]")).to_be_visible()
    push_shown(sw, turn)
    worker.evaluate(CLICK, f"game-{game}")
    expect(page).to_have_url(game_url)
    expect(page.locator(f".game[data-game='{game}']")).to_be_visible()
    wait_for_asked(worker, 2)
    assert worker.evaluate("self.__asked")[1] == ["focus", tab[0]]  # same tab, no reload

    # 3. No tab of the site: a new window on the game.
    push_shown(sw, turn)
    page.goto("about:blank")
    worker.evaluate(CLICK, f"game-{game}")
    wait_for_asked(worker, 3)
    assert worker.evaluate("self.__asked")[2] == ["open", game_url]
    assert worker.evaluate("self.__violations") == []


def wait_for_asked(worker, n: int) -> None:
    """Until the worker has asked n things of the windows (at most 10 s)."""
    worker.evaluate(
        """async (n) => {
          for (let waited = 0; self.__asked.length < n && waited < 10000; waited += 20) {
            await new Promise((done) => setTimeout(done, 20));
          }
        }""",
        n,
    )
    assert len(worker.evaluate("self.__asked")) >= n, worker.evaluate("self.__asked")


def test_a_push_from_elsewhere_opens_only_this_site(open_page):
    """A payload naming another site's address opens the site's start, never that address."""
    page = open_page(DESKTOP)
    page.context.grant_permissions(["notifications"])
    page.goto("/")
    expect(page.locator("#topnav a").first).to_be_visible()  # the client's modules are in
    sw = register_worker(page)
    worker = page.context.service_workers[0]
    shown = push_shown(sw, {"title": "t", "body": "b", "url": "https://elders.example/x"})
    origin = page.evaluate("location.origin")
    assert shown["url"] == f"{origin}/"
    assert worker.evaluate("self.registration.active.scriptURL") == f"{origin}/sw.js"


# --- the account page: notifications on this device ---------------------------------------


def test_push_off_on_the_site_is_said_and_offers_no_button(open_page):
    page, api = account_page(open_page, "pushloos", enabled=False)
    section = page.locator("[data-section=push]")
    expect(section.locator("[data-push-device]")).to_have_text(
        "Pushmeldingen staan op deze site uit."
    )
    expect(section.locator("[data-form=push-on]")).to_be_hidden()
    expect(section.locator("[data-list=push-devices]")).to_have_text(
        "Nog op geen enkel apparaat aan."
    )
    prefs_note = page.locator("[data-block=notifications] [data-push-state]")
    expect(prefs_note).to_have_attribute("data-push-state", "off")
    assert api.requests("POST") == []


def test_a_browser_without_push_is_told_so(open_page):
    page = open_page(DESKTOP)
    page.context.add_init_script("delete window.PushManager;")
    PushApi().attach(page)
    ui.signup(page, "oudebrowser")
    page.goto("/#/account")
    state = page.locator("[data-section=push] [data-push-device]")
    expect(state).to_have_attribute("data-push-device", "unsupported")
    expect(state).to_contain_text("Deze browser kan geen pushmeldingen ontvangen.")
    expect(page.locator("[data-form=push-on]")).to_be_hidden()


def test_turn_push_on_rename_and_turn_off_by_mouse(open_page):
    page, api = account_page(open_page, "pushmuis")
    section = page.locator("[data-section=push]")
    expect(page.locator("[data-block=notifications] [data-push-state]")).to_have_attribute(
        "data-push-state", "on"
    )
    name = section.locator("#f-push-name")
    expect(name).to_have_value("Chrome op Linux")  # from the browser's user agent
    name.fill("Laptop thuis")
    section.get_by_role("button", name="Meldingen aanzetten op dit apparaat").click()

    row = section.locator("[data-device='1']")
    expect(row).to_contain_text("Laptop thuis")
    expect(row).to_contain_text("dit apparaat")
    expect(row).to_contain_text("nog geen melding bezorgd")
    expect(section.locator("[data-push-device]")).to_have_text(
        "Meldingen staan aan op dit apparaat."
    )
    expect(section.locator("[data-form=push-on]")).to_be_hidden()
    assert api.requests("POST") == [("/api/account/push/", expected_post("Laptop thuis"))]
    assert subscribed_key(page) == site_key_bytes()  # applicationServerKey: the site's key
    assert page.evaluate("window.__subscribedWith.userVisibleOnly") is True
    # the real worker was registered for the whole site, and controls the page
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == page.evaluate("location.origin") + "/"

    # After a reload the device is still this one.
    page.reload()
    expect(section.locator("[data-device='1'][data-this-device]")).to_be_visible()
    a11y.check(page, "the account page with a push device")

    row.get_by_role("button", name="Naam wijzigen: Laptop thuis").click()
    edit = row.locator("input")
    expect(edit).to_be_focused()
    edit.fill("Laptop")
    row.get_by_role("button", name="Bewaren").click()
    expect(row.locator("strong")).to_have_text("Laptop")
    assert api.requests("PATCH") == [("/api/account/push/1/", {"name": "Laptop"})]

    row.get_by_role("button", name="Uitzetten: Laptop").click()
    expect(section.locator("[data-list=push-devices]")).to_have_text(
        "Nog op geen enkel apparaat aan."
    )
    assert api.requests("DELETE") == [("/api/account/push/1/", None)]
    assert (
        page.evaluate("navigator.serviceWorker.ready.then((r) => r.pushManager.getSubscription())")
        is None
    )
    expect(section.locator("[data-form=push-on]")).to_be_visible()  # it can be turned on again


def test_turn_push_on_rename_and_turn_off_by_keyboard(open_page):
    page, api = account_page(open_page, "pushtoetsen")
    section = page.locator("[data-section=push]")
    # another device of this player, already on
    api.devices.append(
        {
            "id": 7,
            "name": "Telefoon",
            "created": "2026-11-01T09:00:00Z",
            "last_success": "2026-12-02T18:30:00Z",
        }
    )
    api._next = 8
    page.reload()
    other = section.locator("[data-device='7']")
    expect(other).to_contain_text("laatste melding")
    expect(other).not_to_contain_text("dit apparaat")

    ui.tab_to(page, "#f-push-name")
    page.keyboard.press("Control+A")
    page.keyboard.type("Werkplek")
    page.keyboard.press("Enter")
    mine = section.locator("[data-device='8'][data-this-device]")
    expect(mine).to_contain_text("Werkplek")
    assert api.requests("POST") == [("/api/account/push/", expected_post("Werkplek"))]

    # Rename the phone: Enter on its button, a new name, Enter; Escape leaves another edit.
    ui.tab_to(page, "[data-device='7'] [data-action=rename]")
    page.keyboard.press("Enter")
    expect(other.locator("input")).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.type("Telefoon van Bram")
    page.keyboard.press("Enter")
    expect(other.locator("strong")).to_have_text("Telefoon van Bram")
    expect(other.locator("[data-action=rename]")).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.type("weg")
    page.keyboard.press("Escape")
    expect(other.locator("strong")).to_have_text("Telefoon van Bram")
    expect(other.locator("[data-action=rename]")).to_be_focused()
    assert api.requests("PATCH") == [("/api/account/push/7/", {"name": "Telefoon van Bram"})]

    # Turn the phone off: this device stays on.
    ui.tab_to(page, "[data-device='7'] [data-action=revoke]")
    page.keyboard.press("Enter")
    expect(other).to_have_count(0)
    expect(page.locator("[data-list=push-devices]")).to_be_focused()
    expect(mine).to_be_visible()
    assert api.requests("DELETE") == [("/api/account/push/7/", None)]


def test_push_devices_on_a_320_px_phone_by_touch_in_english(open_page):
    page, api = account_page(
        open_page, "pushduim-met-een-lange-naam", viewport=PHONE_320, touch=True, locale="en-GB"
    )
    section = page.locator("[data-section=push]")
    expect(section.locator("h2")).to_have_text("Notifications on this device")
    expect(section.locator("#f-push-name")).to_have_value("Chrome on Linux")
    ui.picture(section, "push-turn-on-320.png")
    assert_fits(page, section)
    section.get_by_role("button", name="Turn on notifications on this device").tap()
    row = section.locator("[data-device='1']")
    expect(row).to_contain_text("this device")
    ui.picture(section, "push-devices-320.png")
    assert_fits(page, section)
    row.get_by_role("button", name="Rename: Chrome on Linux").tap()
    row.locator("input").fill("My phone")
    row.get_by_role("button", name="Save").tap()
    expect(row.locator("strong")).to_have_text("My phone")
    row.get_by_role("button", name="Turn off: My phone").tap()
    expect(section.locator("[data-list=push-devices]")).to_have_text("Not on for any device yet.")
    assert [m for m, _, _ in api.seen] == ["GET", "POST", "GET", "PATCH", "GET", "DELETE", "GET"]


def assert_fits(page: Page, section) -> None:
    width = section.evaluate("s => [s.scrollWidth, s.clientWidth]")
    assert width[0] <= width[1], f"the section is wider than the phone: {width}"
    page_width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert page_width[0] <= page_width[1], f"the page scrolls sideways: {page_width}"


def test_a_refused_permission_is_said(open_page):
    page, api = account_page(open_page, "pushnee", grant=False)
    page.context.clear_permissions()
    page.evaluate("Notification.requestPermission = () => Promise.resolve('denied')")
    page.locator("[data-section=push] button[type=submit]").click()
    state = page.locator("[data-section=push] [data-push-device]")
    expect(state).to_have_attribute("data-push-device", "denied")
    expect(state).to_contain_text("Je browser weigert meldingen van deze site.")
    assert api.requests("POST") == []
