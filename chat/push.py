"""Chat over the game's websocket. A player's `{"type": "chat", "text": ...}` on the game's
socket comes to `receive` (ChatConfig.ready() registers it with games.consumers); a stored
line goes to every socket of the game as a message the game's consumer relays to its client
(games.realtime.relayed), except to the player who muted the author. games never imports
chat: chat uses the games' public socket functions."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import transaction
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

from accounts.models import is_bot
from dwaalhof_site.api.errors import ApiError
from games import realtime
from games.api.bot_accounts import BotChatsByToken
from games.ws_auth import query_param, require_play_scope

from . import services
from .models import ChatMessage

if TYPE_CHECKING:
    from games.consumers import GameConsumer


def relayed(event: services.ChatEvent) -> dict[str, Any]:
    """The group message that brings a chat line to the game's clients but the muting one."""
    return realtime.relayed(
        {"type": "chat.message", "message": event["message"]}, skip_users=event["muted_by"]
    )


def post_and_push(*, game_id: int, user: Any, text: Any) -> ChatMessage:
    """services.post() for the REST API: the line goes to the sockets once it is committed."""
    with transaction.atomic():
        message, event = services.post(game_id=game_id, user=user, text=text)
        transaction.on_commit(partial(realtime.send_to_game, game_id, relayed(event)))
    return message


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


async def receive(consumer: GameConsumer, content: dict[str, Any]) -> None:
    """A player's chat line from the socket: stored, then sent to the whole game."""
    user = consumer.scope.get("user")
    lang = await database_sync_to_async(socket_language)(consumer.scope)
    try:
        if user is None or not user.is_authenticated or consumer.viewer_seat is None:
            raise services.SpectatorsOnlyRead()
        _message, event = await database_sync_to_async(_post_from_socket)(
            consumer.scope, game_id=consumer.game_id, user=user, text=content.get("text")
        )
    except ApiError as err:  # the game's refusals, and moderation's (blocked, silenced)
        await consumer.send_json(
            {"type": "error", "code": err.code, "params": err.params, "detail": err.text(lang)}
        )
        return
    groups = realtime.game_groups(consumer.game_id)  # every socket of the game
    await realtime.send_each(consumer.channel_layer, dict.fromkeys(groups, relayed(event)))


def _post_from_socket(
    scope: dict[str, Any], *, game_id: int, user: Any, text: Any
) -> tuple[ChatMessage, services.ChatEvent]:
    """services.post() for a socket: a bot's socket opened by its session (the web client,
    no `?token=`) is refused, as its REST requests are (games.api.bot_accounts), and a socket
    opened with a token needs the scope POST chat/ needs."""
    if is_bot(user) and query_param(scope, "token") is None:
        raise BotChatsByToken()
    require_play_scope(scope)
    return services.post(game_id=game_id, user=user, text=text)
