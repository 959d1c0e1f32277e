"""Who opens a websocket: origin check and `?token=` authentication (see dwaalhof_site/asgi.py)."""

from __future__ import annotations

from typing import NamedTuple
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from channels.security.websocket import AllowedHostsOriginValidator
from django.contrib.auth.models import AnonymousUser

from tokens.scopes import ACCOUNT_READ, GAME_PLAY, GAME_READ, SOCKET_SCOPE


def query_param(scope, name: str) -> str | None:
    values = parse_qs(scope.get("query_string", b"").decode("latin1")).get(name)
    return values[0] if values else None


class OriginCheck:
    """Channels' AllowedHostsOriginValidator, with one exception: a socket that sends no
    Origin header and authenticates with `?token=` passes. Browsers always send Origin on
    websockets, so this only lets in scripts and bots; and a token, unlike a cookie, is
    never sent by a browser on its own, so there is nothing to forge across sites."""

    def __init__(self, app):
        self.app = app
        self.validated = AllowedHostsOriginValidator(app)

    async def __call__(self, scope, receive, send):
        has_origin = any(name == b"origin" for name, _ in scope.get("headers", []))
        if not has_origin and query_param(scope, "token"):
            return await self.app(scope, receive, send)
        return await self.validated(scope, receive, send)


@database_sync_to_async
def _token_for(key: str):
    """The token of `key` if it may open a socket, else None."""
    from tokens import scopes, services

    token = services.find(key)
    if token is None or scopes.SOCKET_SCOPE not in token.scopes:
        return None
    return token


class TokenQueryAuthMiddleware(BaseMiddleware):
    """`?token=<personal token with game:read>` sets scope["user"] and scope["token_scopes"]; a
    wrong token marks the scope so the consumer refuses it (a bot with a typo should hear so,
    not watch as a stranger)."""

    async def __call__(self, scope, receive, send):
        key = query_param(scope, "token")
        if key is not None:
            token = await _token_for(key)
            user = AnonymousUser() if token is None else token.user
            # token_scopes: what the socket may send is held to the token's scopes too
            # (CLIENT_MESSAGES: a chat line needs what POST chat/ needs)
            scopes = () if token is None else tuple(token.scopes)
            scope = dict(scope, user=user, token_refused=token is None, token_scopes=scopes)
        return await super().__call__(scope, receive, send)


class ClientMessage(NamedTuple):
    """A message type a client may send on a socket, and what a token needs to send it."""

    scope: str  # what a socket opened with `?token=` needs to send it
    rest: tuple[str, str] | None  # the endpoint and method that do the same over REST, if any


# Every message type a client may send, per socket, with its scope: REST's for the same thing
# (tokens.scopes.ENDPOINTS[rest]), else the socket's own (SOCKET_SCOPE) for what only reads
# or concerns the socket itself. A new type gets its line here, with that decision, before a
# consumer answers it: tests/server/test_socket_scopes.py holds the consumers to this table.
CLIENT_MESSAGES: dict[str, dict[str, ClientMessage]] = {
    "game": {  # games.consumers.GameConsumer, and the handlers other apps register on it
        "ping": ClientMessage(SOCKET_SCOPE, None),  # a pong with the seq held: nothing read
        "resync": ClientMessage(GAME_READ, ("game-moves", "GET")),  # the log since a seq
        # The socket's own presence row: whether its page shows the game (a notice waits
        # while it does). Opening the socket already writes it, watching (notifications).
        "watching": ClientMessage(SOCKET_SCOPE, None),
        "chat": ClientMessage(GAME_PLAY, ("game-chat", "POST")),  # a chat line (chat.push)
    },
    "notifications": {  # notifications.consumers.NotificationConsumer
        "ping": ClientMessage(SOCKET_SCOPE, None),
    },
}


# What a socket opened with `?token=` needs to open at all, beyond SOCKET_SCOPE (which
# TokenQueryAuthMiddleware asks of every token socket): the bell's socket pushes the
# account's notices and unread count, which REST (GET notifications/) gives to account:read.
OPEN_SCOPES: dict[str, str] = {"game": SOCKET_SCOPE, "notifications": ACCOUNT_READ}


def missing_open_scope(scope, socket: str) -> str | None:
    """The scope a `?token=` socket lacks to open `socket`, or None (a session's socket is its
    player's, as a session's request is)."""
    needed = OPEN_SCOPES[socket]
    if query_param(scope, "token") is not None and needed not in scope.get("token_scopes", ()):
        return needed
    return None


def require_scope(scope, socket: str, kind: str) -> None:
    """A socket opened with `?token=` sends a `kind` message only with the scope
    CLIENT_MESSAGES gives it (ScopeMissing otherwise). A session's socket is its player's, as
    a session's request is."""
    from tokens import errors

    needed = CLIENT_MESSAGES[socket][kind].scope
    if query_param(scope, "token") is not None and needed not in scope.get("token_scopes", ()):
        raise errors.ScopeMissing(params={"scope": needed})


def require_play_scope(scope) -> None:
    """A chat line on a game's socket opened with `?token=` needs what POST chat/ needs
    (game:play): a read-only token only reads."""
    require_scope(scope, "game", "chat")
