"""The streams (docs/api.md, "Streams"), served by Channels HTTP consumers routed before the
Django app (dwaalhof_site.asgi): an open stream is a consumer waiting on its channel of the
channel layer, holding no thread. (Django's handler gave each request a thread of its own
until its answer ended: one idle thread per open stream.) The database is read in short
hops (database_sync_to_async), which give the thread back at once.

Each stream: the refusals as any API answer (JSON envelope, the reader's language), else
the answer's headers and a first document, then one line per event as the channel layer
brings it, in order (the consumer handles one message at a time), an empty line after
KEEPALIVE seconds of silence. The reader hanging up ends it (`http.disconnect`); a server
shutting down cancels it, and the body is then finished, so the reader sees a clean end and
resumes with `since`. Either way its group place, its tasks and its count are given back."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from typing import Any

from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.http import AsyncHttpConsumer
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, JsonResponse

from dwaalhof_site.api.errors import ApiError
from games import realtime

from . import account_feed, auth, game_feed, limits
from .since import parse as parse_since

log = logging.getLogger(__name__)
NDJSON = b"application/x-ndjson"
# The group membership is renewed this often (channels_redis forgets it after a day).
RENEW_GROUP_SECONDS = 3600
HEADERS = [
    (b"content-type", NDJSON),
    (b"cache-control", b"no-store"),
    (b"x-accel-buffering", b"no"),  # nginx passes each line at once
    (b"x-content-type-options", b"nosniff"),
]


line = game_feed.line_bytes


def unavailable() -> JsonResponse:
    """The database is away: the JSON 503 of every request (dwaalhof_site.db_unavailable)."""
    response = JsonResponse(
        {"code": "database_unavailable", "detail": "The database is unavailable; try again."},
        status=503,
    )
    response["Retry-After"] = "5"
    return response


class Refused(Exception):
    """The stream is not opened: this answer is sent instead."""

    def __init__(self, response: JsonResponse) -> None:
        self.response = response


class StreamConsumer(AsyncHttpConsumer):
    """What both streams share: admission, the open answer, keep-alive, the group, the end."""

    url_name = ""
    follower: Any  # what the stream follows (streams.game_feed, streams.account_feed)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.group: str | None = None
        self.holder: str | None = None
        self.since: int | None = None
        self.open = False
        self.finished = False
        self.beat: asyncio.Task[None] | None = None
        self.last_sent = 0.0

    # --- the ASGI life ----------------------------------------------------------------------

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        except asyncio.CancelledError:
            # The server shuts down (daphne cancels every application): end the body, so the
            # reader sees a clean end of the answer and resumes with `since`.
            await self.end_body()
            raise
        finally:
            await self.release()

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels' own dispatch closes old database connections before every message (a
        # thread hop each): a stream reads the database only through database_sync_to_async,
        # which does so itself. A message type a stream does not follow is skipped.
        handler = getattr(self, message["type"].replace(".", "_"), None)
        if handler is not None and not message["type"].startswith("_"):
            await handler(message)

    async def http_request(self, message: dict[str, Any]) -> None:
        if message.get("more_body"):
            return  # a GET has no body worth reading; wait for its end
        request = ASGIRequest(self.scope, io.BytesIO())
        if "session" in self.scope:
            request.session = self.scope["session"]
        try:
            if request.method != "GET":
                said = {"code": "method_not_allowed", "params": {}, "detail": "GET only."}
                raise Refused(JsonResponse(said, status=405))
            # Two database hops open a stream: who reads and what they ask (admit), and,
            # once counted and in the group, the first lines (start).
            user, token = await database_sync_to_async(self.admit)(request)
            if (too_many := limits.refusal(user, token)) is not None:
                raise Refused(await auth.refusal(request, user, too_many))
            self.holder = limits.take(user, token)  # no await since the check: one loop
            # Join before reading: nothing committed after the read is missed.
            self.group = self.group_of(user)
            await self.channel_layer.group_add(self.group, self.channel_name)
            first = await database_sync_to_async(self.follower.start)(self.since)
        except Refused as refused:
            await self.answer(refused.response)
            raise StopConsumer() from None
        except (OperationalError, InterfaceError) as error:
            log.warning("stream %s: database unavailable: %s", self.scope["path"], error)
            await self.answer(unavailable())
            raise StopConsumer() from None
        await self.send_headers(status=200, headers=HEADERS)
        self.open = True
        for text in first:
            await self.write(text)
        if self.said_all():
            await self.end()
        self.beat = asyncio.create_task(self.keep_alive())

    async def http_disconnect(self, message: dict[str, Any]) -> None:
        raise StopConsumer()  # `release` (in __call__) gives everything back

    # --- admission (sync: in the first database hop) -----------------------------------

    def admit(self, request: HttpRequest) -> tuple[Any, Any]:
        """The reader (tokens.auth.admit for a token, the session's player else) and what
        they ask (`check`); Refused, with the answer in their language, else."""
        user, token, refused = auth.reader(request, self.url_name)
        if refused is None and not user.is_authenticated:
            refused = auth.NotAuthenticated()  # a stream needs a login or a token
        try:
            if refused is not None:
                raise refused
            self.since = parse_since(request)
            self.check(user)
        except ApiError as error:
            raise Refused(auth.refusal_sync(request, user, error)) from None
        return user, token

    def check(self, user: Any) -> None:
        """May `user` read this stream? (an ApiError if not) Sets up self.follower."""
        raise NotImplementedError

    def group_of(self, user: Any) -> str:
        raise NotImplementedError

    def said_all(self) -> bool:
        return False

    # --- writing ----------------------------------------------------------------------------

    async def answer(self, response: JsonResponse) -> None:
        headers = [(k.lower().encode(), v.encode()) for k, v in response.items()]
        await self.send_headers(status=response.status_code, headers=headers)
        await self.send_body(response.content)
        self.finished = True

    async def write(self, data: bytes) -> None:
        if self.finished:
            return
        self.last_sent = asyncio.get_running_loop().time()
        await self.send_body(data, more_body=True)

    async def end_body(self) -> None:
        if self.open and not self.finished:
            self.finished = True
            with contextlib.suppress(Exception):  # the reader may be gone already
                await self.send_body(b"", more_body=False)

    async def keep_alive(self) -> None:
        """An empty line after KEEPALIVE seconds of silence; the group renewed each hour."""
        loop = asyncio.get_running_loop()
        renew = loop.time() + RENEW_GROUP_SECONDS
        while not self.finished:
            every = float(settings.DWAALHOF_STREAM_KEEPALIVE)
            await asyncio.sleep(max(0.0, self.last_sent + every - loop.time()))
            if loop.time() >= self.last_sent + every:
                await self.write(b"\n")
            if self.group is not None and loop.time() > renew:
                try:
                    await self.channel_layer.group_add(self.group, self.channel_name)
                    renew = loop.time() + RENEW_GROUP_SECONDS
                except Exception:  # the layer away (Redis restarting): try again next beat
                    log.warning("stream %s: could not renew its group", self.scope.get("path"))

    async def release(self) -> None:
        """Everything the stream held: its keep-alive task, its count, its group place."""
        if self.beat is not None:
            self.beat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.beat
            self.beat = None
        if self.holder is not None:
            limits.give_back(self.holder)
            self.holder = None
        if self.group is not None:
            group, self.group = self.group, None
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
            except Exception:  # the layer away (Redis down): the membership expires by itself
                log.warning("stream %s: could not leave the group", self.scope.get("path"))

    async def end(self) -> None:
        """The stream has said its last line (a game withdrawn)."""
        await self.end_body()
        raise StopConsumer()


class GameStream(StreamConsumer):
    """`GET /api/games/{id}/stream/[?since=N]`: the game's changes (streams.game_feed)."""

    url_name = "game-stream"

    def check(self, user: Any) -> None:
        game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        seat = game_feed.seat_of_viewer(game_id, user)
        self.follower = game_feed.Follower(game_id, user, seat)

    def group_of(self, user: Any) -> str:
        return realtime.audience_group(self.follower.game_id, self.follower.seat)

    def said_all(self) -> bool:
        return self.follower.gone  # withdrawn meanwhile: its first line said so

    async def game_changed(self, message: dict[str, Any]) -> None:
        verdict = self.follower.judge(message)
        if verdict is game_feed.Verdict.TEXT:
            await self.write(self.follower.from_message(message))
        elif verdict is game_feed.Verdict.LOG:
            await self.write(await database_sync_to_async(self.follower.from_log)())

    async def game_relay(self, message: dict[str, Any]) -> None:
        if self.follower.relays(message):
            await self.write(line(message["payload"]))

    async def game_gone(self, message: dict[str, Any]) -> None:
        await self.write(line({"type": "game.gone"}))
        await self.end()


class AccountStream(StreamConsumer):
    """`GET /api/stream/[?since=N]`: the reader's own events (streams.account_feed)."""

    url_name = "account-stream"

    def check(self, user: Any) -> None:
        self.follower = account_feed.Follower(user)

    def group_of(self, user: Any) -> str:
        return realtime.user_group(user.pk)

    async def user_push(self, message: dict[str, Any]) -> None:
        event = self.follower.event(message["payload"])
        if event is not None:
            await self.write(line(event))
