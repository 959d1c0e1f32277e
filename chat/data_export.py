"""The chat lines a player wrote, for their data export (accounts.data_export.account_data):
only their own, never what the opponent wrote."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from .models import ChatMessage


def account_data(sender: Any, user: User, **kwargs: Any) -> tuple[str, list[dict[str, Any]]]:
    rows = ChatMessage.objects.filter(user=user).order_by("created", "id")
    return "chat", [
        {"game": row.game_id, "seat": row.seat, "text": row.text, "created": row.created}
        for row in rows
    ]
