"""Django's ASGI handler, serving each HTTP request in one thread hop."""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest
from django.http.response import HttpResponseBase


class OneHopASGIHandler(ASGIHandler):
    """Runs the middleware and the view of a request together, in the request's thread.

    Our views and the middleware are synchronous. Django's ASGI handler runs async-capable
    middleware (all of Django's) in async mode, so each process_request, process_response,
    process_view, the view and the rendering is its own hop between the event loop and the
    request's thread: 17 hops per request here (WhiteNoise, sync-only, made it a sandwich),
    each a wake-up of a thread, costly on a busy server. This handler builds the middleware
    chain as WSGI does and calls it from one sync_to_async (thread-sensitive, as Django's
    own hops are): 3 hops per request (request_started, the request, response.close).
    Everything else (reading the body, disconnects, streaming, signals) is Django's."""

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)
