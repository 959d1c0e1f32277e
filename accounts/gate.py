"""Ends the session of an account that may not use the site now (dwaalhof_site.api.gate: a
suspension), on its next request: logged out, and an API request is answered with the
refusal (403, its code and params) instead of what it asked; another page goes on as a
visitor's. The login refuses such an account the same way (accounts.api)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth import logout
from django.http import HttpRequest, JsonResponse
from django.http.response import HttpResponseBase

from dwaalhof_site.api import gate
from dwaalhof_site.api.language import request_language


class EndBarredSessions:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        # The user is loaded anyway (the profile's language): its checks read joined rows.
        barred = gate.refusal(getattr(request, "user", None))
        if barred is not None:
            lang = request_language(request)
            logout(request)
            if request.path.startswith("/api/"):
                return JsonResponse(barred.body(lang), status=barred.status)
        return self.get_response(request)
