"""The language of an answer: the logged-in player's profile language, else Django's
negotiation over settings.LANGUAGES (the `django_language` cookie, then Accept-Language),
defaulting to settings.LANGUAGE_CODE.

Refusal texts come from the engine's catalogue in that language (`engine.refusals`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils import translation
from rest_framework.request import Request

from engine import refusals


def user_language(user: Any) -> str:
    """A player's chosen language, or "" (anonymous, or none chosen)."""
    if user is not None and user.is_authenticated:
        return getattr(getattr(user, "profile", None), "language", "") or ""
    return ""


def profile_language(request: HttpRequest | Request) -> str:
    """The logged-in player's chosen language, or "" (anonymous, or none chosen)."""
    return user_language(getattr(request, "user", None))


def request_language(request: HttpRequest | Request) -> str:
    return profile_language(request) or refusals.language(
        translation.get_language_from_request(request)
    )
