"""Rate limits per personal access token (dwaalhof_site.api.throttles.TokenThrottle, asked by
tokens.auth): a burst, then 429 `token_rate_limited` with Retry-After and nothing changed;
the bucket refills with time; each token has its own bucket (not each player); writes have
a tighter bucket of their own; the session's web client is not limited."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from dwaalhof_site.api import throttles
from games.models import Game
from notifications.models import Notification

from .factories import GameFactory, token_for

pytestmark = pytest.mark.django_db


def with_token(secret: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    return client


@pytest.fixture
def rates(settings):
    """set(read, write): the token buckets' rates for this test (the server tests' default
    has none: every other test may call as often as it likes)."""

    def set_rates(read: str | None = None, write: str | None = None) -> None:
        settings.DWAALHOF_THROTTLE_RATES = {
            **settings.DWAALHOF_THROTTLE_RATES,
            "token_read": read,
            "token_write": write,
        }

    return set_rates


@pytest.fixture
def clock(monkeypatch):
    """The throttle's clock, moved by hand."""
    now = [1_000_000.0]
    monkeypatch.setattr(throttles.TokenThrottle, "timer", lambda self: now[0])
    return now


def test_a_burst_then_429_with_retry_after_then_the_bucket_refills(make_user, rates, clock):
    rates(read="60/minute burst 3")  # one a second, three at once
    client = with_token(token_for(make_user("anna")))
    assert [client.get("/api/auth/me").status_code for _ in range(3)] == [200, 200, 200]
    r = client.get("/api/auth/me")
    assert r.status_code == 429
    assert r["Retry-After"] == "1"
    body = r.json()
    assert (body["code"], body["params"]) == (
        "token_rate_limited",
        {"kind": "read", "retry_after": 1},
    )
    assert "1" in body["detail"] and "token" in body["detail"]
    clock[0] += 1.0
    assert client.get("/api/auth/me").status_code == 200
    assert client.get("/api/auth/me").status_code == 429
    clock[0] += 10.0  # unused time fills the bucket, up to the burst
    assert [client.get("/api/auth/me").status_code for _ in range(4)] == [200, 200, 200, 429]


def test_retry_after_says_how_long_the_bucket_takes(make_user, rates, clock):
    rates(read="6/minute burst 1")  # one every 10 seconds
    client = with_token(token_for(make_user("anna")))
    assert client.get("/api/auth/me").status_code == 200
    clock[0] += 3.0
    r = client.get("/api/auth/me")
    assert (r.status_code, r["Retry-After"], r.json()["params"]["retry_after"]) == (429, "7", 7)


def test_the_answer_is_in_the_requests_language(make_user, rates, clock):
    """As the token's other refusals (scope_missing): the request's Accept-Language."""
    rates(read="60/minute burst 1")
    client = with_token(token_for(make_user("anna")))
    client.get("/api/auth/me")
    r = client.get("/api/auth/me", HTTP_ACCEPT_LANGUAGE="en")
    assert r.json()["detail"] == "Too many requests with this token. Try again in 1 seconds."


def test_each_token_has_its_own_bucket_not_each_player(make_user, rates, clock):
    rates(read="60/minute burst 2")
    anna = make_user("anna")
    first, second = with_token(token_for(anna)), with_token(token_for(anna))
    assert [first.get("/api/auth/me").status_code for _ in range(3)] == [200, 200, 429]
    assert [second.get("/api/auth/me").status_code for _ in range(3)] == [200, 200, 429]


def test_the_session_web_client_is_not_limited(make_user, rates, client_for, clock):
    rates(read="60/minute burst 1", write="60/minute burst 1")
    anna = make_user("anna")
    session = client_for(anna)
    assert {session.get("/api/auth/me").status_code for _ in range(10)} == {200}
    assert {
        session.post("/api/notifications/read/", {}, format="json").status_code for _ in range(5)
    } == {200}


def test_writes_have_their_own_tighter_bucket_and_a_refused_move_changes_nothing(
    make_user, rates, clock
):
    rates(read="60/minute burst 5", write="60/minute burst 1")
    anna, bert = make_user("anna"), make_user("bert")
    game = GameFactory(creator=anna, joiner=bert)
    mover = anna if game.current_seat == 0 else bert
    client = with_token(token_for(mover))
    Notification.objects.create(user=mover, kind="your_turn", game=game)
    assert client.post("/api/notifications/read/", {}, format="json").status_code == 200
    legal = client.get(f"/api/games/{game.pk}/legal/").json()
    move = legal["moves"][0] if "moves" in legal else legal[0]
    r = client.post(f"/api/games/{game.pk}/moves/", {"move": move, "seq": game.seq}, format="json")
    assert (r.status_code, r.json()["code"], r.json()["params"]["kind"]) == (
        429,
        "token_rate_limited",
        "write",
    )
    assert Game.objects.get(pk=game.pk).seq == game.seq
    r = client.post("/api/games/", {"opponent": "computer"}, format="json")
    assert r.status_code == 429 and Game.objects.count() == 1
    # the reads' bucket is its own: still open while the writes' is empty
    assert [client.get("/api/auth/me").status_code for _ in range(4)] == [200] * 4


def test_the_default_write_limit_is_tighter_than_the_read_limit(make_user, settings, clock):
    """As deployed (the settings' defaults): 30 writes at once, 60 reads."""
    from dwaalhof_site import settings as site_settings

    # the module's values (the fixtures change django.conf.settings, not the module)
    defaults = site_settings.DWAALHOF_THROTTLE_RATES
    settings.DWAALHOF_THROTTLE_RATES = {
        "token_read": defaults["token_read"],
        "token_write": defaults["token_write"],
    }
    client = with_token(token_for(make_user("anna")))
    writes = [
        client.post("/api/notifications/read/", {}, format="json").status_code for _ in range(31)
    ]
    assert writes == [200] * 30 + [429]
    reads = [client.get("/api/notifications/unread/").status_code for _ in range(61)]
    assert reads == [200] * 60 + [429]


def test_a_request_refused_for_its_scope_takes_no_place(make_user, rates, clock):
    rates(read="60/minute burst 2")
    from tokens import scopes

    client = with_token(token_for(make_user("anna"), [scopes.GAME_READ]))
    for _ in range(5):
        assert client.get("/api/auth/me").json()["code"] == "scope_missing"
    assert [client.get("/api/games/").status_code for _ in range(3)] == [200, 200, 429]


@pytest.mark.redis
def test_on_redis_the_bucket_is_one_for_every_web_process(
    make_user, rates, clock, settings, on_redis
):
    """As in production (REDIS_URL): the bucket lives in Redis under the token's id, where
    every web process reads it, not in the process."""
    prefix = settings.CACHES["default"]["KEY_PREFIX"]
    rates(read="60/minute burst 2")
    anna = make_user("anna")
    client = with_token(token_for(anna))
    token_id = anna.personal_tokens.get().pk
    assert [client.get("/api/auth/me").status_code for _ in range(2)] == [200, 200]
    assert on_redis.keys(f"{prefix}:*") == [f"{prefix}:1:limit:token_read:{token_id}".encode()]
    assert client.get("/api/auth/me").status_code == 429
