"""What a push says: `{"title", "body", "url", "tag"}` in the player's language, written
when the worker sends it (so 'time left' is the time left then, after quiet hours too).
One tag per game: a newer push of a game replaces the older one on the device."""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts.models import display_name, language_of
from games.models import Game

# The notice kinds (notifications.models.Notification.Kind) and their push titles (msgids).
TITLES: dict[str, str] = {
    "your_turn": gettext_noop("Jouw beurt"),
    "deadline_near": gettext_noop("Je bedenktijd is bijna om"),
    "game_over": gettext_noop("Partij voorbij"),
    "rematch_offer": gettext_noop("Revanche aangeboden"),
    "opponent_joined": gettext_noop("Tegenspeler aangeschoven"),
    "chat_message": gettext_noop("Bericht in de chat"),
}


def time_left(seconds: float) -> str:
    """'6 u', '2 d', '12 min' (in the active language): rounded down, so never more than
    there is."""
    if seconds >= 2 * 86400:
        return _("%(n)s d") % {"n": int(seconds // 86400)}
    if seconds >= 3600:
        return _("%(n)s u") % {"n": int(seconds // 3600)}
    return _("%(n)s min") % {"n": max(1, math.floor(seconds / 60))}


def _opponent(game: Game, user_id: int) -> str:
    for seat in game.seats.select_related("user"):
        if seat.user_id != user_id:
            return _("de computer") if seat.is_computer else display_name(seat.user)
    return _("je tegenspeler")


def _your_turn(game: Game, user_id: int, now: datetime) -> str:
    words = {"game": game.pk, "opponent": _opponent(game, user_id), "round": game.round}
    if game.deadline_at is None:  # no clock runs (against the computer)
        return _("Jouw beurt in partij %(game)s tegen %(opponent)s — ronde %(round)s") % words
    left = time_left(max(0.0, (game.deadline_at - now).total_seconds()))
    return _("Jouw beurt in partij %(game)s tegen %(opponent)s — ronde %(round)s, nog %(left)s") % {
        **words,
        "left": left,
    }


def build(note: Any, now: datetime) -> dict[str, str]:
    """The push of notice `note` (a notifications Notification) for its player."""
    user = note.user
    with translation.override(language_of(user)):
        title = _(TITLES.get(note.kind, "Dwaalhof"))
        body = note.text
        game = note.game
        if game is not None and note.kind == "your_turn":
            body = _your_turn(game, user.pk, now)
    return {
        "title": title,
        "body": body,
        "url": f"/#/spel/{note.game_id}" if note.game_id else "/",
        "tag": f"game-{note.game_id}" if note.game_id else f"notice-{note.pk}",
    }
