"""The links in every notification mail: the one-click game link (opens that game for that
player, once, for three days, and nothing else) and RFC 8058's one-click unsubscribe."""

from __future__ import annotations

import asyncio
import re
import time
from datetime import timedelta

import pytest
from django.core import signing
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Profile
from notifications import emails, limited, links
from notifications.models import Notification, Preferences
from notifications.pipeline import deliver
from tests.conftest import PASSWORD

from .factories import GameFactory, UserFactory

pytestmark = pytest.mark.django_db

SITE = "https://dwaalhof.example"
Kind = Notification.Kind


@pytest.fixture(autouse=True)
def _site(settings):
    settings.DWAALHOF_SITE_URL = SITE


def notify_profile(user) -> str:
    return Profile.objects.get(user=user).notify


# --- every notification mail carries both links -----------------------------------------------


def assert_one_click_parts(mail, user) -> None:
    url = mail.extra_headers["List-Unsubscribe"]
    assert re.fullmatch(rf"<{SITE}/api/unsubscribe/[^>\s]+>", url)
    assert mail.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert f"{url[1:-1]}\n" in mail.body  # the visible unsubscribe line, same link
    assert re.search(rf"\n  {SITE}/m/\S+\n", mail.body)  # the game's one-click link


def test_every_kind_of_notification_mail_has_the_unsubscribe_headers_and_a_game_link(mailoutbox):
    piet = UserFactory(username="piet", email="piet@example.org", notify="turn")
    Preferences.objects.create(user=piet, ways={k: {"email": True} for k in Kind.values})
    game = GameFactory(creator=piet)
    mailoutbox.clear()
    for kind in Kind.values:
        deliver(piet, kind, f"{kind} in partij {game.pk}", game=game)
        emails.send_pending(timezone.now())
    assert len(mailoutbox) == len(Kind.values)
    for mail in mailoutbox:
        assert_one_click_parts(mail, piet)
    # and the daily summary
    Profile.objects.filter(user=piet).update(notify="daily")
    deliver(piet, Kind.CHAT_MESSAGE, "bram: hoi", game=game)
    mailoutbox.clear()
    assert emails.send_digests(timezone.now()) == 1
    assert_one_click_parts(mailoutbox[0], piet)


# --- unsubscribe ------------------------------------------------------------------------------


def unsubscribe_path(user) -> str:
    return f"/api/unsubscribe/{links.unsubscribe_token(user)}"


def test_one_click_post_turns_notification_mail_off_without_login_or_csrf(mailoutbox):
    piet = UserFactory(username="piet", email="piet@example.org", notify="turn")
    mail_program = Client(enforce_csrf_checks=True)  # no session, no CSRF token
    for _ in range(2):  # twice is the same
        r = mail_program.post(
            unsubscribe_path(piet),
            "List-Unsubscribe=One-Click",
            content_type="application/x-www-form-urlencoded",
        )
        assert r.status_code == 200 and r.json() == {"unsubscribed": True, "mail": "off"}
        assert notify_profile(piet) == "off"
    GameFactory(creator=piet)  # a 'your turn' for someone, maybe piet: no mail to piet
    emails.send_pending(timezone.now())
    assert [m for m in mailoutbox if m.to == [piet.email]] == []


def test_a_get_shows_the_button_and_unsubscribes_nobody():
    piet = UserFactory(username="piet", email="piet@example.org", notify="daily")
    r = Client().get(unsubscribe_path(piet))  # a mail scanner following the link
    assert r.status_code == 200
    page = r.content.decode()
    assert '<form method="post">' in page and 'name="List-Unsubscribe" value="One-Click"' in page
    assert notify_profile(piet) == "daily"
    # the page's button
    r = Client().post(
        unsubscribe_path(piet), {"List-Unsubscribe": "One-Click"}, HTTP_ACCEPT="text/html"
    )
    assert r.status_code == 200 and "geen meldingen meer" in r.content.decode()
    assert notify_profile(piet) == "off"


