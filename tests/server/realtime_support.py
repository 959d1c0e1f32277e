"""Helpers for the realtime, notification, deadline and worker tests (sockets, games)."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator

from dwaalhof_site.asgi import application
from games import services, state_cache
from games.models import Game

ORIGIN = (b"origin", b"http://127.0.0.1:8000")


@pytest.fixture(autouse=True)
def fresh_channel_layer():
    """Each test gets a new in-memory layer (its queues belong to the test's event loop)."""
    channel_layers.backends.clear()
    state_cache.clear()
    yield
    channel_layers.backends.clear()


def run(scenario):
    """Run an async test scenario to the end."""
    return async_to_sync(scenario)()


def user_at_turn(game: Game):
    game.refresh_from_db()
    return game.seats.get(index=game.current_seat).user


def first_legal(game: Game):
    import engine
    from games import selectors

    return engine.legal_moves(selectors.game_state(game))[0]


def play_first_legal(game: Game):
    """The player at turn plays the first legal move. Returns the submit result."""
    game.refresh_from_db()
    return services.move_submit(
        game=game, user=user_at_turn(game), move=first_legal(game), expected_seq=game.seq
    )


def session_cookie_for(user) -> tuple[bytes, bytes]:
    from django.test import Client

    client = Client()
    client.force_login(user)
    return (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())


def communicator(path: str, user=None, *, origin=ORIGIN, headers=()) -> WebsocketCommunicator:
    all_headers = list(headers)
    if origin is not None:
        all_headers.append(origin)
    if user is not None:
        all_headers.append(session_cookie_for(user))
    return WebsocketCommunicator(application, path, headers=all_headers)


db = database_sync_to_async
