"""Password guessing (staffguard.login_limits on django-axes): failures are limited per
account name and per address, each lockout lasts longer than the one before, an unknown
name answers exactly as a known one with a wrong password, and the owner hears of a lockout
once. The refusal is 429 with Retry-After and the JSON error `login_locked`."""

from __future__ import annotations

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import OutgoingMail
from staffguard.models import LoginLockout
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

ACCOUNT_LIMIT, ADDRESS_LIMIT, BASE = 3, 5, 60


@pytest.fixture(autouse=True)
def limits(settings, test_clock, monkeypatch):
    settings.DWAALHOF_LOGIN_LIMITS = {
        "account": ACCOUNT_LIMIT,
        "address": ADDRESS_LIMIT,
        "base_seconds": BASE,
        "max_seconds": 8 * BASE,
        "memory_hours": 24,
    }
    # axes asks the time through its own imports of timezone.now: the same test clock.
    monkeypatch.setattr("axes.handlers.proxy.now", test_clock)
    monkeypatch.setattr("axes.attempts.now", test_clock)
    return test_clock


def login(username, password, address="10.0.0.1", path="/api/auth/login", **headers):
    return APIClient().post(
        path,
        {"username": username, "password": password},
        format="json",
        REMOTE_ADDR=address,
        **headers,
    )


def fail(username, times, *, addresses=None, start=1):
    answers = []
    for i in range(times):
        address = addresses(i) if addresses else f"10.0.{start + i}.1"
        answers.append(login(username, "not-the-password", address))
    return answers


def test_failures_on_one_account_from_many_addresses_lock_that_account(make_user):
    make_user("anna")
    answers = fail("anna", ACCOUNT_LIMIT - 1)  # every try from another address
    assert [r.status_code for r in answers] == [401] * (ACCOUNT_LIMIT - 1)
    locking = login("anna", "not-the-password", "10.9.9.9")
    assert locking.status_code == 429
    r = login("anna", PASSWORD, "10.8.8.8")  # the right password, from a fresh address
    assert r.status_code == 429
    body = r.json()
    assert body["code"] == "login_locked" and body["retry_after"] == BASE
    assert body["params"] == {"retry_after": BASE, "minutes": 1}
    assert r["Retry-After"] == str(BASE)
    assert "Te veel mislukte pogingen" in body["detail"]
    assert login("Anna", PASSWORD, "10.7.7.7").status_code == 429  # any case of the name
    assert login("bert-does-not-exist", "x", "10.8.8.8").status_code == 401  # others may try


def test_the_lock_ends_and_the_next_one_lasts_twice_as_long(make_user, limits):
    make_user("anna")
    fail("anna", ACCOUNT_LIMIT)
    assert login("anna", PASSWORD, "10.8.8.8")["Retry-After"] == str(BASE)
    limits.tick(BASE - 1)
    assert login("anna", PASSWORD, "10.8.8.8").status_code == 429
    limits.tick(1)
    assert login("anna", PASSWORD, "10.8.8.8").status_code == 200  # the lock has ended
    fail("anna", ACCOUNT_LIMIT, start=100)
    r = login("anna", PASSWORD, "10.8.8.8")
    assert r.status_code == 429 and r["Retry-After"] == str(2 * BASE)
    limits.tick(2 * BASE)
    assert login("anna", PASSWORD, "10.8.8.8").status_code == 200
    fail("anna", ACCOUNT_LIMIT, start=200)
    assert login("anna", PASSWORD, "10.8.8.8")["Retry-After"] == str(4 * BASE)
    assert (
        list(
            LoginLockout.objects.filter(kind="account").order_by("id").values_list("key", flat=True)
        )
        == ["anna"] * 3
    )


def test_failures_from_one_address_over_many_accounts_lock_the_address(make_user):
    make_user("anna")
    answers = [login(f"name{i}", "guess", "10.5.5.5") for i in range(ADDRESS_LIMIT - 1)]
    assert {r.status_code for r in answers} == {401}
    assert login("name-last", "guess", "10.5.5.5").status_code == 429
    r = login("anna", PASSWORD, "10.5.5.5")  # even a right password, from that address
    assert r.status_code == 429 and r.json()["code"] == "login_locked"
    assert login("anna", PASSWORD, "10.6.6.6").status_code == 200  # anna elsewhere: fine
    assert LoginLockout.objects.get().kind == "address"


def test_the_token_endpoint_and_allauths_login_are_limited_too(make_user):
    make_user("anna")
    fail("anna", ACCOUNT_LIMIT)
    r = login("anna", PASSWORD, "10.8.8.8", path="/api/auth/token")
    assert r.status_code == 429 and r.json()["code"] == "login_locked"
    r = login("anna", PASSWORD, "10.8.8.8", path="/api/allauth/browser/v1/auth/login")
    assert r.status_code == 429 and r.json()["code"] == "login_locked"
    assert r["Retry-After"] == str(BASE)


