"""Personal access tokens (tokens/): made with a name and scopes, shown once, stored hashed,
listed with their last use, revoked; every API endpoint checks its scope (one table,
tokens.scopes); today's POST /api/auth/token keeps working, and its old plain keys are
migrated to hashed tokens."""

from __future__ import annotations

import importlib
import re
from datetime import timedelta

import pytest
from django.apps import apps
from django.db import connection
from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.utils import timezone
from rest_framework.test import APIClient

from games.models import Game
from tests.conftest import PASSWORD
from tokens import scopes, services
from tokens.models import PersonalToken

from .factories import GameFactory, token_for

pytestmark = pytest.mark.django_db


def with_token(secret: str) -> APIClient:
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    return client


def api_operations(client_for, user) -> list[tuple[str, str]]:
    """Every (method, path template) of the site's API schema."""
    schema = client_for(user).get("/api/schema/?format=json").json()
    methods = {"get", "post", "patch", "put", "delete"}
    return [(m.upper(), path) for path, ops in schema["paths"].items() for m in ops if m in methods]


def concrete(path: str, game: Game) -> str:
    return (
        path.replace("{game_id}", str(game.pk))
        .replace("{username}", "anna")
        .replace("{code}", game.invite_code or "x")
        .replace("{token_id}", "1")
        .replace("{device_id}", "1")
        .replace("{challenge_id}", "1")
    )


def call(client: APIClient, method: str, path: str):
    return getattr(client, method.lower())(path, {}, format="json")


def test_every_api_endpoint_is_in_the_scope_table_or_closed_to_tokens_on_purpose():
    """An endpoint added without a thought for tokens is closed to them (session only):
    this lists those, so closing one is a decision, not an accident."""
    names: set[str] = set()

    def walk(resolver: URLResolver, prefix: str) -> None:
        for entry in resolver.url_patterns:
            if isinstance(entry, URLResolver):
                walk(entry, prefix + str(entry.pattern))
            elif isinstance(entry, URLPattern) and (prefix + str(entry.pattern)).startswith("api/"):
                if not (prefix + str(entry.pattern)).startswith("api/allauth/"):
                    names.add(entry.name)

    walk(get_resolver(), "")
    closed_on_purpose = {
        "auth-signup": "a token cannot make accounts",
        "auth-login": "a session login",
        "auth-logout": "ends a session",
        "auth-token": "a password login (reads no token)",
        "auth-password": "a token cannot change the password",
        "account-data": "the whole account's data (chat, games, mails' address): a session download",
        "token-list": "a token cannot make or list tokens",
        "token-detail": "a token cannot revoke tokens",
        "mail-unsubscribe": "a mail's signed one-click unsubscribe: its own token, no login",
    }
    assert names - set(scopes.ENDPOINTS) == set(closed_on_purpose)
    assert set(scopes.ENDPOINTS) <= names, "the table names endpoints that do not exist"


def test_each_endpoint_refuses_a_token_without_its_scope_and_admits_one_with_it(
    client_for, make_user
):
    """The table test: each operation of the schema against each scope."""
    anna, bert = make_user("anna"), make_user("bert")
    game = GameFactory(creator=anna, joiner=bert)
    only = {scope: token_for(anna, [scope]) for scope in scopes.ALL}
    checked = 0
    for method, template in api_operations(client_for, anna):
        if template == "/api/auth/token":
            continue  # reads no token: a password login
        path = concrete(template, game)
        need = scopes.needed(resolve(re.sub(r"\{[^}]+\}", "1", template)).url_name, method)
        for scope, secret in only.items():
            r = call(with_token(secret), method, path)
            body = r.json() if r.content else None
            code = body.get("code") if isinstance(body, dict) else None
            if need is scopes.CLOSED:
                assert (r.status_code, code) == (403, "token_not_allowed"), (method, path)
            elif need is None or need == scope:
                assert code not in ("scope_missing", "token_not_allowed"), (method, path, scope)
            else:
                assert (r.status_code, code) == (403, "scope_missing"), (method, path, scope)
                assert r.json()["params"] == {"scope": need}
            checked += 1
    assert checked >= 35 * len(scopes.ALL)  # the whole API, not an empty schema


def test_a_read_token_cannot_move_and_changes_nothing(make_user):
    anna, bert = make_user("anna"), make_user("bert")
    game = GameFactory(creator=anna, joiner=bert)
    mover = anna if game.current_seat == 0 else bert
    reader = with_token(token_for(mover, [scopes.GAME_READ]))
    legal = reader.get(f"/api/games/{game.pk}/legal/").json()
    move = legal["moves"][0] if "moves" in legal else legal[0]
    r = reader.post(f"/api/games/{game.pk}/moves/", {"move": move, "seq": game.seq}, format="json")
    assert r.status_code == 403 and r.json()["code"] == "scope_missing"
    assert "game:play" in r.json()["detail"]
    assert Game.objects.get(pk=game.pk).seq == game.seq


def test_a_token_is_shown_once_and_stored_only_as_its_hash(client_for, make_user):
    anna = make_user("anna")
    client = client_for(anna)
    r = client.post("/api/tokens/", {"name": "my bot", "scopes": ["game:read"]}, format="json")
    assert r.status_code == 201
    secret = r.json()["token"]
    assert secret.startswith("dwh_") and len(secret) > 40
    stored = PersonalToken.objects.get(user=anna, name="my bot")
    row = {f.name: getattr(stored, f.name) for f in PersonalToken._meta.fields}
    assert secret not in str(row) and stored.digest == services.digest(secret)
    listed = client.get("/api/tokens/").json()
    assert [t["name"] for t in listed["tokens"]] == ["my bot"]
    assert secret not in str(listed) and "token" not in listed["tokens"][0]
    assert set(listed["scopes"]) == set(scopes.ALL)
    assert with_token(secret).get("/api/games/").status_code == 200


