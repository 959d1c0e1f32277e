"""Every API error is `{"code", "params", "detail"}` with the status docs/api.md names.

An app refuses a request by raising an ApiError subclass (games.errors has the game ones).
A refused move's `code` is the engine's refusal code, `params` its parameters, `kind`
"illegal_move" or "invalid_move", and `detail` its text in the request's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext_noop as _
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from .language import request_language

# The detail of every 400 `invalid`: a body the serializer or a service refused, its fields
# named in `errors`.
INVALID = _("Ongeldig verzoek.")


class ApiError(Exception):
    """A refused request: its status, stable code, parameters and text; `errors` names the
    refused fields of the request (each with a msgid), `extra` joins the body, and `kind`
    too when set (a refused move's)."""

    status = 400
    code = "invalid"
    detail = INVALID
    kind: str | None = None

    def __init__(
        self,
        detail: str | None = None,
        *,
        params: dict[str, Any] | None = None,
        errors: Mapping[str, str] | None = None,
        **extra: Any,
    ) -> None:
        self.detail = detail or self.detail
        self.extra = extra
        self.params: dict[str, Any] = params or {}
        self.errors = dict(errors or {})
        super().__init__(self.detail)

    def text(self, lang: str) -> str:
        """The detail in `lang`: the Dutch detail is a gettext msgid (locale/en has the
        English) with `%(param)s` placeholders filled from `params`."""
        said = _translated(self.detail, lang)
        return said % self.params if self.params else said

    def body(self, lang: str) -> dict[str, Any]:
        """The answer's JSON in `lang`."""
        body = {"code": self.code, "params": self.params, "detail": self.text(lang), **self.extra}
        if self.errors:
            body["errors"] = {
                field: [_translated(msgid, lang)] for field, msgid in self.errors.items()
            }
        if self.kind is not None:
            body["kind"] = self.kind
        return body


def _translated(msgid: str, lang: str) -> str:
    with translation.override(lang):
        return translation.gettext(msgid)


class ErrorSerializer(serializers.Serializer):
    """The error body, for the schema."""

    code = serializers.CharField(
        help_text="stable code; for a refused move the engine's refusal code (docs/api.md)"
    )
    params = serializers.DictField(
        required=False, help_text="the refusal's parameters (numbers, keys), e.g. {'price': 4}"
    )
    kind = serializers.ChoiceField(
        choices=["illegal_move", "invalid_move"],
        required=False,
        help_text="only for a refused move: refused by the rules (422) or malformed (400)",
    )
    detail = serializers.CharField(help_text="the refusal in the request's language")
    seq = serializers.IntegerField(required=False)
    current = serializers.IntegerField(required=False, allow_null=True)
    # Documents the answer's "errors" key; this serializer only describes answers, so
    # hiding Serializer.errors does not matter.
    errors = serializers.JSONField(required=False)  # type: ignore[assignment]


TOO_LARGE = _("Het verzoek is te groot.")


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    lang = request_language(context["request"]) if "request" in context else "nl"
    if isinstance(exc, ApiError):
        answer = Response(exc.body(lang), status=exc.status)
        if exc.status == 429 and "retry_after" in exc.params:
            answer["Retry-After"] = str(exc.params["retry_after"])  # whole seconds
        return answer
    if isinstance(exc, RequestDataTooBig):
        # Left to Django, this is its HTML "Bad Request (400)" page.
        body = {"code": "too_large", "params": {}, "detail": _translated(TOO_LARGE, lang)}
        return Response(body, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        # The field messages are DRF's and ours in the active language, which is the
        # answer's (LocaleMiddleware, the profile: accounts.middleware, api.auth).
        said = _translated(INVALID, lang)
        response.data = {"code": "invalid", "params": {}, "detail": said, "errors": exc.detail}
        response.status_code = status.HTTP_400_BAD_REQUEST
        return response
    detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
    code = exc.get_codes() if isinstance(exc, exceptions.APIException) else "error"
    if not isinstance(code, str):
        code = "error"
    if str(detail).startswith("CSRF Failed"):
        code = "csrf_failed"
    response.data = {"code": code, "params": {}, "detail": str(detail)}
    return response


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: the same JSON shape as every other API error."""
    from django.http import JsonResponse

    body = {"code": "csrf_failed", "params": {}, "detail": f"CSRF Failed: {reason}"}
    return JsonResponse(body, status=403)