def test_an_unknown_name_answers_exactly_as_a_wrong_password(make_user, settings):
    """Same status, same body, and the same password hashing: one hash per backend, for a
    name that exists and for one that does not (no shortcut that a stopwatch could see)."""
    make_user("anna")
    settings.PASSWORD_HASHERS = ["tests.server.test_login_limits.CountingHasher"]
    make_user("bert")  # a password hashed with the counting hasher
    CountingHasher.calls = 0
    known = login("bert", "not-the-password", "10.1.1.1")
    known_hashes, CountingHasher.calls = CountingHasher.calls, 0
    unknown = login("nobody-here", "not-the-password", "10.1.1.2")
    unknown_hashes = CountingHasher.calls
    assert known.status_code == unknown.status_code == 401
    assert known.content == unknown.content
    assert known_hashes == unknown_hashes == 2  # Django's backend and allauth's, once each
    # and locked the same way, with the same answer
    fail("bert", ACCOUNT_LIMIT, start=10)
    fail("nobody-here", ACCOUNT_LIMIT, start=20)
    CountingHasher.calls = 0
    locked_known = login("bert", "x", "10.3.3.3")
    locked_unknown = login("nobody-here", "x", "10.3.3.4")
    assert locked_known.status_code == locked_unknown.status_code == 429
    assert locked_known.content == locked_unknown.content
    assert CountingHasher.calls == 0  # a locked login checks no password at all


class CountingHasher(MD5PasswordHasher):
    calls = 0

    def encode(self, password, salt):
        type(self).calls += 1
        return super().encode(password, salt)


def test_the_owner_is_told_once_per_lockout_not_per_attempt(make_user, limits):
    make_user("anna", email="anna@example.org", language="en")
    fail("anna", ACCOUNT_LIMIT)
    fail("anna", 4, start=50)  # refused while locked: no new notice
    mails = list(OutgoingMail.objects.filter(to="anna@example.org"))
    assert len(mails) == 1
    assert mails[0].subject == "Dwaalhof: Failed attempts to log in"
    assert "tried 3 times to log in to your Dwaalhof account anna" in mails[0].body
    assert "/#/wachtwoord-vergeten" in mails[0].body
    limits.tick(BASE)
    fail("anna", ACCOUNT_LIMIT, start=100)  # a second lockout: a second notice
    assert OutgoingMail.objects.filter(to="anna@example.org").count() == 2


def test_the_notice_is_in_the_owners_language_and_only_to_a_verified_address(make_user):
    make_user("anna", email="anna@example.org", language="nl")
    make_user("bert", email="bert@example.org", verified=False)
    fail("anna", ACCOUNT_LIMIT)
    fail("bert", ACCOUNT_LIMIT, start=20)
    fail("nobody-here", ACCOUNT_LIMIT, start=40)
    (mail,) = OutgoingMail.objects.all()
    assert mail.to == "anna@example.org"
    assert mail.subject == "Dwaalhof: Mislukte pogingen om in te loggen"
    assert "3 keer geprobeerd" in mail.body
    assert LoginLockout.objects.filter(kind="account").count() == 3  # all three locked


def test_the_lockout_answer_is_in_the_requests_language(make_user):
    fail("anna", ACCOUNT_LIMIT)
    r = login("anna", "x", "10.8.8.8", HTTP_ACCEPT_LANGUAGE="en")
    assert r.json()["detail"] == "Too many failed attempts to log in. Try again in 1 minutes."


def test_the_admin_login_is_limited_with_a_clear_message(make_user):
    sofie = make_user("sofie")
    sofie.is_staff = True
    sofie.save()
    client = Client()
    for i in range(ACCOUNT_LIMIT):
        r = client.post(
            "/admin/login/",
            {"username": "sofie", "password": "wrong", "otp_token": "123456"},
            REMOTE_ADDR=f"10.0.{i}.9",
        )
    assert r.status_code == 429 and "Too many failed logins" in r.content.decode()
    r = client.post(
        "/admin/login/",
        {"username": "sofie", "password": PASSWORD, "otp_token": "123456"},
        REMOTE_ADDR="10.9.0.9",
    )
    assert r.status_code == 429 and r["Retry-After"] == str(BASE)
    assert "Try again in 1 minute(s)" in r.content.decode()
    assert client.get("/admin/").status_code == 302


def test_a_failed_admin_login_keeps_neither_the_password_nor_the_code(make_user):
    from axes.models import AccessAttempt

    Client().post(
        "/admin/login/",
        {"username": "sofie", "password": "secret-guess", "otp_token": "abcdefgh"},
        REMOTE_ADDR="10.0.0.9",
    )
    (attempt,) = AccessAttempt.objects.all()
    assert attempt.username == "sofie"
    assert "secret-guess" not in attempt.post_data and "abcdefgh" not in attempt.post_data


def test_lockouts_are_listed_read_only_in_the_admin(admin_client):
    fail("anna", ACCOUNT_LIMIT)
    page = admin_client.get("/admin/staffguard/loginlockout/").content.decode()
    assert "anna" in page and "account" in page
    assert admin_client.get("/admin/staffguard/loginlockout/add/").status_code == 403
