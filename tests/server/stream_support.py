"""Streams opened on the ASGI application (dwaalhof_site.asgi) in the test's own loop, as
daphne serves them (tests/server/test_streams.py, test_account_stream.py)."""

from __future__ import annotations

import asyncio
import contextlib
import json

from asgiref.testing import ApplicationCommunicator

from dwaalhof_site.asgi import application

from .realtime_support import db, session_cookie_for


class Stream:
    """A stream opened on the ASGI application (dwaalhof_site.asgi, as daphne serves it), read
    line by line. Closing it sends `http.disconnect`, as the server does when the reader
    hangs up, and waits for the application to end."""

    def __init__(self, path: str, headers: list[tuple[bytes, bytes]]):
        raw_path, _, query = path.partition("?")
        self.app = ApplicationCommunicator(
            application,
            {
                "type": "http",
                "asgi": {"version": "3.0"},
                "http_version": "1.1",
                "method": "GET",
                "scheme": "http",
                "path": raw_path,
                "raw_path": raw_path.encode(),
                "root_path": "",
                "query_string": query.encode(),
                "headers": [(b"host", b"testserver"), *headers],
                "client": ("127.0.0.1", 40000),
                "server": ("testserver", 80),
            },
        )
        self.buffer = b""
        self.ended = False

    async def start(self) -> None:
        await self.app.send_input({"type": "http.request", "body": b"", "more_body": False})
        head = await self.app.receive_output(10)
        assert head["type"] == "http.response.start"
        self.status_code = head["status"]
        self.headers = {k.decode().lower(): v.decode() for k, v in head["headers"]}

    def __getitem__(self, header: str) -> str:
        return self.headers[header.lower()]

    async def _more(self) -> None:
        message = await self.app.receive_output(10)
        assert message["type"] == "http.response.body"
        self.buffer += message.get("body", b"")
        if not message.get("more_body", False):
            self.ended = True

    async def next(self) -> dict | str:
        while b"\n" not in self.buffer:
            if self.ended:
                raise EOFError("the stream ended")
            await self._more()
        text, _, self.buffer = self.buffer.partition(b"\n")
        return json.loads(text) if text.strip() else "\n"

    async def rest(self) -> bytes:
        """What is left of the answer until its end (a refusal's whole body)."""
        while not self.ended:
            await self._more()
        return self.buffer

    async def close(self) -> None:
        await self.app.send_input({"type": "http.disconnect"})
        await self.app.wait(10)

    async def shut_down(self) -> None:
        """The server shuts down: daphne cancels every application and waits for it. What
        the application sent until it ended is read from its queue."""
        self.app.future.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(self.app.future), 10)
        while not self.app.output_queue.empty():
            message = self.app.output_queue.get_nowait()
            assert message["type"] == "http.response.body"
            self.buffer += message.get("body", b"")
            self.ended = not message.get("more_body", False)


async def open_stream(path: str, *, user=None, token: str | None = None) -> Stream:
    headers = [await db(session_cookie_for)(user)] if user is not None else []
    if token:
        headers.append((b"authorization", f"Token {token}".encode()))
    stream = Stream(path, headers)
    await stream.start()
    return stream


async def refused(path: str, **who) -> tuple[int, str, dict]:
    """(status, content type, body) of a stream refused."""
    stream = await open_stream(path, **who)
    body = json.loads(await stream.rest())
    await stream.app.wait(10)
    return stream.status_code, stream["Content-Type"], body


async def next_event(stream: Stream, *skipped: str) -> dict:
    """The next line that is an event, past keep-alive lines and the `skipped` types."""
    while True:
        said = await stream.next()
        if isinstance(said, dict) and said.get("type") not in skipped:
            return said
