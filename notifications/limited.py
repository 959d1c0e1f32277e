"""A session opened by a mail's game link (notifications.mail_views.open_game) reaches that
one game and nothing more: its API endpoints (seeing it, moving, the chat), the rules'
content, who is logged in (read only), logging in and out. Everything else of the API answers
403 `limited_session` ("log in to go on"), the admin too, and so does every websocket but
the game's own. A login with the password (any `user_logged_in`) lifts the limit.
docs/api.md, "One-click links".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from channels.db import database_sync_to_async
from channels.security.websocket import WebsocketDenier
from django.http import HttpRequest, JsonResponse
from django.http.response import HttpResponseBase
from django.utils import translation
from django.utils.translation import gettext as _

from dwaalhof_site.api.language import request_language

SESSION_KEY = "limited_to_game"

# What a limited session may still ask besides the game's own endpoints (method, path).
OPEN = {
    ("GET", "/api/content/"),
    ("GET", "/api/auth/me"),
    ("GET", "/api/auth/csrf"),
    ("POST", "/api/auth/logout"),
    ("POST", "/api/auth/login"),  # "log in to go on": the password lifts the limit
}
GAME_API = re.compile(r"^/api/games/(\d+)/")
GAME_SOCKET = re.compile(r"^/ws/games/(\d+)/$")


def limit_to(request: HttpRequest, game_id: int) -> None:
    request.session[SESSION_KEY] = game_id


def game_of(request: HttpRequest) -> int | None:
    """The game this request's session is limited to, or None (a full session, or none)."""
    session = getattr(request, "session", None)
    value = session.get(SESSION_KEY) if session is not None else None
    return value if isinstance(value, int) else None


def lift_on_login(sender: Any, request: HttpRequest | None = None, **kwargs: Any) -> None:
    """`user_logged_in`: a login (with the password) is a full session again."""
    session = getattr(request, "session", None)
    if session is not None:
        session.pop(SESSION_KEY, None)


def allowed(game_id: int, method: str, path: str) -> bool:
    if (method if method != "HEAD" else "GET", path) in OPEN:
        return True
    match = GAME_API.match(path)
    return match is not None and int(match.group(1)) == game_id


class LimitToGame:
    """The HTTP side: after the session and the user are known."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        game_id = game_of(request)
        if game_id is None or not _guarded(request.path):
            return self.get_response(request)
        if allowed(game_id, request.method or "GET", request.path):
            return self.get_response(request)
        with translation.override(request_language(request)):
            detail = _("Log in om verder te gaan: deze link opent alleen partij %(game)s.") % {
                "game": game_id
            }
        body = {"code": "limited_session", "params": {"game": game_id}, "detail": detail}
        return JsonResponse(body, status=403)


def _guarded(path: str) -> bool:
    """The API and the admin; the client's own files and the links themselves stay open."""
    return path.startswith(("/api/", "/admin/"))


@database_sync_to_async
def _socket_limit(scope: dict[str, Any]) -> int | None:
    session = scope.get("session")
    value = session.get(SESSION_KEY) if session is not None else None
    return value if isinstance(value, int) else None


class LimitedSocketGuard:
    """The websocket side (dwaalhof_site.asgi, inside the session's middleware): a limited
    session opens the socket of its game only."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope.get("type") == "websocket":
            game_id = await _socket_limit(scope)
            if game_id is not None:
                match = GAME_SOCKET.match(scope.get("path", ""))
                if match is None or int(match.group(1)) != game_id:
                    return await WebsocketDenier()(scope, receive, send)
        return await self.app(scope, receive, send)
