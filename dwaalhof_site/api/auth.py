"""Token authentication that also sets the answer's language.

A session's player has the profile language activated by accounts.middleware before the
view runs; a token is only read inside the view, so the language is activated here, and
the messages DRF and the serializers write (field errors) come in the player's language as
the envelope's `detail` does (errors.exception_handler). The token's query brings the
profile along (one query, as before)."""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

from .language import user_language


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        try:
            token = Token.objects.select_related("user__profile").get(key=key)
        except Token.DoesNotExist as err:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from err
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        if chosen := user_language(token.user):
            translation.activate(chosen)
        return token.user, token
