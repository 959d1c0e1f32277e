"""Every API error is `{"code": ..., "detail": ...}` with the status docs/api.md names."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from games.errors import GameError


def exception_handler(exc, context):
    if isinstance(exc, GameError):
        body = {"code": exc.code, "detail": exc.detail, **exc.extra}
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


def csrf_failure(request, reason=""):
    """CSRF_FAILURE_VIEW: the same JSON shape as every other API error."""
    from django.http import JsonResponse

    return JsonResponse({"code": "csrf_failed", "detail": f"CSRF Failed: {reason}"}, status=403)
