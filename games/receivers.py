"""What games do when other apps announce something (connected in GamesConfig.ready())."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from . import realtime, services
from .errors import GameError
from .models import Game


def account_deleting(sender: object, *, user: User, **kwargs: object) -> None:
    """The open games the account created are cancelled, its running ones resigned; its
    finished games stay (their players and logs are the record)."""
    for game in Game.objects.filter(seats__user=user, status=Game.Status.OPEN):
        try:
            services.game_leave(game=game, user=user)
        except GameError:
            pass  # someone joined meanwhile: it runs, and is resigned below
    for game in Game.objects.filter(seats__user=user, status=Game.Status.ACTIVE):
        try:
            services.game_resign(game=game, user=user)
        except GameError:
            pass  # it ended meanwhile


def account_barred(sender: Any, user_id: int, **kwargs: Any) -> None:
    """A suspended or closed account's open sockets are closed now (moderation.signals)."""
    realtime.close_sockets_of(user_id)
