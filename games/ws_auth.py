"""Who opens a websocket: origin check and `?token=` authentication (see dwaalhof_site/asgi.py)."""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from channels.security.websocket import AllowedHostsOriginValidator
from django.contrib.auth.models import AnonymousUser


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
            # token_scopes: what the socket may send is held to the token's scopes too (a
            # chat line needs what POST chat/ needs: chat.push)
            scopes = () if token is None else tuple(token.scopes)
            scope = dict(scope, user=user, token_refused=token is None, token_scopes=scopes)
        return await super().__call__(scope, receive, send)


def require_play_scope(scope) -> None:
    """What a socket sends that a REST request would need game:play for (a chat line) needs
    it on a socket opened with `?token=` too: a read-only token only reads."""
    from tokens import errors, scopes

    if query_param(scope, "token") is not None and scopes.GAME_PLAY not in scope.get(
        "token_scopes", ()
    ):
        raise errors.ScopeMissing(params={"scope": scopes.GAME_PLAY})
