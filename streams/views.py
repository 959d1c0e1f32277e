"""The streams (docs/api.md, "Streams"): `GET /api/games/{id}/stream/[?since=N]`.

A game's stream: first the `Game` document (the same as `GET /api/games/{id}/`), then, when
`since` is given and behind, one `game.update` with every log entry after it; then every
change as the game's socket sends it (`game.update`, `chat.message`, `game.gone`), in order,
each update starting where the last ended (a gap is filled from the database, a late or
doubled one dropped, by seq). An empty line every KEEPALIVE seconds keeps proxies and the
reader sure the stream lives. The stream is an async generator waiting on a channel of the
channel layer (the request's own thread-sensitive thread, which Django's ASGI handler keeps
until the answer ends, idles meanwhile: docs/api.md, "Streams")."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from typing import Any

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.http import HttpRequest, HttpResponseBase, StreamingHttpResponse
from django.utils.translation import gettext_noop

from dwaalhof_site.api import fast_json
from dwaalhof_site.api.errors import ApiError
from games import realtime, selectors
from games.errors import GameNotFound

from . import auth, limits

log = logging.getLogger(__name__)
NDJSON = "application/x-ndjson"
# The group membership is renewed this often (channels_redis forgets it after a day).
RENEW_GROUP_SECONDS = 3600


class BadSince(ApiError):
    code = "invalid"
    detail = gettext_noop("`since` moet een geheel getal van 0 of meer zijn.")


def line(data: Any) -> str:
    """One line of the stream: the JSON the API and the sockets write (fast_json)."""
    return fast_json.socket_text(data) + "\n"


def _since(request: HttpRequest) -> int | None:
    raw = request.GET.get("since")
    if raw is None:
        return None
    if not raw.isdigit():
        raise BadSince()
    return int(raw)


async def game_stream(request: HttpRequest, game_id: int) -> HttpResponseBase:
    user, token, refused = await auth.reader(request, "game-stream")
    if refused is None and not user.is_authenticated:
        refused = auth.NotAuthenticated()  # a stream needs a login or a token
    if refused is not None:
        return await auth.refusal(request, user, refused)
    try:
        since = _since(request)
        game = await sync_to_async(selectors.game_for_viewer)(game_id, user)
    except ApiError as error:
        return await auth.refusal(request, user, error)
    holder = limits.holder(user, token)
    if limits.full(holder):
        too_many = limits.TooManyStreams(params={"max": limits.limit()})
        return await auth.refusal(request, user, too_many)
    seat = selectors.seat_of(game, user)
    lines = _game_lines(game.pk, user, seat, since, holder)
    response = StreamingHttpResponse(lines, content_type=NDJSON)
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx passes each line at once
    return response


async def _game_lines(
    game_id: int, user: Any, seat: int | None, since: int | None, holder: str
) -> AsyncIterator[str]:
    limits.take(holder)
    layer = get_channel_layer()
    group = realtime.game_group(game_id)
    channel = None
    try:
        channel = await layer.new_channel()
        # Join before reading: nothing committed after the read is missed; older is dropped.
        await layer.group_add(group, channel)
        detail = await sync_to_async(_detail)(game_id, user)
        yield fast_json.api_bytes(detail).decode() + "\n"  # as GET /api/games/{id}/ writes it
        held = detail["seq"]
        if since is not None and since < held:
            held, text = await sync_to_async(realtime.read_update)(game_id, seat, since)
            yield text + "\n"
        renew = asyncio.get_running_loop().time() + RENEW_GROUP_SECONDS
        while True:
            try:
                message = await asyncio.wait_for(
                    layer.receive(channel), timeout=settings.DWAALHOF_STREAM_KEEPALIVE
                )
            except TimeoutError:
                yield "\n"
                if asyncio.get_running_loop().time() > renew:
                    await layer.group_add(group, channel)
                    renew = asyncio.get_running_loop().time() + RENEW_GROUP_SECONDS
                continue
            kind = message.get("type")
            if kind == "game.changed":
                if message["seq"] < held or (message["seq"] == held and not message["force"]):
                    continue  # already sent
                if message["first"] != held:  # a gap or an overlap: the log has it
                    held, text = await sync_to_async(realtime.read_update)(game_id, seat, held)
                else:
                    held, text = message["seq"], message["texts"][realtime.audience_key(seat)]
                yield text + "\n"
            elif kind == "game.relay":
                if not (user.is_authenticated and user.pk in message["skip_users"]):
                    yield line(message["payload"])
            elif kind == "game.gone":
                yield line({"type": "game.gone"})
                return
    finally:
        limits.give_back(holder)
        if channel is not None:
            try:
                await layer.group_discard(group, channel)
            except Exception:  # the layer away (Redis down): the membership expires by itself
                log.warning("stream of game %s: could not leave the group", game_id)


def _detail(game_id: int, user: Any) -> dict[str, Any]:
    try:
        game = selectors.game_for_viewer(game_id, user)
    except GameNotFound:
        return {"type": "game.gone"}
    return dict(selectors.game_detail(game, user))
