"""Account flows through allauth's headless API and /api/auth: email verification, password
reset (no account enumeration, links that expire and work once, throttled), password and
email change, deleting an account. Mails are sent by the worker, never by the request."""

from __future__ import annotations

import re
from datetime import timedelta
from urllib.parse import unquote

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core import mail
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import outbox
from accounts.models import OutgoingMail
from games.models import Game
from notifications.models import Notification
from tests.conftest import PASSWORD
from tokens.models import PersonalToken

from .factories import GameFactory, UserFactory, token_for

pytestmark = pytest.mark.django_db

AUTH = "/api/allauth/browser/v1/auth"
ACCOUNT = "/api/allauth/browser/v1/account"
NEW_PASSWORD = "Nieuw-wacht-2026?"


def run_worker_mail() -> list:
    """What the worker sends now (its outbox job), as Django's test outbox sees it."""
    before = len(mail.outbox)
    outbox.send_pending(timezone.now())
    return mail.outbox[before:]


def key_in(message, route: str) -> str:
    found = re.search(rf"/#/{route}/(\S+)", message.body)
    assert found, message.body
    return unquote(found.group(1))  # the client decodes it from its URL fragment too


def signup(client: APIClient, username: str, email: str = ""):
    r = client.post(
        "/api/auth/signup",
        {"username": username, "password": PASSWORD, "email": email},
        format="json",
    )
    assert r.status_code == 201, r.json()
    return get_user_model().objects.get(username=username)


def test_signup_mails_a_verification_link_through_the_worker_and_it_verifies():
    client = APIClient()
    signup(client, "anna", "anna@example.org")
    assert mail.outbox == []  # the request only stored it
    me = client.get("/api/auth/me").json()
    assert (me["email_verified"], me["email_pending"]) == (False, "anna@example.org")

    sent = run_worker_mail()
    assert [m.to for m in sent] == [["anna@example.org"]]
    key = key_in(sent[0], "e-mail-bevestigen")
    assert OutgoingMail.objects.get().body == ""  # the link does not linger once sent

    r = client.post(f"{AUTH}/email/verify", {"key": key}, format="json")
    assert r.status_code == 200, r.json()
    me = client.get("/api/auth/me").json()
    assert (me["email"], me["email_verified"], me["email_pending"]) == (
        "anna@example.org",
        True,
        None,
    )
    assert client.post(f"{AUTH}/email/verify", {"key": "bogus"}, format="json").status_code == 400


