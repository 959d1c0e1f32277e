"""Token authentication that also sets the answer's language.

A session's player has the profile language activated by accounts.middleware before the
view runs; a token is only read inside the view, so the language is activated here, and
the messages DRF and the serializers write (field errors) come in the player's language as
the envelope's `detail` does (errors.exception_handler). The token's query brings the
profile along (one query, as before), and what the account checks read (gate): a barred
account's token is refused with the refusal."""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

from .language import user_language


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        # (late: DRF imports this class while errors.py, which gate needs, imports DRF)
        from . import gate

        try:
            joins = ("user__profile", *(f"user__{join}" for join in gate.user_joins()))
            token = Token.objects.select_related(*joins).get(key=key)
        except Token.DoesNotExist as err:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from err
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        if chosen := user_language(token.user):
            translation.activate(chosen)
        if (barred := gate.refusal(token.user)) is not None:
            raise barred
        return token.user, token
