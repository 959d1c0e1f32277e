"""Chat over the game's websocket: the event every socket of the game gets, and what a
socket does with it and with a player's `{"type": "chat", "text": ...}` (games.consumers
calls `receive` and `deliver`)."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

from games import realtime
from games.errors import GameError

from . import services


def to_game(game_id: int, event: dict[str, Any]) -> None:
    """Send from sync code (a REST request's on_commit)."""
    realtime._group_send(realtime.game_group(game_id), realtime.jsonable(event))


def socket_language(scope: dict[str, Any]) -> str:
    """The language of the socket's reader: the profile's, else the handshake's
    Accept-Language (as dwaalhof_site.api.language does for a request), else Dutch."""
    user = scope.get("user")
    if user is not None and user.is_authenticated:
        chosen = getattr(getattr(user, "profile", None), "language", "")
        if chosen:
            return chosen
    accept = dict(scope.get("headers", ())).get(b"accept-language", b"").decode("latin-1")
    for code, _quality in parse_accept_lang_header(accept):
        if code == "*":
            break
        try:
            return translation.get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE


async def receive(consumer, content: dict[str, Any]) -> None:
    """A player's chat line from the socket: stored, then sent to the whole game."""
    user = consumer.scope.get("user")
    lang = await database_sync_to_async(socket_language)(consumer.scope)
    try:
        if user is None or not user.is_authenticated or consumer.viewer_seat is None:
            raise services.SpectatorsOnlyRead()
        _message, event = await database_sync_to_async(services.post)(
            game_id=consumer.game_id, user=user, text=content.get("text")
        )
    except GameError as err:
        await consumer.send_json(
            {"type": "error", "code": err.code, "params": err.params, "detail": err.text(lang)}
        )
        return
    await consumer.channel_layer.group_send(consumer.group, realtime.jsonable(event))


async def deliver(consumer, event: dict[str, Any]) -> None:
    """Forward a chat event to this socket's client, unless its player muted the author."""
    user = consumer.scope.get("user")
    if user is not None and user.is_authenticated and user.pk in event.get("muted_by", ()):
        return
    await consumer.send_json({"type": "chat.message", "message": event["message"]})
