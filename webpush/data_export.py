"""A player's push devices, for their data export (accounts.data_export.account_data): the
names and dates; the push service's address without the subscription's secret path, and
never the keys."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.contrib.auth.models import User

from .models import PushSubscription


def account_data(sender: Any, user: User, **kwargs: Any) -> tuple[str, list[dict[str, Any]]]:
    return "push_devices", [
        {
            "name": device.name,
            "created": device.created,
            "last_success": device.last_success,
            "push_service": urlsplit(device.endpoint).hostname,
        }
        for device in PushSubscription.objects.filter(user=user)
    ]
