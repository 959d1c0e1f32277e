"""Django's ASGI handler, serving each HTTP request in one thread hop, on a reused thread."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import FileResponse, HttpRequest
from django.http.response import HttpResponseBase
from django.urls import set_script_prefix
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


class _Served:
    """What the request's thread did: the response it built, and whether it closed it."""

    response: HttpResponseBase | None = None
    closed = False


class OneHopASGIHandler(ASGIHandler):
    """Serves a request in one hop to the request's thread: request_started, the
    middleware, the view, the rendering and (for an answer of bytes) the close.

    Our views and the middleware are synchronous. Django's ASGI handler runs async-capable
    middleware (all of Django's) in async mode, so each process_request, process_response,
    process_view, the view and the rendering is its own hop between the event loop and the
    request's thread: 17 hops per request here (WhiteNoise, sync-only, made it a sandwich),
    each a wake-up of a thread, costly on a busy server. This handler builds the middleware
    chain as WSGI does and calls it from one sync_to_async (thread-sensitive, as Django's
    own hops are), on a thread kept from an earlier request (RequestThreads).

    Django's handler also sends request_started and closes the response (request_finished:
    the database connection goes back to the pool) in hops of their own. Here both happen
    in the same hop as the response: request_started first, and the close right after
    the response is built, before its bytes are sent, when the body is bytes in hand. A
    streaming answer (static files, a StreamingHttpResponse) still reads its file or
    iterator while it is sent, so it is closed after that, as Django does. Reading the
    body, a disconnect during the request and sending are Django's own code."""

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

    async def handle(
        self,
        scope: dict[str, Any],
        receive: Callable[[], Awaitable[Mapping[str, Any]]],
        send: Callable[[Mapping[str, Any]], Awaitable[None]],
    ) -> None:
        """Django's ASGIHandler.handle (5.2) with its three hops made one: `serve`."""
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        set_script_prefix(get_script_prefix(scope))
        served = _Served()

        async def process_request() -> HttpResponseBase:
            response = await sync_to_async(self.serve, thread_sensitive=True)(
                scope, body_file, served
            )
            try:
                await self.send_response(response, send)
            except asyncio.CancelledError:
                pass  # the client disconnected while it was sent (as Django)
            return response

        # As Django: a disconnect while the response is made cancels the sending (the
        # thread finishes the view: a thread cannot be stopped).
        processing = asyncio.create_task(process_request())
        tasks: list[asyncio.Task[Any]] = [
            asyncio.create_task(self.listen_for_disconnect(receive)),
            processing,
        ]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in tasks:
            if task.done():
                try:
                    task.result()
                except RequestAborted:
                    pass
                except AssertionError:
                    body_file.close()
                    raise
            else:
                task.cancel()
                try:
                    await task
                except asyncio.CancelledError:
                    pass
        try:
            response = processing.result()
        except asyncio.CancelledError:
            # Queued on the request's one thread, so after `serve` (or in its place, if it
            # never started): request_finished exactly once, as Django sends it here.
            await sync_to_async(self.finish, thread_sensitive=True)(served)
        else:
            if not served.closed:
                await sync_to_async(response.close)()
        body_file.close()

    def serve(self, scope: dict[str, Any], body_file: Any, served: _Served) -> HttpResponseBase:
        """request_started, the request, its response; closed here when it is bytes."""
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, error_response = self.create_request(scope, body_file)
        response: HttpResponseBase
        if request is None:
            assert error_response is not None  # a request Django could not make: 400, 413
            response = error_response
        else:
            response = self.get_response(request)
            response._handler_class = self.__class__  # type: ignore[attr-defined]
            if isinstance(response, FileResponse):
                response.block_size = self.chunk_size
        served.response = response
        if not response.streaming:
            # The body is bytes in hand: closing now (request_finished, the database
            # connection back to the pool) leaves nothing for the sending to need.
            response.close()
            served.closed = True
        return response

    def finish(self, served: _Served) -> None:
        """After a disconnect: request_finished, unless `serve` already sent it (a response
        made but not sent is closed: its file too)."""
        if served.closed:
            return
        if served.response is not None:
            served.response.close()
        else:
            signals.request_finished.send(sender=self.__class__)

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
