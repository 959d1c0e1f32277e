"""Token authentication for the API: `Authorization: Token <secret>` (or `Bearer`), a
personal access token, checked against the endpoint's scope (tokens.scopes) before the view
runs. It also sets the answer's language: a session's player has the profile language
activated by accounts.middleware before the view runs; a token is only read inside the view,
so the language is activated here."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, cast

from django.http import HttpRequest
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from dwaalhof_site.api.language import user_language

from . import scopes, services

if TYPE_CHECKING:
    from dwaalhof_site.api.errors import ApiError

    from .models import PersonalToken


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        try:
            secret = secret_in(request)
        except ValueError as err:
            raise exceptions.AuthenticationFailed(_("Invalid token header.")) from err
        if secret is None:
            return None
        match = getattr(request._request, "resolver_match", None)
        token, refusal = admit(secret, match.url_name if match else None, request.method or "GET")
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if chosen := user_language(token.user):
            translation.activate(chosen)
        if refusal is None:
            refusal = rate_limited(request, token)
        if refusal is not None:
            # The error's answer reads request.user, which would otherwise authenticate (and
            # refuse) again: mark the request anonymous first, as DRF does.
            request._not_authenticated()  # type: ignore[attr-defined]
            raise refusal
        return token.user, token


def rate_limited(request: Request, token: PersonalToken) -> ApiError | None:
    """The token's refusal when its bucket for this kind of request is empty (reads: GET, HEAD
    and OPTIONS; writes: the rest), with when to try again (docs/api.md, "Rate limits")."""
    from dwaalhof_site.api import throttles

    from .errors import RateLimited

    kind = "read" if request.method in ("GET", "HEAD", "OPTIONS") else "write"
    bucket = throttles.TokenThrottle(kind, token.pk, token.user)
    # the view's own throttles (the moves') are taken with the bucket, in one round trip
    view = (getattr(request, "parser_context", None) or {}).get("view")
    if bucket.allow_request(request, view):
        return None
    return RateLimited(params={"kind": kind, "retry_after": max(1, math.ceil(bucket.wait()))})


KEYWORDS = (b"token", b"bearer")


def secret_in(request: HttpRequest | Request) -> str | None:
    """The secret of the request's `Authorization: Token <secret>` (or `Bearer`) header;
    None without one. ValueError: a malformed one."""
    # (DRF's helper reads only request.META, which a plain Django request has too)
    auth = authentication.get_authorization_header(cast(Request, request)).split()
    if not auth or auth[0].lower() not in KEYWORDS:
        return None
    if len(auth) != 2:
        raise ValueError("a token header takes one secret")
    try:
        return auth[1].decode()
    except UnicodeError as err:
        raise ValueError("a token is ASCII") from err


def admit(
    secret: str, url_name: str | None, method: str
) -> tuple[PersonalToken | None, ApiError | None]:
    """The live token with this secret, and the refusal of its request to `method` on the
    endpoint `url_name`: an account barred right now (dwaalhof_site.api.gate: a suspension),
    an endpoint closed to tokens, or a scope the token lacks. (None, None): no such token."""
    # (imported here: DRF reads this module while dwaalhof_site.api.errors imports DRF)
    from dwaalhof_site.api import gate

    from .errors import ClosedToTokens, ScopeMissing

    token = services.find(secret)
    if token is None:
        return None, None
    if (barred := gate.refusal(token.user)) is not None:
        return token, barred
    need = scopes.needed(url_name, method)
    if need is scopes.CLOSED:
        return token, ClosedToTokens()
    if need is not None and need not in token.scopes:
        return token, ScopeMissing(params={"scope": need})
    return token, None
