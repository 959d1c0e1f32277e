"""The rate limits' counters (dwaalhof_site.api.limits): a request passes all its limits in one
round trip to Redis (a move by token: the token's bucket and the move throttle, which were
four), with the same answers as the limits checked one by one, on Redis as in memory."""

from __future__ import annotations

import pytest
import redis
from django.core.cache import caches
from rest_framework.test import APIClient

from dwaalhof_site.api import throttles
from dwaalhof_site.api.limits import Bucket, Refusal, Window, claim
from games.models import Game

from .factories import GameFactory, token_for

pytestmark = pytest.mark.django_db


def play(cache) -> list[Refusal | None]:
    """A bucket of 2 refilled at one a second, then a window of 3 per 10 seconds."""
    limits = [Bucket("b", burst=2, per_second=1.0), Window("w", number=3, duration=10)]
    return [claim(cache, limits, now) for now in (0.0, 0.0, 0.0, 1.0, 3.0, 10.5)]


EXPECTED = [
    None,
    None,
    Refusal(0, 1.0),  # the bucket is empty: the window is not asked (nor taken)
    None,
    Refusal(1, 7.0),  # three in the window since 0.0; the bucket's place is taken
    None,  # the two at 0.0 have left the window
]


def test_limits_in_memory_take_places_in_order_and_stop_at_the_first_refusal():
    caches["default"].clear()
    assert play(caches["default"]) == EXPECTED


@pytest.mark.redis
def test_limits_on_redis_answer_the_same_in_one_round_trip(on_redis, monkeypatch):
    # Redis learns the script at its first use (a SCRIPT LOAD, once per server start)
    claim(caches["default"], [Window("first", number=1, duration=1)], 0.0)
    commands = count_commands(monkeypatch)
    assert play(caches["default"]) == EXPECTED
    assert commands == ["EVALSHA"] * len(EXPECTED)


def count_commands(monkeypatch) -> list[str]:
    """The name of every command this process sends to Redis from here on."""
    sent: list[str] = []
    real = redis.Redis.execute_command

    def counting(self, *args, **options):
        sent.append(str(args[0]))
        return real(self, *args, **options)

    monkeypatch.setattr(redis.Redis, "execute_command", counting)
    return sent


def move_by_token(game: Game) -> tuple[APIClient, dict]:
    mover = game.seats.get(index=game.current_seat).user
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(mover)}")
    legal = client.get(f"/api/games/{game.pk}/legal/").json()["moves"]
    return client, {"move": legal[0], "expected_seq": game.seq}


@pytest.mark.redis
def test_a_move_by_token_passes_its_bucket_and_the_move_throttle_in_one_round_trip(
    on_redis, settings, make_user, monkeypatch
):
    settings.DWAALHOF_THROTTLE_RATES = {
        "moves": "100/minute",
        "token_read": "100/minute",
        "token_write": "100/minute",
    }
    game = GameFactory(creator=make_user("anna"), joiner=make_user("bert"))
    client, body = move_by_token(game)
    commands = count_commands(monkeypatch)
    r = client.post(f"/api/games/{game.pk}/moves/", body, format="json")
    assert r.status_code == 201, r.content
    assert commands == ["EVALSHA"]
    assert sorted(
        k.decode().split(":1:")[1]
        for k in on_redis.keys(f"{settings.CACHES['default']['KEY_PREFIX']}:*")
    ) == sorted(
        [
            f"limit:moves:{game.seats.get(index=game.current_seat).user.pk}",
            f"limit:token_read:{client_token_id(game)}",
            f"limit:token_write:{client_token_id(game)}",
        ]
    )


def client_token_id(game: Game) -> int:
    return game.seats.get(index=game.current_seat).user.personal_tokens.get().pk


@pytest.mark.parametrize("cache", ["memory", pytest.param("redis", marks=pytest.mark.redis)])
def test_the_move_throttle_by_token_refuses_as_before(
    cache, request, settings, make_user, monkeypatch
):
    """The move throttle, taken with the token's bucket, answers DRF's 429 `throttled` with
    Retry-After; a move the token's bucket refuses takes no place in the move throttle."""
    if cache == "redis":
        request.getfixturevalue("on_redis")
    now = [1000.0]
    monkeypatch.setattr(throttles._SettingsRateThrottle, "timer", lambda self: now[0])
    settings.DWAALHOF_THROTTLE_RATES = {"moves": "3/minute", "token_write": "60/minute burst 1"}
    game = GameFactory(creator=make_user("anna"), joiner=make_user("bert"))
    client, body = move_by_token(game)
    url = f"/api/games/{game.pk}/moves/"
    body = {**body, "expected_seq": game.seq + 99}  # refused by the game: nothing changes

    def post(at: float) -> tuple[int, str]:
        now[0] = at
        r = client.post(url, body, format="json")
        return r.status_code, r.json()["code"]

    assert post(1000.0)[0] == 409  # the bucket's one place, the throttle's first
    assert post(1000.0) == (429, "token_rate_limited")  # the bucket is empty
    assert post(1001.0)[0] == 409  # the throttle's second place
    assert post(1002.0)[0] == 409  # its third: the refused move took none
    now[0] = 1003.0
    r = client.post(url, body, format="json")
    assert (r.status_code, r.json()["code"]) == (429, "throttled")
    assert r["Retry-After"] == "57"  # the first of the three leaves the minute at 1060
    assert Game.objects.get(pk=game.pk).seq == game.seq
