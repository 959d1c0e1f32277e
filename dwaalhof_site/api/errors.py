"""Every API error is `{"code", "params", "detail"}` with the status docs/api.md names.

An app refuses a request by raising an ApiError subclass (games.errors has the game ones).
A refused move's `code` is the engine's refusal code, `params` its parameters, `kind`
"illegal_move" or "invalid_move", and `detail` its text in the request's language."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import translation
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from .language import request_language


class ApiError(Exception):
    """A refused request: its status, stable code, parameters and text; `extra` joins the
    body, and `kind` too when set (a refused move's)."""

    status = 400
    code = "invalid"
    detail = "Invalid request."
    kind: str | None = None

    def __init__(
        self, detail: str | None = None, *, params: dict[str, Any] | None = None, **extra: Any
    ) -> None:
        self.detail = detail or self.detail
        self.extra = extra
        self.params: dict = params or {}
        super().__init__(self.detail)

    def text(self, lang: str) -> str:
        """The detail in `lang`: the Dutch detail is a gettext msgid (locale/en has the
        English) with `%(param)s` placeholders filled from `params`."""
        with translation.override(lang):
            said = translation.gettext(self.detail)
        return said % self.params if self.params else said


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


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ApiError):
        lang = request_language(context["request"]) if "request" in context else "nl"
        body = {"code": exc.code, "params": exc.params, "detail": exc.text(lang), **exc.extra}
        if exc.kind is not None:
            body["kind"] = exc.kind
        return Response(body, status=exc.status)
    if isinstance(exc, RequestDataTooBig):
        # Left to Django, this is its HTML "Bad Request (400)" page.
        body = {"code": "too_large", "detail": "Request body too large."}
        return Response(body, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        response.data = {"code": "invalid", "detail": "Invalid request.", "errors": exc.detail}
        response.status_code = status.HTTP_400_BAD_REQUEST
        return response
    detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
    code = exc.get_codes() if isinstance(exc, exceptions.APIException) else "error"
    if not isinstance(code, str):
        code = "error"
    if str(detail).startswith("CSRF Failed"):
        code = "csrf_failed"
    response.data = {"code": code, "detail": str(detail)}
    return response


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: the same JSON shape as every other API error."""
    from django.http import JsonResponse

    return JsonResponse({"code": "csrf_failed", "detail": f"CSRF Failed: {reason}"}, status=403)
