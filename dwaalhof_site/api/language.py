"""The language of an answer: the logged-in player's profile language, else Django's
negotiation over settings.LANGUAGES (the `django_language` cookie, then Accept-Language),
defaulting to settings.LANGUAGE_CODE.

Refusal texts come from the engine's catalogue in that language (`engine.refusals`)."""

from __future__ import annotations

from django.utils import translation

from engine import refusals


def profile_language(request) -> str:
    """The logged-in player's chosen language, or "" (anonymous, or none chosen)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return getattr(getattr(user, "profile", None), "language", "") or ""
    return ""


def request_language(request) -> str:
    return profile_language(request) or refusals.language(
        translation.get_language_from_request(request)
    )
