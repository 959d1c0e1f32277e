"""Server text in the player's language: after LocaleMiddleware has picked one from the
request (cookie, Accept-Language), a logged-in player's profile language wins."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils import translation

from dwaalhof_site.api.language import profile_language


class ProfileLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if chosen := profile_language(request):
            translation.activate(chosen)
            request.LANGUAGE_CODE = chosen
        return self.get_response(request)