@pytest.mark.parametrize("forge", ["tamper", "other_salt", "garbage"])
def test_a_forged_unsubscribe_token_is_a_400_that_changes_nothing(forge):
    piet = UserFactory(username="piet", email="piet@example.org", notify="turn")
    game = GameFactory(creator=piet)
    token = {
        "tamper": links.unsubscribe_token(piet)[:-2] + "xx",
        "other_salt": links.game_link_token(piet, game.pk),  # a game link is no unsubscribe
        "garbage": "eyJ1IjoxfQ",
    }[forge]
    r = Client().post(
        f"/api/unsubscribe/{token}",
        "List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert r.status_code == 400 and r.json()["code"] == "bad_link"
    assert notify_profile(piet) == "turn"


def test_a_post_without_the_one_click_body_is_a_400_that_changes_nothing():
    piet = UserFactory(username="piet", email="piet@example.org", notify="turn")
    r = Client().post(unsubscribe_path(piet), {"something": "else"})
    assert r.status_code == 400
    assert notify_profile(piet) == "turn"


# --- the one-click game link ------------------------------------------------------------------


@pytest.fixture
def two_games():
    piet = UserFactory(username="piet", email="piet@example.org", is_staff=True, is_superuser=True)
    return piet, GameFactory(creator=piet), GameFactory(creator=piet)


def open_link(client, token: str):
    """The player's click on the link's page (a form posting back to it)."""
    return client.post(f"/m/{token}")


def test_following_the_link_uses_nothing_up_until_the_button_is_pressed(two_games):
    piet, game, _other = two_games
    token = links.game_link_token(piet, game.pk)
    scanner = Client(enforce_csrf_checks=True)
    r = scanner.get(f"/m/{token}")  # a mail scanner following the link
    assert r.status_code == 200 and '<form method="post">' in r.content.decode()
    assert f"Partij {game.pk} openen" in r.content.decode()
    assert "_auth_user_id" not in scanner.session
    player = Client(enforce_csrf_checks=True)  # the form's post has no CSRF token
    r = player.post(f"/m/{token}")
    assert r.status_code == 302 and r["Location"] == f"/#/spel/{game.pk}"


def test_the_link_in_the_mail_opens_that_game_for_that_player(mailoutbox, two_games):
    piet, game, _other = two_games
    deliver(piet, Kind.GAME_OVER, "x", game=game)
    Preferences.objects.create(user=piet, ways={"game_over": {"email": True}})
    Notification.objects.filter(user=piet).update(email="pending")
    emails.send_pending(timezone.now())
    body = next(m.body for m in mailoutbox if m.to == [piet.email])
    token = re.search(rf"{SITE}/m/(\S+)", body).group(1)
    browser = APIClient()
    r = open_link(browser, token)
    assert r.status_code == 302 and r["Location"] == f"/#/spel/{game.pk}"
    assert browser.get(f"/api/games/{game.pk}/").status_code == 200
    assert browser.get(f"/api/games/{game.pk}/chat/").status_code == 200
    assert browser.get("/api/auth/me").json()["username"] == "piet"


def test_the_link_opens_nothing_but_its_game(two_games):
    piet, game, other = two_games
    browser = APIClient()
    assert open_link(browser, links.game_link_token(piet, game.pk)).status_code == 302
    refused = [
        ("get", f"/api/games/{other.pk}/", None),  # another game of the same player
        ("get", "/api/games/", None),
        ("get", "/api/notifications/", None),
        ("patch", "/api/notifications/preferences/", {"mail": "off"}),
        ("patch", "/api/auth/me", {"display_name": "overgenomen"}),
        ("delete", "/api/auth/me", {"password": PASSWORD}),
        ("post", "/api/auth/password", {"current_password": PASSWORD}),
        ("post", "/api/auth/token", {}),
        ("get", "/api/account/data/", None),
        ("get", "/api/tokens/", None),
        ("get", "/api/allauth/browser/v1/auth/session", None),
        ("get", "/admin/", None),  # piet is staff: the admin is refused all the same
    ]
    for method, path, data in refused:
        r = getattr(browser, method)(path, data, format="json")
        assert r.status_code == 403, (method, path)
        assert r.json()["code"] == "limited_session" and r.json()["params"] == {"game": game.pk}
        assert "Log in" in r.json()["detail"]
    assert Profile.objects.get(user=piet).display_name == "piet"


def test_a_link_opens_once(two_games):
    piet, game, _other = two_games
    token = links.game_link_token(piet, game.pk)
    assert open_link(APIClient(), token)["Location"] == f"/#/spel/{game.pk}"
    second = APIClient()
    r = open_link(second, token)  # forwarded, or read from the mail a second time
    assert r.status_code == 302 and r["Location"] == "/#/inloggen"
    assert second.get(f"/m/{token}")["Location"] == "/#/inloggen"  # not even the button
    assert second.get(f"/api/games/{game.pk}/legal/").status_code in (401, 403)
    assert second.get("/api/auth/me").status_code == 401


def test_a_link_expires_after_three_days(two_games, monkeypatch):
    piet, game, _other = two_games
    token = links.game_link_token(piet, game.pk)
    later = time.time() + links.GAME_LINK_AGE.total_seconds() + 60
    monkeypatch.setattr(signing.time, "time", lambda: later)
    r = open_link(APIClient(), token)
    assert r["Location"] == "/#/inloggen"


def test_a_new_password_kills_the_links_sent_before(two_games):
    piet, game, _other = two_games
    token = links.game_link_token(piet, game.pk)
    piet.set_password("een heel ander wachtwoord")
    piet.save()
    assert open_link(APIClient(), token)["Location"] == "/#/inloggen"


def test_a_tampered_link_opens_nothing(two_games):
    piet, game, other = two_games
    token = links.game_link_token(piet, game.pk)
    payload, rest = token.split(":", 1)
    forged = signing.b64_encode(
        signing.b64_decode(payload.lstrip(".").encode()).replace(
            str(game.pk).encode(), str(other.pk).encode()
        )
    ).decode()
    browser = APIClient()
    assert open_link(browser, f".{forged}:{rest}")["Location"] == "/#/inloggen"
    assert open_link(browser, links.unsubscribe_token(piet))["Location"] == "/#/inloggen"
    assert browser.get("/api/auth/me").status_code == 401


def test_logging_in_with_the_password_lifts_the_limit(two_games):
    piet, game, other = two_games
    browser = APIClient()
    open_link(browser, links.game_link_token(piet, game.pk))
    assert browser.get(f"/api/games/{other.pk}/").status_code == 403
    r = browser.post("/api/auth/login", {"username": "piet", "password": PASSWORD}, format="json")
    assert r.status_code == 200
    assert browser.get(f"/api/games/{other.pk}/").status_code == 200
    assert browser.get("/api/notifications/").status_code == 200


def test_me_says_which_game_a_limited_session_reaches(two_games):
    """The client learns the limit from GET /api/auth/me (its banner on the game page), and
    that a login lifted it."""
    piet, game, _other = two_games
    browser = APIClient()
    open_link(browser, links.game_link_token(piet, game.pk))
    me = browser.get("/api/auth/me").json()
    assert (me["username"], me["limited_to_game"]) == ("piet", game.pk)
    browser.post("/api/auth/login", {"username": "piet", "password": PASSWORD}, format="json")
    assert browser.get("/api/auth/me").json()["limited_to_game"] is None
    full = APIClient()
    full.force_login(piet)
    assert full.get("/api/auth/me").json()["limited_to_game"] is None


def test_a_link_in_a_full_session_of_that_player_is_left_unused(two_games):
    piet, game, _other = two_games
    token = links.game_link_token(piet, game.pk)
    mine = APIClient()
    mine.force_login(piet)
    assert open_link(mine, token)["Location"] == f"/#/spel/{game.pk}"
    assert mine.get("/api/notifications/").status_code == 200  # not limited
    assert open_link(APIClient(), token)["Location"] == f"/#/spel/{game.pk}"  # still unused


def test_a_limited_session_opens_only_its_games_socket():
    opened: list[str] = []

    async def app(scope, receive, send):
        opened.append(scope["path"])

    async def scenario(path: str) -> list[dict]:
        sent: list[dict] = []
        queue: asyncio.Queue = asyncio.Queue()
        await queue.put({"type": "websocket.connect"})
        await queue.put({"type": "websocket.disconnect", "code": 1000})  # the client goes

        async def send(message):
            sent.append(message)

        scope = {"type": "websocket", "path": path, "session": {limited.SESSION_KEY: 7}}
        guard = limited.LimitedSocketGuard(app)(scope, queue.get, send)
        await asyncio.wait_for(guard, timeout=10)
        return sent

    assert asyncio.run(scenario("/ws/games/7/")) == [] and opened == ["/ws/games/7/"]
    for path in ("/ws/games/8/", "/ws/notifications/"):
        assert asyncio.run(scenario(path))[0]["type"] == "websocket.close"
    assert opened == ["/ws/games/7/"]


def test_used_links_are_forgotten_once_they_would_have_expired(two_games):
    piet, game, _other = two_games
    now = timezone.now()
    links.open_game_link(links.game_link_token(piet, game.pk), now)
    assert links.prune_used(now + timedelta(days=1)) == 0
    assert links.prune_used(now + links.GAME_LINK_AGE + timedelta(days=2)) == 1
