"""Issue 28: the account page's password change says what went wrong (a wrong current
password, two different new ones), and a friend who opens an invitation before signing up
sees who invites, and nothing hidden."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.conftest import PASSWORD

from .factories import UserFactory
from .test_account_flows import run_worker_mail

pytestmark = pytest.mark.django_db

URL = "/api/auth/password"
NEW = "Nieuw-wacht-2026?"


def change(client, current, new, again):
    return client.post(
        URL,
        {"current_password": current, "new_password": new, "new_password2": again},
        format="json",
    )


def test_a_wrong_current_password_says_it_is_wrong_and_changes_nothing(client_for):
    anna = UserFactory(username="anna")
    r = change(client_for(anna), "niet-mijn-wachtwoord", NEW, NEW)
    assert r.status_code == 400
    body = r.json()
    assert "current_password" in str(body) and "klopt niet" in str(body), body
    anna.refresh_from_db()
    assert anna.check_password(PASSWORD)


def test_the_new_password_must_be_typed_twice_the_same(client_for):
    anna = UserFactory(username="anna")
    r = change(client_for(anna), PASSWORD, NEW, NEW + "x")
    assert r.status_code == 400 and "new_password2" in str(r.json())
    missing = client_for(anna).post(
        URL, {"current_password": PASSWORD, "new_password": NEW}, format="json"
    )
    assert missing.status_code == 400
    anna.refresh_from_db()
    assert anna.check_password(PASSWORD)


def test_a_weak_new_password_is_refused_by_the_validators(client_for):
    anna = UserFactory(username="anna")
    r = change(client_for(anna), PASSWORD, "12345678", "12345678")
    assert r.status_code == 400 and "new_password" in str(r.json())
    anna.refresh_from_db()
    assert anna.check_password(PASSWORD)


def test_a_good_change_keeps_me_logged_in_and_tells_my_address(client_for):
    anna = UserFactory(username="anna", email="anna@example.org")
    client = client_for(anna)
    r = change(client, PASSWORD, NEW, NEW)
    assert r.status_code == 204
    anna.refresh_from_db()
    assert anna.check_password(NEW)
    assert client.get("/api/auth/me").status_code == 200
    assert [m.to for m in run_worker_mail()] == [["anna@example.org"]]


def test_the_password_change_needs_a_login():
    r = APIClient().post(
        URL, {"current_password": "x", "new_password": NEW, "new_password2": NEW}, format="json"
    )
    assert r.status_code in (401, 403)


def test_a_visitor_with_the_invitation_sees_who_invites_and_nothing_hidden(client_for):
    anna = UserFactory(username="anna")
    game = client_for(anna).post("/api/games/", {"opponent": "invite"}, format="json").json()
    code = game["invite_code"]
    visitor = APIClient()
    r = visitor.get(f"/api/games/invite/{code}/")
    assert r.status_code == 200
    seen = r.json()
    assert [p["username"] for p in seen["players"]] == ["anna"]
    assert seen["your_seat"] is None
    assert seen["invite_code"] is None and seen["invite_url"] is None
    assert "state" not in seen and seen["seed"] is None
    # taking the seat still needs an account
    assert visitor.post(f"/api/games/invite/{code}/join/").status_code in (401, 403)
    assert visitor.get("/api/games/invite/nope/").status_code == 404
