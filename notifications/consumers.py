"""A user's notifications socket (`/ws/notifications/`): the unread count on connect, then
every notification pushed to the user's group (notifications.services.to_bell). Built on the
game socket's mixins (no connection hop per message, JSON tolerance, presence and group
renewal)."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games import realtime, ws_auth
from games.consumers import (
    ACCOUNT_BARRED,
    NOT_AUTHENTICATED,
    SCOPE_MISSING,
    LiveSocketMixin,
    NoConnectionHopMixin,
    TolerantJsonMixin,
    barred,
    refuse,
)

from . import services


class NotificationConsumer(
    NoConnectionHopMixin, TolerantJsonMixin, LiveSocketMixin, AsyncJsonWebsocketConsumer
):
    async def connect(self) -> None:
        user = self.scope.get("user")
        if self.scope.get("token_refused") or user is None or not user.is_authenticated:
            return await refuse(self, NOT_AUTHENTICATED)
        if await barred(user):
            return await refuse(self, ACCOUNT_BARRED)
        needed = ws_auth.missing_open_scope(self.scope, "notifications")
        if needed is not None:  # a token without account:read: the notices are the account's
            await self.accept()
            await self.send_json(
                {"type": "error", "code": "scope_missing", "params": {"scope": needed}}
            )
            return await self.close(code=SCOPE_MISSING)
        await self.join_group(realtime.user_group(user.pk))
        await self.accept()
        unread = await database_sync_to_async(services.unread_count)(user)
        await self.send_json({"type": "notifications.unread", "unread": unread})
        await self.keep_alive()

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})

    async def user_push(self, message: dict[str, Any]) -> None:
        await self.send_json(message["payload"])


async def watching(consumer: Any, content: dict[str, Any]) -> None:
    """A game's socket: `{"type": "watching", "visible": bool}` when its page is shown or
    hidden. Only a visible page counts as watching the game (games.consumers.on_message)."""
    if not getattr(consumer, "_present", False):
        return  # not logged in: no presence row
    game_id = consumer.game_id if content.get("visible") is True else None
    await database_sync_to_async(services.presence_watch)(consumer.channel_name, game_id)
