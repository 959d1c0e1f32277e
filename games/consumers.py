"""Websockets: one game's live updates (`/ws/games/<id>/`) and a user's notifications
(`/ws/notifications/`). Thin: access rules come from games.selectors, payloads from
games.realtime, presence and unread counts from notifications.services.

Close codes before the handshake completes: 4401 not logged in (or a wrong token),
4404 no such game or a private game you do not play in (as the REST API's 404).
"""

from __future__ import annotations

import asyncio
import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from chat import push as chat_push
from notifications import services as notifications

from . import realtime, selectors
from .errors import GameNotFound
from .ws_auth import query_param

NOT_AUTHENTICATED = 4401
NOT_FOUND = 4404
NO_ENTRIES = 2**31


def _int_or_none(value) -> int | None:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if number >= 0 else None


class TolerantJsonMixin:
    """A client that sends something that is not JSON hears so; the socket stays open."""

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        try:
            content = json.loads(text_data or bytes_data or "null")
        except ValueError:
            await self.send_json({"type": "error", "detail": "messages must be JSON"})
            return
        await self.receive_json(content, **kwargs)


class PresenceRefresher:
    """One task per server process refreshes the presence rows of all its open sockets in
    a few UPDATEs (a task per socket would cost a write per socket per minute)."""

    channels: set[str] = set()
    task: asyncio.Task | None = None
    loop: asyncio.AbstractEventLoop | None = None

    @classmethod
    def add(cls, channel_name: str) -> None:
        cls.channels.add(channel_name)
        loop = asyncio.get_running_loop()
        if cls.task is None or cls.task.done() or cls.loop is not loop:
            cls.loop, cls.task = loop, loop.create_task(cls._run())

    @classmethod
    def discard(cls, channel_name: str) -> None:
        cls.channels.discard(channel_name)

    @classmethod
    async def _run(cls) -> None:
        while True:
            await asyncio.sleep(notifications.PRESENCE_REFRESH)
            names = list(cls.channels)
            if names:
                await database_sync_to_async(notifications.presence_touch)(names)


class PresenceMixin:
    """Logged-in sockets count as 'connected' (no email while connected); the row is
    refreshed while the socket lives and removed when it closes."""

    _present = False

    async def presence_start(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            return
        await database_sync_to_async(notifications.presence_add)(user, self.channel_name)
        self._present = True
        PresenceRefresher.add(self.channel_name)

    async def presence_stop(self) -> None:
        if self._present:
            self._present = False
            PresenceRefresher.discard(self.channel_name)
            await database_sync_to_async(notifications.presence_remove)(self.channel_name)


class GameConsumer(TolerantJsonMixin, PresenceMixin, AsyncJsonWebsocketConsumer):
    group: str | None = None
    seat: int | None = None
    seq: int = -1  # the seq this socket's client holds

    async def connect(self):
        if self.scope.get("token_refused"):
            return await self.close(code=NOT_AUTHENTICATED)
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        access = await self._access()
        if access is None:
            return await self.close(code=NOT_FOUND)
        self.seat = access
        # Join the group before reading the state: nothing committed after the read can
        # then be missed, and anything older that arrives late is dropped by seq.
        self.group = realtime.game_group(self.game_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        since = _int_or_none(query_param(self.scope, "since"))
        await self._resync(since)
        await self.presence_start()

    @database_sync_to_async
    def _access(self) -> int | None:
        """None: refused. Else the viewer's seat, or -1 for a spectator of a public game."""
        user = self.scope.get("user")
        try:
            game = selectors.game_for_viewer(self.game_id, user)
        except GameNotFound:
            return None
        seat = selectors.seat_of(game, user)
        return -1 if seat is None else seat

    @property
    def viewer_seat(self) -> int | None:
        return None if self.seat == -1 else self.seat

    async def _resync(self, since: int | None) -> None:
        """Send the entries after `since` (none if the client has nothing) and the view."""
        # No `since`: a fresh client wants the state, not the whole log (read_update clamps
        # a `since` beyond the game's seq to the seq: no entries).
        start = NO_ENTRIES if since is None else since
        self.seq, text = await database_sync_to_async(realtime.read_update)(
            self.game_id, self.viewer_seat, start
        )
        await self.send(text_data=text)

    async def receive_json(self, content, **kwargs):
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "resync":
            since = _int_or_none(content.get("since"))
            await self._resync(since if since is not None else 0)
        elif kind == "ping":
            await self.send_json({"type": "pong", "seq": self.seq})
        elif kind == "chat":  # community: the game's chat (chat.push)
            await chat_push.receive(self, content)
        else:
            await self.send_json({"type": "error", "detail": "unknown message type"})

    async def game_changed(self, message):
        seq, first = message["seq"], message["first"]
        if seq < self.seq or (seq == self.seq and not message.get("force")):
            return  # already known (a late broadcast of an older commit)
        if self.seq != first:
            # A gap (this socket missed a broadcast) or an overlap (it connected between
            # two commits): the log in the database has exactly what it lacks.
            await self._resync(self.seq)
            return
        self.seq = seq
        await self.send(text_data=message["texts"][realtime.audience_key(self.viewer_seat)])

    async def chat_message(self, message):
        await chat_push.deliver(self, message)

    async def game_gone(self, message):
        await self.send_json({"type": "game.gone"})
        await self.close(code=NOT_FOUND)

    async def disconnect(self, code):
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.presence_stop()


class NotificationConsumer(TolerantJsonMixin, PresenceMixin, AsyncJsonWebsocketConsumer):
    group: str | None = None

    async def connect(self):
        user = self.scope.get("user")
        if self.scope.get("token_refused") or user is None or not user.is_authenticated:
            return await self.close(code=NOT_AUTHENTICATED)
        self.group = realtime.user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        unread = await database_sync_to_async(notifications.unread_count)(user)
        await self.send_json({"type": "notifications.unread", "unread": unread})
        await self.presence_start()

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})

    async def user_push(self, message):
        await self.send_json(message["payload"])

    async def disconnect(self, code):
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.presence_stop()
