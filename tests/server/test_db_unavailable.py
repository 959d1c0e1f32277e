"""While the database is away, API requests answer a JSON 503 with Retry-After (never a 500
or an HTML page), and nothing is changed. The live version (PostgreSQL really stopped mid-
game) is in test_faults.py."""

from __future__ import annotations

import pytest
from django.db import InterfaceError, OperationalError

from games import selectors, services
from games.models import Move
from tests.server.helpers import user_of


def _lost(*args, **kwargs):
    raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")


@pytest.mark.parametrize("error", [OperationalError, InterfaceError])
def test_a_move_while_the_database_is_away_is_a_json_503_and_changes_nothing(
    started_game, client_for, monkeypatch, error
):
    me = user_of(started_game, started_game.current_seat)

    def lost(*args, **kwargs):
        raise error("connection already closed")

    monkeypatch.setattr(services, "move_submit", lost)
    r = client_for(me).post(
        f"/api/games/{started_game.pk}/moves/",
        {"move": {"type": "end_turn"}, "expected_seq": 0},
        format="json",
    )
    assert r.status_code == 503
    assert r["Content-Type"] == "application/json"
    assert r["Retry-After"] == "5"
    assert r.json()["code"] == "database_unavailable"
    assert Move.objects.filter(game=started_game).count() == 0


def test_a_read_while_the_database_is_away_is_a_json_503(started_game, client_for, monkeypatch):
    monkeypatch.setattr(selectors, "game_for_viewer", _lost)
    r = client_for(user_of(started_game, 0)).get(f"/api/games/{started_game.pk}/")
    assert r.status_code == 503
    assert r.json()["code"] == "database_unavailable"


def test_other_errors_are_not_disguised_as_503(started_game, client_for, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(selectors, "game_for_viewer", broken)
    client = client_for(user_of(started_game, 0))
    client.raise_request_exception = False
    r = client.get(f"/api/games/{started_game.pk}/")
    assert r.status_code == 500
