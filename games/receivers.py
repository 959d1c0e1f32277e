"""What games do when other apps announce something (connected in GamesConfig.ready())."""

from __future__ import annotations

from django.contrib.auth.models import User

from . import services
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
