"""Bad input found by probing the production setup: each answers a clear JSON 4xx (never a
500 or an HTML page) and changes nothing."""

import pytest
from django.conf import settings
from rest_framework.test import APIClient

import engine
from games import selectors
from games.models import Game, Move
from tests.conftest import PASSWORD
from tests.server.factories import token_for
from tests.server.helpers import user_of
from tokens.models import PersonalToken

pytestmark = pytest.mark.django_db

DEEP = "[" * 1000 + "]" * 1000


def client(user=None) -> APIClient:
    """An API client that gets the server's answer even when a view raises (a 500)."""
    api = APIClient(raise_request_exception=False)
    if user is not None:
        api.force_login(user)
    return api


def assert_json_error(r, status: int, code: str) -> None:
    assert r.status_code == status, r.content[:300]
    assert r["Content-Type"] == "application/json"
    assert r.json()["code"] == code


def test_json_nested_a_thousand_deep_to_the_login_is_400_before_any_login(make_user):
    make_user("anna")
    body = '{"username": ' + DEEP + f', "password": "{PASSWORD}"}}'
    r = client().post("/api/auth/token", body, content_type="application/json")
    assert_json_error(r, 400, "parse_error")
    assert "nested" in r.json()["detail"]
    assert not PersonalToken.objects.exists()


def test_json_nested_a_thousand_deep_to_a_games_moves_is_400_and_changes_nothing(started_game):
    me = user_of(started_game, started_game.current_seat)
    body = '{"move": {"type": "take_card", "slot": ' + DEEP + '}, "expected_seq": 0}'
    r = client(me).post(
        f"/api/games/{started_game.pk}/moves/", body, content_type="application/json"
    )
    assert_json_error(r, 400, "parse_error")
    assert Move.objects.filter(game=started_game).count() == 0


def test_a_body_over_the_upload_limit_is_a_json_413_not_djangos_html_page(started_game):
    me = user_of(started_game, started_game.current_seat)
    padding = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    body = '{"move": {"type": "roll"}, "expected_seq": 0, "pad": "' + padding + '"}'
    r = client(me).post(
        f"/api/games/{started_game.pk}/moves/", body, content_type="application/json"
    )
    assert_json_error(r, 413, "too_large")
    assert Move.objects.filter(game=started_game).count() == 0
    r = client().post("/api/auth/token", body, content_type="application/json")
    assert_json_error(r, 413, "too_large")


def test_a_wrong_token_is_401_as_documented_and_names_the_scheme(make_user):
    r = client().get("/api/auth/me", HTTP_AUTHORIZATION="Token not-a-token")
    assert_json_error(r, 401, "authentication_failed")
    assert r["WWW-Authenticate"] == "Token"


def test_not_logged_in_is_401_with_or_without_a_session_cookie(started_game):
    assert_json_error(client().get("/api/auth/me"), 401, "not_authenticated")
    r = client().post(
        f"/api/games/{started_game.pk}/moves/",
        {"move": {"type": "roll"}, "expected_seq": 0},
        format="json",
    )
    assert_json_error(r, 401, "not_authenticated")


def test_a_wrong_password_for_a_token_is_401_like_a_wrong_password_at_login(make_user):
    make_user("anna")
    login = {"username": "anna", "password": "not-the-password"}
    assert_json_error(
        client().post("/api/auth/token", login, format="json"), 401, "authentication_failed"
    )


def test_a_move_goes_through_while_the_throttles_cache_is_unreachable(started_game, settings):
    """With REDIS_URL the throttle counters live in Redis; Redis restarting must not turn
    every move into a 500."""
    from tests.server.live_servers import free_port

    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",  # nothing listens there
        }
    }
    me = user_of(started_game, started_game.current_seat)
    legal = engine.legal_moves(selectors.game_state(started_game))[0].to_json()
    move = {"move": legal, "expected_seq": started_game.seq}
    r = client(me).post(f"/api/games/{started_game.pk}/moves/", move, format="json")
    assert r.status_code == 201, r.content[:300]


