"""On PostgreSQL the server binds parameters server-side and lets psycopg prepare what a
connection runs often: PostgreSQL then parses and plans a move's statements once per
connection, not at every move (docs/deploy.md, "A cheaper move"). An operator behind a
pooler in transaction mode turns it off with DJANGO_DB_SERVER_SIDE_BINDING=0."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

import engine
from games import selectors
from games.models import Game

from .test_request_path import mover_with_a_move, seat_clients

ROOT = Path(__file__).resolve().parents[2]
SHOW = (
    "import django; django.setup(); from django.conf import settings; "
    "o = settings.DATABASES['default']['OPTIONS']; "
    "print(o.get('server_side_binding'), o.get('prepare_threshold'))"
)


def options(**env: str) -> str:
    full = dict(os.environ, DJANGO_SETTINGS_MODULE="dwaalhof_site.settings", **env)
    done = subprocess.run(
        [sys.executable, "-c", SHOW], cwd=ROOT, env=full, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_operator_can_turn_server_side_binding_off_for_a_transaction_pooler():
    assert options() == "True 5"
    assert options(DJANGO_DB_SERVER_SIDE_BINDING="0") == "None None"


@pytest.mark.django_db
def test_a_connection_prepares_the_statements_of_a_move_once(settings):
    settings.DWAALHOF_PUSH = "inline"
    game, _client, _move = mover_with_a_move()
    clients = seat_clients(game)
    for _ in range(12):  # more than psycopg's prepare_threshold, on the test's one connection
        game = Game.objects.get(pk=game.pk)
        state = selectors.game_state(game)
        body = {"move": engine.legal_moves(state)[0].to_json(), "expected_seq": game.seq}
        answer = clients[state.current].post(f"/api/games/{game.pk}/moves/", body, format="json")
        assert answer.status_code == 201
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = " ".join(row[0] for row in cursor.fetchall())
    assert 'INSERT INTO "games_move"' in prepared
    assert 'FROM "tokens_personaltoken"' in prepared
    assert "FOR UPDATE" in prepared  # the game read locked with its seats
