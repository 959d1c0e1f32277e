"""Websockets: one game's live updates (`/ws/games/<id>/`). Thin: access rules come from
games.selectors, payloads from games.realtime; presence is announced with games.signals
(notifications keeps it). The notifications socket (`/ws/notifications/`) is
notifications.consumers, built on the mixins here.

Refused sockets are accepted and closed at once with a close code: 4401 not logged in (or
a wrong token), 4404 no such game or a private game you do not play in (as the REST API's
404). (A socket closed before the handshake completes gets daphne's bare HTTP 403, and a
client could not tell "log in again" from "no such game".)
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer

from dwaalhof_site.api import gate

from . import bounded_json, realtime, selectors, signals
from .errors import GameNotFound
from .ws_auth import query_param

log = logging.getLogger(__name__)

NOT_AUTHENTICATED = 4401
NOT_FOUND = 4404
ACCOUNT_BARRED = 4403  # a suspended or closed account's socket, closed by moderation
# A `?token=` socket whose token lacks the scope to open it (ws_auth.OPEN_SCOPES): forbidden,
# as REST's 403 scope_missing; the error message before the close says which scope.
SCOPE_MISSING = 4403
NO_ENTRIES = 2**31

# Message types on the game's socket that other apps answer (the chat registers "chat" in its
# AppConfig.ready()), so games does not import them: handler(consumer, message).
SocketHandler = Callable[["GameConsumer", dict[str, Any]], Awaitable[None]]
_message_handlers: dict[str, SocketHandler] = {}


def on_message(kind: str, handler: SocketHandler) -> None:
    """Let `handler` answer the game socket's messages of type `kind`."""
    _message_handlers[kind] = handler


async def refuse(consumer: AsyncJsonWebsocketConsumer, code: int) -> None:
    await consumer.accept()
    await consumer.close(code=code)


def _int_or_none(value: Any) -> int | None:  # anything a client sent
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if number >= 0 else None


class NoConnectionHopMixin:
    """Handlers without Channels' thread hop to close old database connections.

    Channels' AsyncConsumer.dispatch awaits `aclose_old_connections()` before every
    handler: a `sync_to_async` hop to a thread for each message a socket gets, every game
    update pushed to every socket (two or three per move) included, for a pushed update
    that reads no database (~2-3% of a web process's CPU under the load test, issue 26).
    Our handlers reach the database only through `database_sync_to_async`, which closes
    old connections in its thread before and after the work, so the hop does nothing for
    them. The handlers, audited (keep this list current when adding one):

    - websocket_connect (connect): barred, GameConsumer._access, realtime.read_update
      (_resync), signals.socket_opened (keep_alive), notifications' unread_count: all
      through database_sync_to_async; the user in the scope was loaded by the auth
      middleware (session or token) before the consumer ran;
    - websocket_receive (receive_json): "resync" (realtime.read_update), "ping" (none),
      the other apps' types: "chat" (chat.push.receive: socket_language and the post in
      database_sync_to_async), "watching" (notifications.consumers.watching: the same);
    - websocket_disconnect (disconnect): signals.socket_closed through
      database_sync_to_async (Channels closes old connections once more after it);
    - game_changed (a resync through database_sync_to_async only on a gap), game_relay,
      game_gone, user_push, account_barred: no database.
    """

    async def dispatch(self, message: dict[str, Any]) -> None:
        # As channels.consumer.AsyncConsumer.dispatch, without `aclose_old_connections()`.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


class TolerantJsonMixin:
    """A client that sends something that is not JSON hears so; the socket stays open."""

    if TYPE_CHECKING:  # provided by AsyncJsonWebsocketConsumer

        async def send_json(self, content: Any, close: bool = False) -> None: ...
        async def receive_json(self, content: Any, **kwargs: Any) -> None: ...

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        try:
            content = bounded_json.loads(text_data or bytes_data or "null")
        except ValueError as err:
            detail = str(err) if isinstance(err, bounded_json.TooDeep) else "messages must be JSON"
            await self.send_json({"type": "error", "detail": detail})
            return
        await self.receive_json(content, **kwargs)


class LiveSockets:
    """The open sockets of this server process, kept alive in the shared state by one task
    per process (a task per socket would cost a write per socket per interval):

    - presence rows of logged-in sockets, refreshed every PRESENCE_REFRESH seconds in a few
      UPDATEs (rows that stop being refreshed count as gone: a crashed server's);
    - channel-layer group membership, which the layer forgets `group_expiry` seconds after
      the socket joined (a day by default): renewed at a quarter of that, so a tab left open
      on a slow turn-by-turn game keeps hearing moves."""

    groups: dict[str, list[str]] = {}  # channel name -> its groups
    present: set[str] = set()  # channel names with a presence row
    tasks: list[asyncio.Task] = []
    loop: asyncio.AbstractEventLoop | None = None

    @classmethod
    def add(cls, channel_name: str, groups: list[str], *, present: bool) -> None:
        cls.groups[channel_name] = list(groups)
        if present:
            cls.present.add(channel_name)
        loop = asyncio.get_running_loop()
        if cls.loop is not loop or any(task.done() for task in cls.tasks):
            layer = get_channel_layer()
            group_renew = getattr(layer, "group_expiry", 86400) / 4
            cls.loop = loop
            cls.tasks = [
                loop.create_task(_every(signals.PRESENCE_REFRESH, cls._touch_presence)),
                loop.create_task(_every(group_renew, cls._renew_groups)),
            ]

    @classmethod
    def discard(cls, channel_name: str) -> None:
        cls.groups.pop(channel_name, None)
        cls.present.discard(channel_name)

    @classmethod
    async def _touch_presence(cls) -> None:
        names = list(cls.present)
        if names:
            await database_sync_to_async(signals.sockets_alive.send)(
                sender=LiveSockets, channel_names=names
            )

    @classmethod
    async def _renew_groups(cls) -> None:
        layer = get_channel_layer()
        for channel_name, groups in list(cls.groups.items()):
            for group in groups:
                await layer.group_add(group, channel_name)  # re-adding renews the membership


