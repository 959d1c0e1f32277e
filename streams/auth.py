"""Who reads a stream: the session's player, or a personal access token (with the endpoint's
scope, tokens.scopes), admitted as on every other endpoint (tokens.auth.admit: the gate, the
scope). The streams are Channels consumers, outside DRF: they ask here, in the one database
hop that opens a stream (streams.consumers)."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.contrib.auth import get_user
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, JsonResponse
from django.utils import translation

from dwaalhof_site.api import gate
from dwaalhof_site.api.errors import ApiError
from dwaalhof_site.api.language import user_language
from engine import refusals
from notifications import limited
from tokens import auth as token_auth


class NotAuthenticated(ApiError):
    # DRF's own msgids and codes: its catalogue has them in Dutch, as on every other endpoint
    status = 401
    code = "not_authenticated"
    detail = "Authentication credentials were not provided."


class TokenRefused(NotAuthenticated):
    code = "authentication_failed"
    detail = "Invalid token."


class LimitedSession(ApiError):
    """A session opened by a mail's game link reads that game's stream only
    (notifications.limited, which guards the rest of the API the same way)."""

    status = 403
    code = "limited_session"
    detail = "Log in om verder te gaan: deze link opent alleen partij %(game)s."


def language(request: HttpRequest, user: Any) -> str:
    return user_language(user) or refusals.language(translation.get_language_from_request(request))


def refusal_sync(request: HttpRequest, user: Any, error: ApiError) -> JsonResponse:
    """The API's error envelope, in the reader's language (the profile is read)."""
    response = JsonResponse(error.body(language(request, user)), status=error.status)
    if error.status == 401:
        response["WWW-Authenticate"] = "Token"
    return response


refusal = database_sync_to_async(refusal_sync)


def reader(request: HttpRequest, url_name: str) -> tuple[Any, Any, ApiError | None]:
    """(user, token or None, refusal or None), read in one database hop. A token header
    wins over the session (`request.session`: channels' SessionMiddleware; the player is
    read as Django's AuthenticationMiddleware reads it); a barred session's player is
    refused as the site's gate refuses them (accounts.gate)."""
    try:
        secret = token_auth.secret_in(request)
    except ValueError:
        return AnonymousUser(), None, TokenRefused()
    if secret is None:
        user = get_user(request) if hasattr(request, "session") else AnonymousUser()
        barred = gate.refusal(user)
        if barred is not None:
            return AnonymousUser(), None, barred
        game_id = limited.game_of(request)
        if game_id is not None and not limited.allowed(game_id, "GET", request.path):
            return AnonymousUser(), None, LimitedSession(params={"game": game_id})
        return user, None, None
    token, refused = token_auth.admit(secret, url_name, "GET")
    if token is None:
        return AnonymousUser(), None, TokenRefused()
    return token.user, token, refused
