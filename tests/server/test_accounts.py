"""Accounts: sign up, log in and out with session + CSRF, tokens for scripts, the profile."""

import pytest
from rest_framework.test import APIClient

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def csrf_client():
    client = APIClient(enforce_csrf_checks=True)
    assert client.get("/api/auth/csrf").status_code == 204
    return client, client.cookies["csrftoken"].value


def test_signup_creates_a_player_with_a_profile_and_logs_in():
    client, token = csrf_client()
    r = client.post(
        "/api/auth/signup",
        {"username": "anna", "password": PASSWORD, "display_name": "Anna"},
        format="json",
        HTTP_X_CSRFTOKEN=token,
    )
    assert r.status_code == 201, r.json()
    assert r.json()["display_name"] == "Anna" and r.json()["notify"] == "turn"
    assert client.get("/api/auth/me").json()["username"] == "anna"


def test_signup_refuses_weak_passwords_and_taken_names(make_user):
    make_user("anna")
    client, token = csrf_client()
    r = client.post(
        "/api/auth/signup",
        {"username": "Anna", "password": PASSWORD},
        format="json",
        HTTP_X_CSRFTOKEN=token,
    )
    assert r.status_code == 400 and "username" in r.json()["errors"]
    r = client.post(
        "/api/auth/signup",
        {"username": "bert", "password": "12345678"},
        format="json",
        HTTP_X_CSRFTOKEN=token,
    )
    assert r.status_code == 400 and "password" in r.json()["errors"]


def test_login_without_a_csrf_token_is_refused(make_user):
    make_user("anna")
    client = APIClient(enforce_csrf_checks=True)
    r = client.post("/api/auth/login", {"username": "anna", "password": PASSWORD}, format="json")
    assert r.status_code == 403 and r.json()["code"] == "csrf_failed"


def test_login_logout_with_session(make_user):
    make_user("anna")
    client, token = csrf_client()
    r = client.post(
        "/api/auth/login",
        {"username": "anna", "password": PASSWORD},
        format="json",
        HTTP_X_CSRFTOKEN=token,
    )
    assert r.status_code == 200 and r.json()["username"] == "anna"
    token = client.cookies["csrftoken"].value  # rotated at login
    assert client.get("/api/auth/me").status_code == 200
    assert client.post("/api/auth/logout", HTTP_X_CSRFTOKEN=token).status_code == 204
    assert client.get("/api/auth/me").status_code == 401


def test_wrong_password_is_refused(make_user):
    make_user("anna")
    client, token = csrf_client()
    r = client.post(
        "/api/auth/login",
        {"username": "anna", "password": "wrong"},
        format="json",
        HTTP_X_CSRFTOKEN=token,
    )
    assert r.status_code in (401, 403) and r.json()["code"] == "authentication_failed"


def test_a_session_write_needs_the_csrf_token(make_user):
    anna = make_user("anna")
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(anna)
    r = client.post("/api/games/", {"opponent": "computer"}, format="json")
    assert r.status_code == 403 and r.json()["code"] == "csrf_failed"


def test_scripts_use_a_token_without_csrf(make_user):
    make_user("bot")
    client = APIClient(enforce_csrf_checks=True)
    r = client.post("/api/auth/token", {"username": "bot", "password": PASSWORD}, format="json")
    assert r.status_code == 200
    client.credentials(HTTP_AUTHORIZATION=f"Token {r.json()['token']}")
    assert client.get("/api/auth/me").json()["username"] == "bot"
    assert client.post("/api/games/", {"opponent": "computer"}, format="json").status_code == 201


def test_profile_display_name_notification_preference_and_email(make_user, client_for):
    client = client_for(make_user("anna"))
    r = client.patch(
        "/api/auth/me",
        {"display_name": "Vrouwe Anna", "notify": "daily", "email": "anna@example.org"},
        format="json",
    )
    assert r.status_code == 200
    assert client.get("/api/auth/me").json() | {"id": 0} == {
        "id": 0,
        "username": "anna",
        "email": "anna@example.org",
        "email_verified": False,  # mail goes to it once anna opens the link mailed to it
        "email_pending": "anna@example.org",
        "display_name": "Vrouwe Anna",
        "notify": "daily",
        "language": "nl",
        "bot": False,  # a person's account (bots: POST /api/account/bot/)
        "limited_to_game": None,  # a full session (not a mail's one-click game link)
    }
    assert client.patch("/api/auth/me", {"notify": "hourly"}, format="json").status_code == 400
    assert client.patch("/api/auth/me", {"email": "no-at-sign"}, format="json").status_code == 400


def test_login_attempts_are_throttled(make_user, settings):
    make_user("anna")
    settings.DWAALHOF_THROTTLE_RATES = {"auth": "3/minute", "moves": "1000/minute"}
    client = APIClient()
    codes = [
        client.post(
            "/api/auth/token", {"username": "anna", "password": "x"}, format="json"
        ).status_code
        for _ in range(4)
    ]
    assert codes[:3] != [429] * 3 and codes[3] == 429


def test_moves_are_throttled_per_player(started_game, client_for, settings):
    settings.DWAALHOF_THROTTLE_RATES = {"auth": "1000/minute", "moves": "2/minute"}
    client = client_for(started_game.seats.get(index=0).user)
    codes = [
        client.post(
            f"/api/games/{started_game.pk}/moves/",
            {"move": {"type": "roll"}, "expected_seq": 99},
            format="json",
        ).status_code
        for _ in range(3)
    ]
    assert codes[2] == 429 and 429 not in codes[:2]


def test_a_forged_forwarded_for_header_does_not_escape_the_login_throttle(make_user, settings):
    make_user("anna")
    settings.DWAALHOF_THROTTLE_RATES = {"auth": "2/minute", "moves": "1000/minute"}
    client = APIClient()
    codes = [
        client.post(
            "/api/auth/token",
            {"username": "anna", "password": "x"},
            format="json",
            HTTP_X_FORWARDED_FOR=f"10.0.0.{i}",
        ).status_code
        for i in range(3)
    ]
    assert codes[2] == 429