@database_sync_to_async
def barred(user: Any) -> bool:
    """A suspended or closed account opens no socket (dwaalhof_site.api.gate)."""
    return gate.refusal(user) is not None


async def _every(seconds: float, job: Callable[[], Awaitable[None]]) -> None:
    while True:
        await asyncio.sleep(seconds)
        try:
            await job()
        except Exception:  # e.g. Redis or the database away for a moment: try next time
            log.exception("socket keep-alive job %s failed", job.__name__)


class LiveSocketMixin:
    """Logged-in sockets count as 'connected' (no email while connected); the presence row
    and the group membership are renewed while the socket lives, removed when it closes."""

    group: str | None = None  # the socket's own group (its game's, its user's)
    account: str | None = None  # the account's group: a suspension closes the socket
    _present = False
    # provided by AsyncJsonWebsocketConsumer (channels has no type hints)
    channel_layer: Any
    channel_name: str
    scope: dict[str, Any]
    if TYPE_CHECKING:

        async def close(self, code: int | None = None) -> None: ...

    async def join_group(self, group: str) -> None:
        self.group = group
        await self.channel_layer.group_add(group, self.channel_name)

    async def keep_alive(self) -> None:
        """After accept: presence (logged in only) and group renewal until disconnect."""
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:
            self.account = realtime.account_group(user.pk)
            await self.channel_layer.group_add(self.account, self.channel_name)
            await database_sync_to_async(signals.socket_opened.send)(
                sender=type(self),
                user=user,
                channel_name=self.channel_name,
                game_id=getattr(self, "game_id", None),  # a game's socket watches its game
            )
            self._present = True
        assert self.group is not None  # join_group comes first
        groups = [self.group] + ([self.account] if self.account else [])
        LiveSockets.add(self.channel_name, groups, present=self._present)

    async def account_barred(self, message: dict[str, Any]) -> None:
        """The account was suspended or closed: this socket ends now (moderation)."""
        await self.close(code=ACCOUNT_BARRED)

    async def disconnect(self, code: int) -> None:
        LiveSockets.discard(self.channel_name)
        for group in (self.group, self.account):
            if group is not None:
                await self.channel_layer.group_discard(group, self.channel_name)
        if self._present:
            self._present = False
            await database_sync_to_async(signals.socket_closed.send)(
                sender=type(self), channel_name=self.channel_name
            )


class GameConsumer(
    NoConnectionHopMixin, TolerantJsonMixin, LiveSocketMixin, AsyncJsonWebsocketConsumer
):
    seat: int | None = None
    seq: int = -1  # the seq this socket's client holds

    async def connect(self) -> None:
        if self.scope.get("token_refused"):
            return await refuse(self, NOT_AUTHENTICATED)
        if await barred(self.scope.get("user")):
            return await refuse(self, ACCOUNT_BARRED)
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        access = await self._access()
        if access is None:
            return await refuse(self, NOT_FOUND)
        self.seat = access
        # Join the group before reading the state: nothing committed after the read can
        # then be missed, and anything older that arrives late is dropped by seq. The group
        # is the socket's audience's: it hears the updates of its seat (or spectators) only.
        await self.join_group(realtime.audience_group(self.game_id, self.viewer_seat))
        await self.accept()
        since = _int_or_none(query_param(self.scope, "since"))
        await self._resync(since)
        await self.keep_alive()

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

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "resync":
            since = _int_or_none(content.get("since"))
            await self._resync(since if since is not None else 0)
        elif kind == "ping":
            await self.send_json({"type": "pong", "seq": self.seq})
        elif isinstance(kind, str) and kind in _message_handlers:  # e.g. "chat" (chat.push)
            await _message_handlers[kind](self, content)
        else:
            await self.send_json({"type": "error", "detail": "unknown message type"})

    async def game_changed(self, message: dict[str, Any]) -> None:
        seq, first = message["seq"], message["first"]
        if seq < self.seq or (seq == self.seq and not message.get("force")):
            return  # already known (a late broadcast of an older commit)
        if self.seq != first:
            # A gap (this socket missed a broadcast) or an overlap (it connected between
            # two commits): the log in the database has exactly what it lacks.
            await self._resync(self.seq)
            return
        self.seq = seq
        await self.send(text_data=message["text"])  # its audience's: the group is

    async def game_relay(self, message: dict[str, Any]) -> None:
        """Another app's message for the clients (games.realtime.relayed), e.g. a chat line."""
        user = self.scope.get("user")
        if user is not None and user.is_authenticated and user.pk in message["skip_users"]:
            return
        await self.send_json(message["payload"])

    async def game_gone(self, message: dict[str, Any]) -> None:
        await self.send_json({"type": "game.gone"})
        await self.close(code=NOT_FOUND)
