"""A player's games in their data export (accounts.data_export.account_data): every game
they have a seat in. A finished game with its whole log and its seed (as its export after
the end); a running game only as that player sees it: their seat's view of the state and
the log as their seat reads it (no seed, no opponent's hand, no deck); an open game its
summary."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from . import selectors
from .models import Game


def account_data(sender: Any, user: User, **kwargs: Any) -> tuple[str, list[dict[str, Any]]]:
    games = selectors.games_with_seats().filter(seats__user=user).distinct().order_by("id")
    return "games", [_game(game, user) for game in games]


def _game(game: Game, user: User) -> dict[str, Any]:
    if game.status == Game.Status.FINISHED:
        export = selectors.game_export(game)
        return {**selectors.game_summary(game, user), "log": export["log"]}
    if game.status == Game.Status.ACTIVE:
        detail = selectors.game_detail(game, user)
        seat = detail["your_seat"]
        return {**detail, "log": selectors.game_log_for(game, seat)}
    return dict(selectors.game_summary(game, user))
