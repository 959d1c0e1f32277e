"""Web push from end to end, with nothing off the machine (issue 24): the account page turns
push on against the real server (VAPID keys of this run, tests/e2e/conftest.py), with a
subscription whose endpoint is a loopback push service and whose keys the test made (without
the internet Chromium's own subscribe() reaches no push service); the opponent resigns while
the player is away from the game; the worker sends the push; the push service checks its
VAPID signature and decrypts it with the subscription's keys; the site's service worker,
handed that payload through DevTools, shows it, and a tap goes to the game."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import expect

from tests.server.push_service import PushService

from . import ui
from .conftest import DESKTOP, VAPID
from .test_push_client import CLICK, push_shown, register_worker

pytestmark = pytest.mark.e2e

# subscribe() hands back the loopback subscription the test made (as a browser would make its
# own with a real push service); getSubscription() finds it again.
FAKE_SUBSCRIBE = """(sub) => {
  const made = () => ({ endpoint: sub.endpoint, options: { userVisibleOnly: true },
    toJSON() { return { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }; },
    unsubscribe() { localStorage.removeItem("test.sub"); return Promise.resolve(true); } });
  PushManager.prototype.subscribe = function () { localStorage.setItem("test.sub", "1"); return Promise.resolve(made()); };
  PushManager.prototype.getSubscription = function () {
    return Promise.resolve(localStorage.getItem("test.sub") ? made() : null);
  };
}"""

RESIGN = """async (game) => {
  const csrf = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="))?.split("=")[1];
  const r = await fetch(`/api/games/${game}/resign/`, { method: "POST", headers: { "X-CSRFToken": csrf } });
  return r.status;
}"""


def test_a_push_goes_from_the_account_page_through_the_worker_and_a_push_service_to_the_screen(
    open_page,
):
    with PushService(site_public_key=VAPID["public"]) as service:
        phone = service.browser()  # the device's subscription: endpoint and keys
        anna = open_page(DESKTOP)
        anna.context.grant_permissions(["notifications"])
        anna.add_init_script(f"({FAKE_SUBSCRIBE})({json.dumps(phone.to_json())})")
        ui.signup(anna, "pushanna")
        ui.create_game(anna, "invite")
        link = anna.locator("[data-invite-link]").input_value()
        game = ui.game_id(anna)

        bram = open_page(DESKTOP)
        ui.signup(bram, "pushbram")
        bram.goto(link)
        bram.click("text=Uitnodiging aannemen")
        assert ui.game_id(bram) == game

        # anna turns push on for this device, on the account page (away from the game)
        anna.goto("/#/account")
        section = anna.locator("[data-section=push]")
        section.get_by_role("button", name="Meldingen aanzetten op dit apparaat").click()
        expect(section.locator("[data-this-device]")).to_be_visible()
        devices = anna.evaluate("fetch('/api/account/push/').then((r) => r.json())")
        assert devices["enabled"] is True and devices["public_key"] == VAPID["public"]
        assert len(devices["devices"]) == 1

        assert bram.evaluate(RESIGN, game) == 200  # anna wins while she is not watching
        anna.request.post(f"/e2e/worker-tick/?at={int(time.time() * 1000)}")
        assert service.wait_for(1), service.problems
        [push] = service.got(phone)  # checked and decrypted by the push service
        assert push["url"] == f"/#/spel/{game}" and push["tag"] == f"game-{game}"
        assert str(game) in push["title"] + push["body"]

        # the service worker shows what the push service was given, and a tap opens the game
        sw = register_worker(anna)
        shown = push_shown(sw, push)
        assert (shown["title"], shown["body"], shown["tag"]) == (
            push["title"],
            push["body"],
            f"game-{game}",
        )
        anna.context.service_workers[0].evaluate(CLICK, f"game-{game}")
        expect(anna).to_have_url(f"{anna.evaluate('location.origin')}/#/spel/{game}")
