"""A token's scopes hold on its sockets as on REST: every message a client may send on a socket
is listed, with the scope a socket opened with `?token=` needs for it, in one table
(games.ws_auth.CLIENT_MESSAGES). These tests hold the consumers to it: a message type a socket
answers and the table does not list fails here, so a new one cannot slip in without deciding
its scope; and each listed type is refused to a token without its scope."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from games import consumers
from games.ws_auth import CLIENT_MESSAGES
from notifications.consumers import NotificationConsumer
from tokens import scopes

from .factories import GameFactory, UserFactory, token_for
from .realtime_support import (  # noqa: F401  (fixtures)
    communicator,
    fresh_channel_layer,
    run,
)

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
UNKNOWN = {"type": "error", "detail": "unknown message type"}  # the game socket's answer
# One message of each listed type, as a client sends it.
SAMPLES = {
    "game": {
        "ping": {"type": "ping"},
        "resync": {"type": "resync", "since": 0},
        "watching": {"type": "watching", "visible": True},
        "chat": {"type": "chat", "text": "goedemorgen"},
    },
    "notifications": {"ping": {"type": "ping"}},
}


def _candidate_types() -> list[str]:
    """Every word-like string in the apps around the sockets: a message type a consumer or a
    handler compares with has to be one of them, wherever the dispatch is written."""
    found: set[str] = set()
    for app in ("games", "chat", "notifications", "streams", "tokens"):
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    if re.fullmatch(r"[a-z][a-z0-9_.:-]{0,40}", node.value):
                        found.add(node.value)
    return sorted(found)


def _compared_strings(cls: type) -> set[str]:
    """The strings the consumer's own methods compare anything with (`kind == "ping"`,
    `kind in ("a", "b")`, `case "ping":`): the types of a dispatch written out."""
    found: set[str] = set()
    for klass in cls.__mro__:
        if not klass.__module__.startswith(("games.", "notifications.", "chat.")):
            continue
        for node in ast.walk(ast.parse(inspect.getsource(klass))):
            values: list[ast.expr] = []
            if isinstance(node, ast.Compare):
                for side in [node.left, *node.comparators]:
                    values += (
                        side.elts if isinstance(side, ast.Tuple | ast.List | ast.Set) else [side]
                    )
            elif isinstance(node, ast.MatchValue):
                values.append(node.value)
            found |= {
                v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)
            }
    return found


def _a_seated_players_socket(token_scopes):
    anna = UserFactory(username="anna")
    game = GameFactory(creator=anna, joiner=UserFactory(username="bram"))
    token = token_for(anna, token_scopes)
    return game, communicator(f"/ws/games/{game.pk}/?token={token}", origin=None)


async def _answers(ws, message) -> list[dict]:
    """What the socket sends back to `message` (nothing, for some): everything before the pong
    of a ping sent right after it (a socket answers its messages in order)."""
    await ws.send_json_to(message)
    await ws.send_json_to({"type": "ping"})
    answers = []
    pongs = 2 if message.get("type") == "ping" else 1
    while pongs:
        answer = await ws.receive_json_from(timeout=5)
        if answer.get("type") == "pong":
            pongs -= 1
            if not pongs:
                break
        answers.append(answer)
    return answers


def test_every_message_type_the_game_socket_answers_is_in_the_table():
    """Sent on a game's socket (a read-only token's), each candidate type is either refused as
    unknown or listed. (Types handled by other apps are registered with on_message.)"""
    game, ws = _a_seated_players_socket([scopes.GAME_READ])
    answered = []

    async def scenario():
        assert (await ws.connect())[0]
        assert (await ws.receive_json_from())["type"] == "game.update"
        for kind in _candidate_types():
            if UNKNOWN not in await _answers(ws, {"type": kind}):
                answered.append(kind)
        await ws.disconnect()

    run(scenario)
    listed = set(CLIENT_MESSAGES["game"])
    assert set(answered) == listed, (
        "each type a client may send needs its line, and scope, in games.ws_auth.CLIENT_MESSAGES"
    )
    assert set(consumers._message_handlers) <= listed
    assert _compared_strings(consumers.GameConsumer) <= listed


def test_every_message_type_the_notifications_socket_answers_is_in_the_table():
    """The bell's socket ignores what it does not know, silently: a type answered with
    anything, or compared with in its consumer, is listed."""
    anna = UserFactory(username="anna")
    ws = communicator(
        f"/ws/notifications/?token={token_for(anna, [scopes.GAME_READ, scopes.ACCOUNT_READ])}",
        origin=None,
    )
    answered = []

    async def scenario():
        assert (await ws.connect())[0]
        assert (await ws.receive_json_from())["type"] == "notifications.unread"
        for kind in _candidate_types():
            if await _answers(ws, {"type": kind}):
                answered.append(kind)
        await ws.disconnect()

    run(scenario)
    listed = set(CLIENT_MESSAGES["notifications"])
    assert set(answered) == listed
    assert _compared_strings(NotificationConsumer) <= listed


def test_a_message_that_does_what_a_rest_call_does_needs_the_rest_calls_scope():
    """The same write (or read) needs the same scope on a socket as over REST; what has no
    REST twin only reads or concerns the socket itself: the socket's own scope then."""
    assert set(SAMPLES) == set(CLIENT_MESSAGES)
    for socket, messages in CLIENT_MESSAGES.items():
        assert set(SAMPLES[socket]) == set(messages), "a sample message for each type"
        for kind, message in messages.items():
            if message.rest is None:
                assert message.scope == scopes.SOCKET_SCOPE, (socket, kind)
            else:
                assert message.scope == scopes.needed(*message.rest), (socket, kind)
    assert CLIENT_MESSAGES["game"]["chat"].scope == scopes.GAME_PLAY  # as POST chat/


