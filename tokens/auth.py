"""Token authentication for the API: `Authorization: Token <secret>` (or `Bearer`), a
personal access token, checked against the endpoint's scope (tokens.scopes) before the view
runs. It also sets the answer's language: a session's player has the profile language
activated by accounts.middleware before the view runs; a token is only read inside the view,
so the language is activated here."""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from dwaalhof_site.api.language import user_language

from . import scopes, services


class TokenAuthentication(authentication.TokenAuthentication):
    keywords = (b"token", b"bearer")

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        auth = authentication.get_authorization_header(request).split()
        if not auth or auth[0].lower() not in self.keywords:
            return None
        if len(auth) != 2:
            raise exceptions.AuthenticationFailed(_("Invalid token header."))
        try:
            secret = auth[1].decode()
        except UnicodeError as err:
            raise exceptions.AuthenticationFailed(_("Invalid token header.")) from err
        token = services.find(secret)
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if chosen := user_language(token.user):
            translation.activate(chosen)
        check_scope(request, token.scopes)
        return token.user, token


def check_scope(request: Request, granted: list[str]) -> None:
    """Refuse the request (403) when the endpoint is closed to tokens or the token lacks its
    scope. The request is marked anonymous first: the error's answer reads request.user,
    which would otherwise authenticate (and refuse) again."""
    # (imported here: DRF reads this module while dwaalhof_site.api.errors imports DRF)
    from .errors import ClosedToTokens, ScopeMissing

    match = getattr(request._request, "resolver_match", None)
    need = scopes.needed(match.url_name if match else None, request.method or "GET")
    refusal: ClosedToTokens | ScopeMissing | None = None
    if need is scopes.CLOSED:
        refusal = ClosedToTokens()
    elif need is not None and need not in granted:
        refusal = ScopeMissing(params={"scope": need})
    if refusal is not None:
        request._not_authenticated()  # type: ignore[attr-defined]  # (DRF's own reset)
        raise refusal
