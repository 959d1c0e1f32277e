"""The language a player reads: chosen at signup from the browser's Accept-Language, kept
in the profile (changeable through the API), and used for refusals over the request's."""

import json

import pytest
from rest_framework.test import APIClient

from dwaalhof_site import urls
from engine import refusals
from tests.conftest import PASSWORD
from tests.server.helpers import user_of

pytestmark = pytest.mark.django_db


def signup(accept: str):
    client = APIClient()
    r = client.post(
        "/api/auth/signup",
        {"username": "anna", "password": PASSWORD},
        format="json",
        HTTP_ACCEPT_LANGUAGE=accept,
    )
    assert r.status_code == 201, r.json()
    return client, r.json()


@pytest.mark.parametrize(
    ("accept", "language"), [("en-GB,en;q=0.9", "en"), ("nl", "nl"), ("fr", "nl")]
)
def test_signup_takes_the_language_from_the_browser(accept, language):
    client, me = signup(accept)
    assert me["language"] == language
    assert client.get("/api/auth/me").json()["language"] == language


def test_the_profile_language_can_be_changed_and_a_bad_one_changes_nothing():
    client, _ = signup("nl")
    r = client.patch("/api/auth/me", {"language": "en"}, format="json")
    assert r.status_code == 200 and r.json()["language"] == "en"
    r = client.patch("/api/auth/me", {"language": "fr"}, format="json")
    assert r.status_code == 400 and "language" in r.json()["errors"]
    assert client.get("/api/auth/me").json()["language"] == "en"


def test_the_profile_language_wins_over_the_requests(started_game, client_for):
    me = user_of(started_game, started_game.current_seat)
    me.profile.language = "en"
    me.profile.save()
    r = client_for(me).post(
        f"/api/games/{started_game.pk}/moves/",
        {"move": {"type": "roll"}, "expected_seq": 0},
        format="json",
        HTTP_ACCEPT_LANGUAGE="nl",
    )
    assert r.status_code == 422
    body = r.json()
    assert body["detail"] == refusals.text(body["code"], body["params"], "en")
    assert r["Content-Language"] == "en"


@pytest.mark.parametrize(
    ("accept", "detail"), [("nl", "Je bent niet aan de beurt."), ("en", "It is not your turn.")]
)
def test_other_refusals_answer_in_the_requests_language_with_the_same_code(
    started_game, client_for, accept, detail
):
    other = user_of(started_game, 1 - started_game.current_seat)
    r = client_for(other).post(
        f"/api/games/{started_game.pk}/moves/",
        {"move": {"type": "roll"}, "expected_seq": 0},
        format="json",
        HTTP_ACCEPT_LANGUAGE=accept,
    )
    assert r.status_code == 403
    assert (r.json()["code"], r.json()["detail"]) == ("not_your_turn", detail)


def test_a_refusal_with_a_number_says_it_in_both_languages():
    from chat import services
    from chat.models import MAX_LENGTH

    with pytest.raises(services.ChatInvalid) as err:
        services.clean("x" * (MAX_LENGTH + 1))
    assert (err.value.code, err.value.params) == ("chat_invalid", {"max": MAX_LENGTH})
    assert err.value.text("en") == f"A message is at most {MAX_LENGTH} characters long."
    assert err.value.text("nl") == f"Een bericht is hoogstens {MAX_LENGTH} tekens lang."


@pytest.mark.parametrize(
    ("accept", "not_found", "server_error"),
    [
        ("en", "Not found.", "A server error occurred."),
        ("nl", "Niet gevonden.", "Er is een serverfout opgetreden."),
    ],
)
def test_an_unknown_api_path_and_a_server_error_answer_the_envelope_in_the_requests_language(
    accept, not_found, server_error, rf
):
    r = APIClient().get("/api/no-such-thing/", HTTP_ACCEPT_LANGUAGE=accept)
    assert r.status_code == 404
    assert r.json() == {"code": "not_found", "params": {}, "detail": not_found}
    # Django calls the 500 handler itself when a view raises; called here as it would:
    answer = urls.handler500(rf.get("/api/games/", HTTP_ACCEPT_LANGUAGE=accept))
    assert answer.status_code == 500
    assert json.loads(answer.content) == {
        "code": "server_error",
        "params": {},
        "detail": server_error,
    }
    assert urls.handler500(rf.get("/lobby/"))["Content-Type"].startswith("text/html")
