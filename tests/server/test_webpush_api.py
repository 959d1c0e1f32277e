"""The account's push devices (docs/api.md, "Web push"): whether the site pushes and its
public key, turning push on for a browser, renaming and revoking a device; another
player's devices are unknown; bad input is a clear 400 that changes nothing; without VAPID
keys push is off."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from webpush import keys
from webpush.models import PushSubscription

from .factories import UserFactory
from .push_service import PushService

pytestmark = pytest.mark.django_db

URL = "/api/account/push/"
CHROME_LINUX = (
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Safari/537.36"
)
FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0"


@pytest.fixture(scope="module")
def vapid_pair():
    return keys.new_pair()


@pytest.fixture
def push_on(settings, vapid_pair):
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = vapid_pair
    settings.WEBPUSH_ALLOW_HTTP_LOOPBACK = False
    return vapid_pair[1]


@pytest.fixture
def browsers():
    """Subscriptions as browsers make them (keys and all); not started: no push is sent."""
    service = PushService()
    yield service
    service.server.server_close()


def https(browser) -> dict:
    body = browser.to_json()
    body["endpoint"] = "https://push.example.net/wpush/v2/" + browser.token
    return body


def session(user, agent: str = CHROME_LINUX) -> APIClient:
    client = APIClient(HTTP_USER_AGENT=agent)
    client.force_login(user)
    return client


def test_push_is_off_without_keys(settings):
    settings.VAPID_PRIVATE_KEY = ""
    anna = UserFactory(username="anna")
    answer = session(anna).get(URL)
    assert answer.status_code == 200
    assert answer.json() == {"enabled": False, "public_key": None, "devices": []}
    refused = session(anna).post(
        URL, {"endpoint": "https://push.example.net/x", "keys": {}}, format="json"
    )
    assert (refused.status_code, refused.json()["code"]) == (409, "push_off")
    assert not PushSubscription.objects.exists()


def test_a_player_turns_push_on_lists_renames_and_revokes_a_device(push_on, browsers):
    anna = UserFactory(username="anna")
    overview = session(anna).get(URL).json()
    assert overview == {"enabled": True, "public_key": push_on, "devices": []}
    assert len(keys.b64url_decode(push_on)) == 65  # an uncompressed P-256 point

    phone = browsers.browser()
    made = session(anna).post(URL, https(phone), format="json")
    assert made.status_code == 201, made.content
    device = made.json()
    assert device["name"] == "Chrome op Linux" and device["last_success"] is None
    assert set(device) == {"id", "name", "created", "last_success"}

    english = UserFactory(username="emma", language="en")
    other = session(english, FIREFOX_ANDROID).post(URL, https(browsers.browser()), format="json")
    assert other.json()["name"] == "Firefox on Android"

    # the same browser again (new keys, a name): updated, not doubled
    again = https(phone) | {"name": "Mijn telefoon"}
    again["keys"] = browsers.browser().keys
    updated = session(anna).post(URL, again, format="json")
    assert updated.status_code == 200
    assert updated.json()["id"] == device["id"] and updated.json()["name"] == "Mijn telefoon"
    row = PushSubscription.objects.get(pk=device["id"])
    assert row.p256dh == again["keys"]["p256dh"]

    renamed = session(anna).patch(f"{URL}{device['id']}/", {"name": " Keuken "}, format="json")
    assert renamed.status_code == 200 and renamed.json()["name"] == "Keuken"
    listed = session(anna).get(URL).json()["devices"]
    assert [(d["id"], d["name"]) for d in listed] == [(device["id"], "Keuken")]

    assert session(anna).delete(f"{URL}{device['id']}/").status_code == 204
    assert session(anna).get(URL).json()["devices"] == []
    assert session(anna).delete(f"{URL}{device['id']}/").status_code == 404


def test_another_players_device_is_not_found(push_on, browsers):
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    made = session(anna).post(URL, https(browsers.browser()), format="json").json()
    path = f"{URL}{made['id']}/"
    assert session(bram).patch(path, {"name": "weg"}, format="json").status_code == 404
    assert session(bram).delete(path).status_code == 404
    assert session(bram).get(URL).json()["devices"] == []
    assert PushSubscription.objects.get().name == "Chrome op Linux"
    assert APIClient().get(URL).status_code in (401, 403)


def test_the_session_needs_its_csrf_token(push_on, browsers):
    anna = UserFactory(username="anna")
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(anna)
    refused = client.post(URL, https(browsers.browser()), format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "csrf_failed")


def bad(browsers) -> list[tuple[dict, str]]:
    good = https(browsers.browser())
    short_auth = dict(good["keys"], auth=keys.b64url(b"x" * 8))
    off_curve = dict(good["keys"], p256dh=keys.b64url(b"\x04" + b"\x01" * 64))
    return [
        ({**good, "endpoint": "http://push.example.net/x"}, "endpoint"),
        ({**good, "endpoint": "http://127.0.0.1:9/x"}, "endpoint"),  # loopback: not allowed here
        ({**good, "endpoint": "ftp://push.example.net/x"}, "endpoint"),
        ({**good, "endpoint": "https:///nohost"}, "endpoint"),
        ({**good, "endpoint": 12}, "endpoint"),
        ({**good, "endpoint": "https://push.example.net/" + "x" * 1000}, "endpoint"),
        ({**good, "keys": short_auth}, "keys.auth"),
        ({**good, "keys": off_curve}, "keys.p256dh"),
        ({**good, "keys": {"p256dh": "!!", "auth": good["keys"]["auth"]}}, "keys.p256dh"),
        ({"endpoint": good["endpoint"]}, "keys.p256dh"),
        ({**good, "name": ""}, "name"),
        ({**good, "name": "x" * 61}, "name"),
        ({**good, "name": ["a"]}, "name"),
    ]


def test_bad_subscriptions_are_refused_with_the_field_named(push_on, browsers):
    anna = UserFactory(username="anna")
    for body, field in bad(browsers):
        answer = session(anna).post(URL, body, format="json")
        assert answer.status_code == 400, (body, answer.content)
        assert answer.json()["code"] == "invalid"
        assert field in answer.json()["errors"], (field, answer.json())
    assert session(anna).post(URL, ["x"], format="json").status_code == 400
    assert not PushSubscription.objects.exists()
    made = session(anna).post(URL, https(browsers.browser()), format="json").json()
    for name in ("", "x" * 61, None):
        answer = session(anna).patch(f"{URL}{made['id']}/", {"name": name}, format="json")
        assert answer.status_code == 400
    assert PushSubscription.objects.get().name == "Chrome op Linux"


def test_a_loopback_http_endpoint_is_taken_when_the_setting_allows_it(push_on, browsers, settings):
    anna = UserFactory(username="anna")
    local = browsers.browser().to_json()  # http://127.0.0.1:port/push/...
    assert session(anna).post(URL, local, format="json").status_code == 400
    settings.WEBPUSH_ALLOW_HTTP_LOOPBACK = True
    assert session(anna).post(URL, local, format="json").status_code == 201
    remote = {**local, "endpoint": "http://push.example.net/x"}
    assert session(anna).post(URL, remote, format="json").status_code == 400


def test_the_refusals_speak_the_players_language(push_on, browsers):
    emma = UserFactory(username="emma", language="en")
    body = {**https(browsers.browser()), "endpoint": "http://push.example.net/x"}
    answer = session(emma).post(URL, body, format="json").json()
    assert answer["errors"]["endpoint"] == ["An https address of a push service."]


def test_the_data_download_lists_my_devices_without_their_keys(push_on, browsers):
    anna = UserFactory(username="anna")
    body = https(browsers.browser()) | {"name": "Telefoon"}
    session(anna).post(URL, body, format="json")
    data = session(anna).get("/api/account/data/").json()
    [device] = data["push_devices"]
    assert (device["name"], device["push_service"]) == ("Telefoon", "push.example.net")
    text = str(data)
    assert body["keys"]["auth"] not in text and body["endpoint"] not in text


def test_a_browser_subscribed_again_by_another_player_gets_none_of_the_first_ones_pushes(
    push_on, browsers
):
    from notifications.models import Notification
    from webpush.models import PushDelivery

    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    shared = https(browsers.browser())
    made = session(anna).post(URL, shared, format="json").json()
    note = Notification.objects.create(user=anna, kind="your_turn", text="Jouw beurt")
    PushDelivery.objects.create(subscription_id=made["id"], notification=note)
    moved = session(bram).post(URL, shared, format="json")
    assert moved.status_code == 200 and moved.json()["id"] == made["id"]
    assert session(anna).get(URL).json()["devices"] == []
    assert [d["id"] for d in session(bram).get(URL).json()["devices"]] == [made["id"]]
    assert not PushDelivery.objects.exists()
