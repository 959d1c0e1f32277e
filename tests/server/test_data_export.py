"""A player downloads their data (GET /api/account/data/): the profile, the finished games
with their moves, running games only as the player sees them (no seed, no opponent's hand),
the chat they wrote (not their opponent's), their notifications."""

from __future__ import annotations

import json

import pytest

from chat import services as chat
from games import selectors, services
from games.models import Game, Move
from notifications.models import Notification
from tests.server.factories import GameFactory
from tests.server.helpers import play, user_of
from tests.server.test_hidden_information import (
    HIDDEN_KEYS,
    both_hold_secret_cards,
    keys_and_strings,
    secrets_for,
)

pytestmark = pytest.mark.django_db

URL = "/api/account/data/"


def export_of(client_for, user):
    r = client_for(user).get(URL)
    assert r.status_code == 200
    return r, json.loads(r.content)


def test_the_download_is_a_json_attachment_with_the_profile(client_for, make_user):
    anna = make_user("anna", email="anna@example.org", display_name="Anna K", language="en")
    r, data = export_of(client_for, anna)
    assert r["Content-Type"].startswith("application/json")
    assert r["Content-Disposition"].startswith('attachment; filename="dwaalhof-anna-')
    assert data["format"] == "dwaalhof-account-data/1"
    account = data["account"]
    assert (account["username"], account["email"], account["display_name"]) == (
        "anna",
        "anna@example.org",
        "Anna K",
    )
    assert account["email_verified"] is True and account["language"] == "en"
    assert data["games"] == data["chat"] == data["notifications"] == []


def test_logged_out_there_is_nothing_to_download(client_for):
    assert client_for(None).get(URL).status_code == 401


def test_a_token_cannot_download_the_whole_account(make_user):
    from rest_framework.test import APIClient

    from tokens import services as tokens

    _token, secret = tokens.issue(make_user("anna"), "every scope")  # even with every scope
    r = APIClient().get(URL, HTTP_AUTHORIZATION=f"Token {secret}")
    assert r.status_code == 403 and r.json()["code"] == "token_not_allowed"


def test_a_finished_game_has_all_its_moves_and_its_seed(client_for, started_game):
    game = play(started_game, moves=6)
    anna = user_of(game, 0)
    services.game_resign(game=game, user=user_of(game, 1))
    game.refresh_from_db()
    _, data = export_of(client_for, anna)
    (mine,) = data["games"]
    assert mine["id"] == game.pk and mine["status"] == "finished"
    assert mine["seed"] == game.seed and mine["result"] is not None
    rows = list(Move.objects.filter(game=game).order_by("seq"))
    assert [e["seq"] for e in mine["log"]] == [m.seq for m in rows]
    assert [e["move"] for e in mine["log"]] == [m.payload for m in rows]
    assert len(rows) >= 6


def test_a_running_game_is_only_the_players_own_view(client_for, started_game):
    game = play(started_game, until=both_hold_secret_cards)
    state = selectors.game_state(game)
    for seat in (0, 1):
        r, data = export_of(client_for, user_of(game, seat))
        (shown,) = data["games"]
        assert shown["status"] == "active" and shown["your_seat"] == seat
        assert shown["seed"] is None and shown["state"] is not None
        assert len(shown["log"]) == game.seq
        keys, strings = set(), set()
        keys_and_strings(data, keys, strings)
        assert not keys & HIDDEN_KEYS
        assert not strings & secrets_for(state, seat)
        assert state.seed not in r.content.decode()
        # the player's own hand is there (it is theirs to see)
        own_hand = set(state.players[seat].hand)
        assert own_hand and own_hand <= strings


def test_only_the_players_own_games(client_for, make_user, started_game):
    other = GameFactory(creator__username="cees", joiner__username="dirk")
    _, data = export_of(client_for, user_of(started_game, 0))
    assert [g["id"] for g in data["games"]] == [started_game.pk]
    assert Game.objects.count() == 2 and other.pk != started_game.pk
    assert "cees" not in json.dumps(data)


def test_the_chat_is_what_the_player_wrote_not_the_opponent(client_for, started_game):
    anna, bert = user_of(started_game, 0), user_of(started_game, 1)
    chat.post(game_id=started_game.pk, user=anna, text="Goed spel!")
    chat.post(game_id=started_game.pk, user=bert, text="Bert's secret plan")
    r, data = export_of(client_for, anna)
    assert [(c["game"], c["seat"], c["text"]) for c in data["chat"]] == [
        (started_game.pk, 0, "Goed spel!")
    ]
    assert "Bert's secret plan" not in r.content.decode()
    _, bert_data = export_of(client_for, bert)
    assert [c["text"] for c in bert_data["chat"]] == ["Bert's secret plan"]


def test_the_players_notifications_and_not_others(client_for, started_game):
    anna, bert = user_of(started_game, 0), user_of(started_game, 1)
    Notification.objects.all().delete()
    Notification.objects.create(user=anna, kind="your_turn", game=started_game, text="Jij bent")
    Notification.objects.create(user=bert, kind="your_turn", game=started_game, text="Bert's")
    _, data = export_of(client_for, anna)
    assert [(n["kind"], n["game"], n["text"]) for n in data["notifications"]] == [
        ("your_turn", started_game.pk, "Jij bent")
    ]
    assert data["notifications"][0]["read_at"] is None


def test_the_endpoint_is_in_the_openapi_schema(client_for, make_user):
    schema = client_for(make_user("anna")).get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/account/data/"]["get"]
    assert "200" in operation["responses"] and "401" in operation["responses"]
