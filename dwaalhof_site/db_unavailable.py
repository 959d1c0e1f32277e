"""The database is away (restarting, failing over, out of connections): every request that
needs it answers a JSON 503 with Retry-After, in the API's error shape, instead of a 500
(or Django's HTML error page). Nothing was changed: the transaction could not commit.
Clients retry; a move retried with the same `client_move_id` is applied at most once."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, JsonResponse
from django.http.response import HttpResponseBase

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5


def unavailable_response() -> JsonResponse:
    response = JsonResponse(
        {"code": "database_unavailable", "detail": "The database is unavailable; try again."},
        status=503,
    )
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class DatabaseUnavailableMiddleware:
    """Maps a lost or refused database connection, raised anywhere in a view (DRF passes
    exceptions it does not know on), to the JSON 503. psycopg_pool's PoolTimeout is an
    OperationalError too, so "no connection within the pool's timeout" is covered."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_exception(
        self, request: HttpRequest, exception: Exception
    ) -> HttpResponseBase | None:
        if isinstance(exception, OperationalError | InterfaceError):
            log.warning("database unavailable: %s %s: %s", request.method, request.path, exception)
            return unavailable_response()
        return None
