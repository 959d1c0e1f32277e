"""What the report queue shows beside a report (moderation.admin): the chat lines around a
reported line, and for a reported player their latest chat lines and games.

The chat lines and games are read through the models the Report names (its `message` and
`game` foreign keys) and the user's seats, so moderation imports neither chat nor games
(tests/server/test_app_boundaries.py)."""

from __future__ import annotations

from typing import Any

from .models import Report

AROUND = 5  # the chat lines shown before and after a reported one
RECENT = 10  # a reported player's latest chat lines, and latest games, shown


def _model(field: str) -> Any:
    """The model a Report's foreign key `field` points at (chat's lines, games' games)."""
    return Report._meta.get_field(field).related_model


def _chat_lines() -> Any:
    return _model("message")._default_manager.select_related("user")


def lines_around(message: Any) -> list[Any]:
    """The reported line among the AROUND lines before and after it in its game."""
    chat = _chat_lines().filter(game_id=message.game_id)
    before = list(chat.filter(pk__lt=message.pk).order_by("-pk")[:AROUND])[::-1]
    after = list(chat.filter(pk__gt=message.pk).order_by("pk")[:AROUND])
    return [*before, message, *after]


def recent_lines(user_id: int) -> list[Any]:
    """The player's RECENT latest chat lines, in any game, newest first."""
    return list(_chat_lines().filter(user_id=user_id).order_by("-created", "-pk")[:RECENT])


def recent_games(user_id: int) -> list[Any]:
    """The player's RECENT latest games (newest first), each with its seats and players."""
    return list(
        _model("game")
        ._default_manager.filter(seats__user_id=user_id)
        .prefetch_related("seats__user")
        .order_by("-created_at", "-pk")[:RECENT]
    )
