"""The audit of hidden state: the games admin calls `hidden_state_opened` when a staff member
opens a game's full state or its export (games/admin.py)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from .login_limits import client_address
from .models import HiddenStateView


def hidden_state_opened(
    request: HttpRequest, game: Any, what: str, seq: int | None = None
) -> HiddenStateView:
    user = request.user
    return HiddenStateView.objects.create(
        staff=user if user.is_authenticated else None,
        staff_username=user.get_username() if user.is_authenticated else "",
        game_id=game.pk,
        what=what,
        seq=seq,
        game_status=str(getattr(game, "status", "")),
        address=client_address(request)[:64],
    )
