"""DRF's token authentication against Dwaalhof's personal tokens (`Authorization: Token
<secret>`): the secret's SHA-256, one query joined to the user, as DRF's own authtoken does
with its key. The load test's players have personal tokens only (DRF's authtoken table went
with them), so the floor checks the same secrets a move's request checks."""

import hashlib
from typing import Any

from rest_framework import authentication, exceptions

from .models import PersonalToken


class PersonalTokenAuthentication(authentication.TokenAuthentication):
    model = PersonalToken

    def authenticate_credentials(self, key: str) -> tuple[Any, PersonalToken]:
        digest = hashlib.sha256(key.encode()).hexdigest()
        try:
            token = PersonalToken.objects.select_related("user").get(digest=digest, revoked=None)
        except PersonalToken.DoesNotExist as err:
            raise exceptions.AuthenticationFailed("Invalid token.") from err
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        return token.user, token
