"""The language of an answer: Django's negotiation over settings.LANGUAGES (the
`django_language` cookie, then Accept-Language), defaulting to settings.LANGUAGE_CODE.

Refusal texts come from the engine's catalogue in that language (`engine.refusals`). The
one place to change when the profile gets a language of its own."""

from __future__ import annotations

from django.utils import translation

from engine import refusals


def request_language(request) -> str:
    return refusals.language(translation.get_language_from_request(request))
