"""A player's notifications, for their data export (accounts.data_export.account_data)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from .models import Notification


def account_data(sender: Any, user: User, **kwargs: Any) -> tuple[str, list[dict[str, Any]]]:
    rows = Notification.objects.filter(user=user).order_by("created", "id")
    return "notifications", [
        {
            "kind": row.kind,
            "game": row.game_id,
            "text": row.text,
            "created": row.created,
            "read_at": row.read_at,
        }
        for row in rows
    ]
