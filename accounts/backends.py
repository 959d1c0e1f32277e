"""Authentication backends: Django's and allauth's, loading a session's user together with
its profile. Every request of a logged-in browser reads the profile (its language, in
accounts.middleware); joined to the user it costs no query of its own. So are the relations
the account checks read (dwaalhof_site.api.gate; accounts.gate ends a barred session)."""

from __future__ import annotations

from typing import Any

from allauth.account.auth_backends import AuthenticationBackend as AllauthBackend
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend as DjangoModelBackend

from dwaalhof_site.api import gate


def _user_with_profile(backend: Any, user_id: Any) -> Any:
    User = get_user_model()
    try:
        user = User._default_manager.select_related("profile", *gate.user_joins()).get(pk=user_id)
    except User.DoesNotExist:
        return None
    return user if backend.user_can_authenticate(user) else None


class ModelBackend(DjangoModelBackend):
    def get_user(self, user_id: Any) -> Any:
        return _user_with_profile(self, user_id)


class AuthenticationBackend(AllauthBackend):
    def get_user(self, user_id: Any) -> Any:
        return _user_with_profile(self, user_id)