def test_turn_notices_are_mailed_only_to_a_verified_address(django_capture_on_commit_callbacks):
    anna = UserFactory(username="anna", email="anna@example.org", verified=False)
    bert = UserFactory(username="bert", email="bert@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        game = GameFactory(creator=anna, joiner=bert)
    states = dict(
        Notification.objects.filter(kind="your_turn").values_list("user__username", "email")
    )
    game.refresh_from_db()
    starter = game.seats.get(index=game.current_seat).user.username
    expected = "pending" if starter == "bert" else "none"
    assert states == {starter: expected}


def test_password_reset_answers_alike_for_known_and_unknown_addresses():
    UserFactory(username="anna", email="anna@example.org")
    client = APIClient()
    known = client.post(f"{AUTH}/password/request", {"email": "anna@example.org"}, format="json")
    unknown = client.post(
        f"{AUTH}/password/request", {"email": "nobody@example.org"}, format="json"
    )
    assert (known.status_code, known.json()) == (unknown.status_code, unknown.json())
    sent = run_worker_mail()
    # allauth tells the unknown address that it has no account (it is that address's owner
    # who asked); the answer to the asker is the same either way.
    links = {m.to[0]: "wachtwoord-herstellen" in m.body for m in sent}
    assert links["anna@example.org"] is True
    assert links.get("nobody@example.org", False) is False


def test_a_reset_link_sets_the_password_once():
    anna = UserFactory(username="anna", email="anna@example.org")
    token_for(anna)
    client = APIClient()
    client.post(f"{AUTH}/password/request", {"email": "anna@example.org"}, format="json")
    key = key_in(run_worker_mail()[0], "wachtwoord-herstellen")

    r = client.post(f"{AUTH}/password/reset", {"key": key, "password": NEW_PASSWORD}, format="json")
    assert r.status_code in (200, 401), r.json()  # 401: reset, and not logged in (allauth)
    anna.refresh_from_db()
    assert anna.check_password(NEW_PASSWORD)
    assert not PersonalToken.objects.filter(
        user=anna, revoked=None
    ).exists()  # a reset revokes the bot tokens

    again = APIClient().post(
        f"{AUTH}/password/reset", {"key": key, "password": "Derde-wacht-2027!"}, format="json"
    )
    assert again.status_code == 400
    anna.refresh_from_db()
    assert anna.check_password(NEW_PASSWORD)
    login = APIClient().post(
        "/api/auth/login", {"username": "anna", "password": NEW_PASSWORD}, format="json"
    )
    assert login.status_code == 200


def test_a_reset_link_expires(settings, monkeypatch):
    anna = UserFactory(username="anna", email="anna@example.org")
    client = APIClient()
    client.post(f"{AUTH}/password/request", {"email": "anna@example.org"}, format="json")
    key = key_in(run_worker_mail()[0], "wachtwoord-herstellen")
    later = PasswordResetTokenGenerator()._now() + timedelta(
        seconds=settings.PASSWORD_RESET_TIMEOUT + 60
    )
    monkeypatch.setattr(PasswordResetTokenGenerator, "_now", lambda self: later)
    r = client.post(f"{AUTH}/password/reset", {"key": key, "password": NEW_PASSWORD}, format="json")
    assert r.status_code == 400
    anna.refresh_from_db()
    assert anna.check_password(PASSWORD)


def test_reset_requests_are_throttled_per_address():
    UserFactory(username="anna", email="anna@example.org")
    client = APIClient()
    codes = [
        client.post(
            f"{AUTH}/password/request", {"email": "anna@example.org"}, format="json"
        ).status_code
        for _ in range(6)
    ]
    assert codes[:5] == [200] * 5 and codes[5] == 429
    assert len(run_worker_mail()) == 5


def test_bad_reset_input_is_a_clear_error_and_changes_nothing():
    anna = UserFactory(username="anna", email="anna@example.org")
    client = APIClient()
    r = client.post(f"{AUTH}/password/request", {"email": "no-at-sign"}, format="json")
    assert r.status_code == 400 and r.json()["errors"]
    r = client.post(
        f"{AUTH}/password/reset", {"key": "x-y", "password": NEW_PASSWORD}, format="json"
    )
    assert r.status_code == 400
    anna.refresh_from_db()
    assert anna.check_password(PASSWORD) and OutgoingMail.objects.count() == 0


def test_change_password_needs_the_current_one(client_for):
    anna = UserFactory(username="anna", email="anna@example.org")
    client = client_for(anna)
    url = f"{ACCOUNT}/password/change"
    wrong = client.post(
        url, {"current_password": "nope", "new_password": NEW_PASSWORD}, format="json"
    )
    assert wrong.status_code == 400
    r = client.post(
        url, {"current_password": PASSWORD, "new_password": NEW_PASSWORD}, format="json"
    )
    assert r.status_code == 200, r.json()
    anna.refresh_from_db()
    assert anna.check_password(NEW_PASSWORD)
    assert client.get("/api/auth/me").status_code == 200  # still logged in
    notices = run_worker_mail()
    assert [m.to for m in notices] == [["anna@example.org"]]  # "your password was changed"


def test_change_email_takes_effect_once_the_new_address_is_verified(client_for):
    anna = UserFactory(username="anna", email="anna@example.org")
    client = client_for(anna)
    r = client.post(f"{ACCOUNT}/email", {"email": "anna@new.example.org"}, format="json")
    assert r.status_code == 200, r.json()
    me = client.get("/api/auth/me").json()
    assert (me["email"], me["email_verified"], me["email_pending"]) == (
        "anna@example.org",
        True,
        "anna@new.example.org",
    )
    sent = {m.to[0]: m for m in run_worker_mail()}
    key = key_in(sent["anna@new.example.org"], "e-mail-bevestigen")
    assert client.post(f"{AUTH}/email/verify", {"key": key}, format="json").status_code == 200
    me = client.get("/api/auth/me").json()
    assert (me["email"], me["email_verified"], me["email_pending"]) == (
        "anna@new.example.org",
        True,
        None,
    )


def test_patch_me_email_goes_through_verification_too(client_for):
    anna = UserFactory(username="anna", email="anna@example.org")
    client = client_for(anna)
    client.patch("/api/auth/me", {"email": "anna@new.example.org"}, format="json")
    assert client.get("/api/auth/me").json()["email"] == "anna@example.org"
    sent = {m.to[0]: m for m in run_worker_mail()}
    key = key_in(sent["anna@new.example.org"], "e-mail-bevestigen")
    client.post(f"{AUTH}/email/verify", {"key": key}, format="json")
    assert client.get("/api/auth/me").json()["email"] == "anna@new.example.org"
    client.patch("/api/auth/me", {"email": ""}, format="json")
    me = client.get("/api/auth/me").json()
    assert (me["email"], me["email_verified"], me["email_pending"]) == ("", False, None)


def test_deleting_an_account_keeps_its_games_under_a_blank_name(client_for):
    anna = UserFactory(username="anna", email="anna@example.org")
    bert = UserFactory(username="bert", email="bert@example.org")
    token_for(anna)
    running = GameFactory(creator=anna, joiner=bert)
    waiting = GameFactory(creator=anna, opponent="open")
    client = client_for(anna)

    r = client.delete("/api/auth/me", {"password": "wrong"}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "invalid"
    assert get_user_model().objects.get(pk=anna.pk).is_active

    assert client.delete("/api/auth/me", {"password": PASSWORD}, format="json").status_code == 204
    assert client.get("/api/auth/me").status_code in (401, 403)
    assert not Game.objects.filter(pk=waiting.pk).exists()  # nobody had joined: cancelled
    running.refresh_from_db()
    assert running.status == "finished" and running.result["reason"] == "resign"
    seen_by_bert = client_for(bert).get(f"/api/games/{running.pk}/").json()
    names = [p["display_name"] for p in seen_by_bert["players"]]
    assert "verwijderde speler" in names and "anna" not in str(seen_by_bert["players"])
    login = APIClient().post(
        "/api/auth/login", {"username": "anna", "password": PASSWORD}, format="json"
    )
    assert login.status_code in (401, 403)
    assert not PersonalToken.objects.filter(user=anna, revoked=None).exists()
    assert not EmailAddress.objects.filter(email="anna@example.org").exists()


# --- allauth's own mails in the recipient's language ----------------------------------------


@pytest.mark.parametrize(
    ("accept", "subject"),
    [("en-GB,en;q=0.9", "Please Confirm Your Email Address"), ("nl", "Bevestig je e-mailadres")],
)
def test_the_verification_mail_is_in_the_language_of_the_signup(accept, subject):
    r = APIClient().post(
        "/api/auth/signup",
        {"username": "anna", "password": PASSWORD, "email": "anna@example.org"},
        format="json",
        HTTP_ACCEPT_LANGUAGE=accept,
    )
    assert r.status_code == 201, r.json()
    (sent,) = run_worker_mail()
    assert subject in sent.subject
    assert "/#/e-mail-bevestigen/" in sent.body  # the link works in either language


@pytest.mark.parametrize(
    ("profile", "accept", "subject"),
    [
        ("en", "nl", "Password Reset Email"),  # the recipient's profile wins over the asker's
        ("nl", "en", "Nieuw wachtwoord"),
        ("", "en", "Password Reset Email"),  # no choice made: the request's language
        ("", "nl", "Nieuw wachtwoord"),
    ],
)
def test_the_password_reset_mail_is_in_the_recipients_language(profile, accept, subject):
    UserFactory(username="anna", email="anna@example.org", language=profile)
    r = APIClient().post(
        f"{AUTH}/password/request",
        {"email": "anna@example.org"},
        format="json",
        HTTP_ACCEPT_LANGUAGE=accept,
    )
    assert r.status_code == 200, r.json()
    (sent,) = run_worker_mail()
    assert subject in sent.subject
    assert "/#/wachtwoord-herstellen/" in sent.body
