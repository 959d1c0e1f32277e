"""Django's ASGI handler, serving each HTTP request in one thread hop, on a reused thread."""

from __future__ import annotations

import threading
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from rest_framework.response import Response

# Request threads kept for reuse beyond this many are let go (a burst's extra threads).
THREADS_KEPT = 32


class RequestThreads:
    """One-thread executors lent to requests, one each, and kept for the next request.

    Django serves every request in a ThreadSensitiveContext so that all of its sync calls
    run on one thread; asgiref then makes a new thread for each request and ends it
    afterwards, and the new thread sets up its own database wrapper, translation and
    cache objects again. Lending a kept thread does what a WSGI server's thread pool does:
    a request still has a thread of its own while it runs (requests overlap while they wait
    on PostgreSQL), and Django's request_finished still returns its database connection
    to the pool."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._idle: list[ThreadPoolExecutor] = []

    def lend(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._idle:
                return self._idle.pop()
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="request")

    def give_back(self, executor: ThreadPoolExecutor) -> None:
        with self._lock:
            if len(self._idle) < THREADS_KEPT:
                self._idle.append(executor)
                return
        executor.shutdown(wait=False)


class OneHopASGIHandler(ASGIHandler):
    """Runs the middleware and the view of a request together, in the request's thread.

    Our views and the middleware are synchronous. Django's ASGI handler runs async-capable
    middleware (all of Django's) in async mode, so each process_request, process_response,
    process_view, the view and the rendering is its own hop between the event loop and the
    request's thread: 17 hops per request here (WhiteNoise, sync-only, made it a sandwich),
    each a wake-up of a thread, costly on a busy server. This handler builds the middleware
    chain as WSGI does and calls it from one sync_to_async (thread-sensitive, as Django's
    own hops are): 3 hops per request (request_started, the request, response.close), on a
    thread kept from an earlier request (RequestThreads). Everything else (reading the
    body, disconnects, streaming, signals) is Django's."""

    threads = RequestThreads()

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def __call__(
        self,
        scope: dict[str, Any],
        receive: Callable[[], Awaitable[Mapping[str, Any]]],
        send: Callable[[Mapping[str, Any]], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            return await super().__call__(scope, receive, send)  # Django refuses it
        executor = self.threads.lend()
        try:
            async with ThreadSensitiveContext(executor=executor):
                await self.handle(scope, receive, send)
        finally:
            self.threads.give_back(executor)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)

    def get_response(self, request: HttpRequest) -> HttpResponseBase:
        response = super().get_response(request)
        # A DRF Response, its view and its request refer to each other (view.response,
        # renderer_context["view"], ...), so the answer's data (a move's answer: the game,
        # the view, the legal moves; hundreds of lists and dicts) would live on until the
        # garbage collector finds the cycle, and be scanned by it. Once rendered, the bytes
        # are all that is sent: the data goes now.
        if isinstance(response, Response) and response.is_rendered:
            response.data = None
        return response