@pytest.mark.parametrize("token_scopes", [[scopes.GAME_READ], list(scopes.ALL)])
def test_each_game_socket_message_is_refused_without_its_scope(token_scopes):
    """A read-only token's socket is refused every message whose scope it lacks (a chat line),
    with the REST refusal's code; a token with the scope is not."""
    game, ws = _a_seated_players_socket(token_scopes)
    refusals = {}

    async def scenario():
        assert (await ws.connect())[0]
        assert (await ws.receive_json_from())["type"] == "game.update"
        for kind, message in SAMPLES["game"].items():
            refusals[kind] = [
                answer["params"]
                for answer in await _answers(ws, message)
                if answer.get("code") == "scope_missing"
            ]
        await ws.disconnect()

    run(scenario)
    expected = {
        kind: [] if message.scope in token_scopes else [{"scope": message.scope}]
        for kind, message in CLIENT_MESSAGES["game"].items()
    }
    assert refusals == expected
    if token_scopes == [scopes.GAME_READ]:
        assert expected["chat"] == [{"scope": "game:play"}]  # the one a read-only token lacks


@pytest.mark.parametrize(
    ("token_scopes", "opens"),
    [([scopes.GAME_READ], False), ([scopes.GAME_READ, scopes.ACCOUNT_READ], True)],
)
def test_the_bells_socket_opens_for_a_token_only_with_account_read(token_scopes, opens):
    """The bell's socket pushes the account's notices and unread count, which REST gives to
    account:read (GET notifications/): a game-only token hears scope_missing and is closed."""
    anna = UserFactory(username="anna")
    ws = communicator(f"/ws/notifications/?token={token_for(anna, token_scopes)}", origin=None)

    async def scenario():
        assert (await ws.connect())[0]
        first = await ws.receive_json_from()
        if opens:
            assert first["type"] == "notifications.unread"
        else:
            assert first == {
                "type": "error",
                "code": "scope_missing",
                "params": {"scope": "account:read"},
            }
            closed = await ws.receive_output()
            assert closed == {"type": "websocket.close", "code": 4403}
        await ws.disconnect()

    run(scenario)
    assert scopes.ENDPOINTS["notification-list"]["GET"] == scopes.ACCOUNT_READ