def test_a_token_records_its_last_use_at_most_once_a_minute(make_user):
    anna = make_user("anna")
    secret = token_for(anna)
    assert PersonalToken.objects.get(user=anna).last_used is None
    with_token(secret).get("/api/auth/me")
    first = PersonalToken.objects.get(user=anna).last_used
    assert first is not None
    with_token(secret).get("/api/auth/me")
    assert PersonalToken.objects.get(user=anna).last_used == first
    PersonalToken.objects.filter(user=anna).update(last_used=first - timedelta(minutes=2))
    with_token(secret).get("/api/auth/me")
    assert PersonalToken.objects.get(user=anna).last_used > first - timedelta(minutes=1)


def test_a_revoked_token_is_refused_and_only_its_owner_can_revoke_it(client_for, make_user):
    anna, bert = make_user("anna"), make_user("bert")
    secret = token_for(anna)
    token = PersonalToken.objects.get(user=anna)
    r = client_for(bert).delete(f"/api/tokens/{token.pk}/")
    assert r.status_code == 404 and r.json()["code"] == "not_found"
    assert with_token(secret).get("/api/auth/me").status_code == 200
    assert client_for(anna).delete(f"/api/tokens/{token.pk}/").status_code == 204
    r = with_token(secret).get("/api/auth/me")
    assert r.status_code == 401 and r.json()["code"] == "authentication_failed"
    assert client_for(anna).get("/api/tokens/").json()["tokens"] == []
    assert client_for(anna).delete(f"/api/tokens/{token.pk}/").status_code == 404


def test_a_token_cannot_make_list_or_revoke_tokens(make_user):
    anna = make_user("anna")
    secret = token_for(anna)
    client = with_token(secret)
    for method, path in (("GET", "/api/tokens/"), ("POST", "/api/tokens/")):
        r = call(client, method, path)
        assert (r.status_code, r.json()["code"]) == (403, "token_not_allowed")
    token = PersonalToken.objects.get(user=anna)
    r = client.delete(f"/api/tokens/{token.pk}/")
    assert r.status_code == 403
    assert PersonalToken.objects.get(pk=token.pk).revoked is None


def test_bad_token_requests_are_refused_clearly(client_for, make_user):
    anna = make_user("anna")
    client = client_for(anna)
    for body in (
        {"name": "x", "scopes": ["game:cheat"]},
        {"name": "x", "scopes": []},
        {"name": "", "scopes": ["game:read"]},
        {"name": "x" * 61, "scopes": ["game:read"]},
    ):
        r = client.post("/api/tokens/", body, format="json")
        assert r.status_code == 400 and r.json()["code"] == "invalid", body
    assert not PersonalToken.objects.exists()
    r = APIClient().get("/api/tokens/")
    assert r.status_code in (401, 403)


def test_the_password_token_endpoint_still_works_with_every_scope(make_user):
    make_user("anna")
    login = {"username": "anna", "password": PASSWORD}
    first = APIClient().post("/api/auth/token", login, format="json").json()["token"]
    second = APIClient().post("/api/auth/token", login, format="json").json()["token"]
    assert first != second  # only hashes are kept: a new one each time
    for secret in (first, second):
        assert with_token(secret).get("/api/auth/me").status_code == 200
    token = PersonalToken.objects.filter(from_password=True).first()
    assert token is not None and tuple(token.scopes) == scopes.ALL


def test_password_logins_keep_at_most_twenty_tokens(make_user):
    anna = make_user("anna")
    made = [services.issue(anna, "auth/token", from_password=True) for _ in range(22)]
    live = PersonalToken.objects.filter(user=anna, revoked=None)
    assert live.count() == services.MAX_FROM_PASSWORD
    named = services.issue(anna, "my bot", [scopes.GAME_READ])[1]
    assert with_token(named).get("/api/games/").status_code == 200  # never trimmed
    assert with_token(made[-1][1]).get("/api/games/").status_code == 200


def test_no_token_reaches_the_admin(make_user):
    from django.contrib import admin

    staff = make_user("beheer", is_staff=True, is_superuser=True)
    secret = token_for(staff)
    r = with_token(secret).get("/admin/")
    assert r.status_code == 302 and "/admin/login/" in r["Location"]
    registered = {model._meta.label for model in admin.site._registry}
    assert "tokens.PersonalToken" not in registered
    assert not any(label.startswith("authtoken.") for label in registered)


def test_old_plain_keys_become_hashed_tokens_that_still_work(make_user):
    """The data migration tokens 0002: DRF's plain keys (a table an earlier version left)
    become hashed tokens with every scope, and the plain keys are deleted."""
    anna = make_user("anna")
    key = "0123456789abcdef0123456789abcdef01234567"
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, created timestamp "
            "with time zone NOT NULL, user_id integer NOT NULL)"
        )
        cursor.execute(
            "INSERT INTO authtoken_token VALUES (%s, %s, %s)", [key, timezone.now(), anna.pk]
        )
    migration = importlib.import_module("tokens.migrations.0002_legacy_tokens")

    class Editor:
        pass

    editor = Editor()
    editor.connection = connection  # type: ignore[attr-defined]
    migration.hash_legacy_keys(apps, editor)
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM authtoken_token")
        assert cursor.fetchone()[0] == 0
        cursor.execute("DROP TABLE authtoken_token")
    token = PersonalToken.objects.get(user=anna)
    # every scope there was when the plain keys were replaced (later ones are asked for)
    assert key not in str(token.__dict__) and tuple(token.scopes) == scopes.ALL[:4]
    assert with_token(key).get("/api/auth/me").json()["username"] == "anna"
