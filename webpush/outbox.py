"""The pushes waiting to be sent: notifications.pipeline records one PushDelivery per device
of the player in the notice's own transaction (so a move that rolls back pushes nothing);
the worker sends them (webpush.sender). Nothing here talks to a push service."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from . import keys
from .models import PushDelivery, PushSubscription


def record(note: Any, not_before: datetime) -> int:
    """A push of `note` to each of its player's devices, not before `not_before` (now, or
    the end of their quiet hours). None when the site has no keys. Returns how many."""
    if not keys.enabled():
        return 0
    devices = PushSubscription.objects.filter(user_id=note.user_id).values_list("pk", flat=True)
    rows = [
        PushDelivery(subscription_id=pk, notification=note, next_try=not_before) for pk in devices
    ]
    PushDelivery.objects.bulk_create(rows)
    return len(rows)
