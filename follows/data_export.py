"""The players a player follows, for their data export (accounts.data_export.account_data).
Who follows them is not theirs to download: only their own follows."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from .models import Follow


def account_data(sender: Any, user: User, **kwargs: Any) -> tuple[str, list[dict[str, Any]]]:
    rows = Follow.objects.filter(follower=user).select_related("followed").order_by("created", "id")
    return "follows", [{"username": row.followed.username, "since": row.created} for row in rows]
