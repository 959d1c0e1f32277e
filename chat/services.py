"""Chat writes and reads. Only the two players of a game write (spectators of a public game
read); text only, at most MAX_LENGTH characters, at most RATE_COUNT messages per
RATE_SECONDS per player; a player may mute the opponent (their messages are then not shown
to that player, neither read nor pushed). A player who blocked the other
(moderation.services) never sees the blocked player's lines, in any game, and writes none
to them; a silenced or suspended account writes none at all. Chat never touches the move
log."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any, TypedDict

from django.utils import timezone
from django.utils.translation import gettext_noop as _

from accounts.models import display_name
from games import selectors
from games.errors import GameError
from games.models import Game
from moderation import errors as moderation_errors
from moderation import services as moderation

from .models import MAX_LENGTH, ChatMessage, ChatMute

RATE_COUNT = 5
RATE_SECONDS = 10
LIST_LIMIT = 200
# Control characters other than the line break and tab: never part of a chat line.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


class ChatInvalid(GameError):
    status, code = 400, "chat_invalid"


class ChatClosed(GameError):
    status, code, detail = 409, "chat_closed", _("Er is geen tegenspeler om mee te praten.")


class SpectatorsOnlyRead(GameError):
    """A chat line on the game's socket from someone who does not play (chat.push)."""

    status, code, detail = 403, "not_a_player", _("Toeschouwers lezen alleen mee.")


class ChatThrottled(GameError):
    status, code = 429, "chat_throttled"
    detail = _("Je stuurt te veel berichten achter elkaar. Wacht even.")


def clean(text: Any) -> str:
    if not isinstance(text, str):
        raise ChatInvalid(_("Een bericht is tekst."))
    text = _CONTROL.sub("", text).strip()
    if not text:
        raise ChatInvalid(_("Een leeg bericht stuur je niet."))
    if len(text) > MAX_LENGTH:
        raise ChatInvalid(
            _("Een bericht is hoogstens %(max)s tekens lang."), params={"max": MAX_LENGTH}
        )
    return text


def payload(message: ChatMessage) -> dict[str, Any]:
    return {
        "id": message.pk,
        "seat": message.seat,
        "display_name": display_name(message.user),
        "text": message.text,
        "created": message.created,
    }


def muted_by(game_id: int, author_id: int, players: list[int] | None = None) -> list[int]:
    """Who does not get this author's lines in this game: who muted them here, and a player
    (of `players`, the game's) who blocked them."""
    muting = ChatMute.objects.filter(game_id=game_id).exclude(user_id=author_id)
    skip = set(muting.values_list("user_id", flat=True))
    if players:
        skip.update(moderation.blockers_among(author_id, players))
    return sorted(skip)


class ChatEvent(TypedDict):
    """A stored line as the sockets get it (chat.push): the line, and who muted its author."""

    message: dict[str, Any]
    muted_by: list[int]


def post(*, game_id: int, user, text: Any, now=None) -> tuple[ChatMessage, ChatEvent]:
    """Store a player's message. Returns it and the event that brings it to the sockets."""
    text = clean(text)
    now = now or timezone.now()
    game, seat = selectors.game_for_player(game_id, user)
    seats = list(game.seats.all())
    if game.status == Game.Status.OPEN or any(s.is_computer for s in seats):
        raise ChatClosed()
    moderation.check_may_chat(user, now)
    players = [s.user_id for s in seats if s.user_id is not None]
    if any(moderation.has_blocked(user, other) for other in players if other != user.pk):
        raise moderation_errors.Blocked()
    recent = ChatMessage.objects.filter(
        user=user, created__gte=now - timedelta(seconds=RATE_SECONDS)
    )
    if recent.count() >= RATE_COUNT:
        raise ChatThrottled()
    message = ChatMessage.objects.create(game=game, user=user, seat=seat, text=text, created=now)
    message.user = user
    return message, {"message": payload(message), "muted_by": muted_by(game.pk, user.pk, players)}


def messages_for(game_id: int, viewer, since: int = 0) -> list[dict[str, Any]]:
    """The chat as the viewer may read it (without an opponent they muted or blocked)."""
    game = selectors.game_for_viewer(game_id, viewer)
    qs = _readable(ChatMessage.objects.filter(game=game, pk__gt=since), game, viewer)
    return [payload(m) for m in qs.select_related("user__profile").order_by("id")[:LIST_LIMIT]]


def _readable(qs: Any, game: Game, viewer: Any) -> Any:
    """The lines of `qs` (of `game`) that `viewer` reads."""
    if viewer is not None and viewer.is_authenticated:
        if ChatMute.objects.filter(game=game, user=viewer).exists():
            qs = qs.filter(user=viewer)
        qs = qs.exclude(user_id__in=moderation.hidden_authors(viewer))
    return qs


def message_seen_by(message_id: int, reader: Any) -> ChatMessage | None:
    """The chat line if `reader` can read it (a report points at it), else None."""
    message = ChatMessage.objects.select_related("user").filter(pk=message_id).first()
    if message is None:
        return None
    try:
        game = selectors.game_for_viewer(message.game_id, reader)
    except GameError:
        return None
    seen = _readable(ChatMessage.objects.filter(pk=message_id), game, reader).exists()
    return message if seen else None


def set_muted(*, game_id: int, user, muted: bool) -> bool:
    game, _seat = selectors.game_for_player(game_id, user)
    if muted:
        ChatMute.objects.get_or_create(game=game, user=user)
    else:
        ChatMute.objects.filter(game=game, user=user).delete()
    return muted


def is_muted(game_id: int, user) -> bool:
    return (
        bool(user and user.is_authenticated)
        and ChatMute.objects.filter(game_id=game_id, user=user).exists()
    )
