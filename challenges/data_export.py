"""A player's challenges, sent and received, for their data export
(accounts.data_export.account_data)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q

from .models import Challenge


def account_data(sender: Any, user: User, **kwargs: Any) -> tuple[str, list[dict[str, Any]]]:
    rows = (
        Challenge.objects.filter(Q(challenger=user) | Q(challenged=user))
        .select_related("challenger", "challenged")
        .order_by("created", "id")
    )
    return "challenges", [
        {
            "challenger": row.challenger.username,
            "challenged": row.challenged.username,
            "time_control": row.time_control,
            "rated": row.rated,
            "status": row.status,
            "decline_reason": row.decline_reason,
            "created": row.created,
            "expires_at": row.expires_at,
            "answered_at": row.answered_at,
            "game": row.game_id,
        }
        for row in rows
    ]