# A refused request: one envelope whoever refuses it (the serializer's shape or a service's
# rule), with the detail and each field's reason in the request's language.
REFUSED_CREATES = [
    # games.services.game_create's rules
    (
        {"opponent": "invite", "level": "easy"},
        "level",
        "Alleen voor een partij tegen de computer.",
        "Only for a game against the computer.",
    ),
    (
        {"opponent": "computer", "rated": True},
        "rated",
        "Partijen tegen de computer tellen niet voor de rating.",
        "Games against the computer do not count for the rating.",
    ),
    (
        {"opponent": "invite", "rating_min": None},
        "rating_min",
        "Een ratinggrens kan alleen bij een open partij.",
        "A rating range is only for an open game.",
    ),
    (
        {"opponent": "open", "rating_min": 1600, "rating_max": 1400},
        "rating_max",
        "De bovengrens ligt onder de ondergrens.",
        "The upper bound is below the lower bound.",
    ),
    # the serializer's shape
    ({"opponent": "open", "colour": "red"}, "colour", "Onbekend veld.", "Unknown field."),
    (
        {"opponent": "open", "public": 1},
        "public",
        "Verwacht true of false.",
        "Expected true or false.",
    ),
]


@pytest.mark.parametrize(("body", "field", "nl", "en"), REFUSED_CREATES)
@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_refused_new_game_is_a_400_envelope_in_the_requests_language(
    make_user, body, field, nl, en, lang
):
    r = client(make_user("anna")).post(
        "/api/games/", body, format="json", HTTP_ACCEPT_LANGUAGE=lang
    )
    assert_json_error(r, 400, "invalid")
    said = {"nl": (nl, "Ongeldig verzoek."), "en": (en, "Invalid request.")}[lang]
    assert (r.json()["errors"][field], r.json()["detail"]) == ([said[0]], said[1])
    assert not Game.objects.exists()


def test_a_refusal_reaches_a_token_client_in_its_profile_language(make_user):
    """A token is read inside the view, after the language was chosen from the request: the
    player's profile language still wins, for the detail and the fields' reasons alike."""
    anna = make_user("anna")
    anna.profile.language = "en"
    anna.profile.save()
    api = APIClient(raise_request_exception=False)
    api.credentials(HTTP_AUTHORIZATION=f"Token {token_for(anna)}")
    body = {"opponent": "invite", "level": "easy", "turn_seconds": 60}
    r = api.post("/api/games/", body, format="json", HTTP_ACCEPT_LANGUAGE="nl")
    assert_json_error(r, 400, "invalid")
    assert r.json()["detail"] == "Invalid request."
    assert r.json()["errors"] == {
        "turn_seconds": ["Ensure this value is greater than or equal to 3600."]
    }


@pytest.mark.parametrize("query", ["since=", "since=1.0", "since=1&since=2", "since=-1"])
def test_a_query_parameter_the_schema_calls_wrong_is_refused(started_game, query):
    r = client().get(f"/api/games/{started_game.pk}/moves/?{query}")
    assert_json_error(r, 400, "invalid")
    assert list(r.json()["errors"]) == ["since"]


def test_a_null_move_or_plan_step_is_a_400_not_a_500(started_game):
    me = user_of(started_game, started_game.current_seat)
    url = f"/api/games/{started_game.pk}"
    r = client(me).post(f"{url}/moves/", {"move": None, "expected_seq": 0}, format="json")
    assert_json_error(r, 400, "invalid")
    r = client(me).post(f"{url}/preview/", {"pawn": 1, "plan": [None]}, format="json")
    assert_json_error(r, 400, "invalid")
    assert Move.objects.filter(game=started_game).count() == 0


def test_text_is_checked_as_sent_then_trimmed(make_user):
    """What the schema says of a display name holds for the text as sent: at most 40
    characters, something besides spaces, no NUL; the surrounding spaces are dropped after."""
    api = client(make_user("anna"))
    r = api.patch("/api/auth/me", {"display_name": "  Anna  "}, format="json")
    assert r.status_code == 200 and r.json()["display_name"] == "Anna"
    for refused in ("   ", "An\x00na", " " + "a" * 40, 12):
        r = api.patch("/api/auth/me", {"display_name": refused}, format="json")
        assert_json_error(r, 400, "invalid")
        assert list(r.json()["errors"]) == ["display_name"]
    assert api.get("/api/auth/me").json()["display_name"] == "Anna"
