"""A player's public page: rating and its history, record against people and the computer,
and their games (private games only for someone who played in them)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q

from accounts.models import display_name, is_bot
from games import selectors as games
from games.errors import GameError
from games.models import Game
from ratings import services as ratings
from ratings.models import RatingChange
from tutorial.services import without_tutorials


class PlayerNotFound(GameError):
    status, code, detail = 404, "not_found", "Deze speler bestaat niet."


GAMES_PAGE = 50
HISTORY_LIMIT = 1000


def player(username: str):
    user = (
        get_user_model()
        .objects.filter(username__iexact=username, is_active=True)
        .select_related("profile")
        .first()
    )
    if user is None:
        raise PlayerNotFound()
    return user


def outcome(game: Game, seat: int | None) -> str | None:
    """ "won", "lost" or "shared" (both had the best score); None while it runs."""
    winners = (game.result or {}).get("winners") if game.status == Game.Status.FINISHED else None
    if not winners:
        return None
    if seat not in winners:
        return "lost"
    return "won" if len(winners) == 1 else "shared"


def record(user) -> dict[str, dict[str, int]]:
    out = {kind: {"won": 0, "lost": 0, "shared": 0} for kind in ("people", "computer")}
    finished = without_tutorials(
        games.games_with_seats().filter(seats__user=user, status=Game.Status.FINISHED)
    )
    for game in finished:
        seat = games.seat_of(game, user)
        result = outcome(game, seat)
        if result is None:
            continue
        kind = "computer" if game.opponent == Game.Opponent.COMPUTER else "people"
        out[kind][result] += 1
    return out


def history(user) -> list[dict[str, Any]]:
    """The rating after each rated game, oldest first (the graph)."""
    changes = RatingChange.objects.filter(user=user).order_by("-created", "-id")[:HISTORY_LIMIT]
    return [
        {
            "game": c.game_id,
            "at": c.created,
            "rating": round(c.rating_after),
            "deviation": round(c.deviation_after),
        }
        for c in reversed(list(changes))
    ]


def profile(user) -> dict[str, Any]:
    return {
        "username": user.username,
        "display_name": display_name(user),
        "bot": is_bot(user),
        "joined": user.date_joined,
        "rating": ratings.rating_payload(ratings.rating_of(user)),
        "history": history(user),
        "record": record(user),
    }


def player_games(user, viewer, before: int | None = None) -> list[dict[str, Any]]:
    """The player's games, newest first, a page at a time (`before`: a game id)."""
    qs = without_tutorials(
        games.games_with_seats().filter(seats__user=user).exclude(status=Game.Status.OPEN)
    )
    viewer_id = viewer.pk if viewer is not None and viewer.is_authenticated else None
    qs = (
        qs.filter(Q(public=True) | Q(seats__user_id=viewer_id)).distinct()
        if viewer_id
        else (qs.filter(public=True))
    )
    if before is not None:
        qs = qs.filter(pk__lt=before)
    found = list(qs.prefetch_related("rating_changes").order_by("-id")[:GAMES_PAGE])
    return [_game_row(game, user) for game in found]


def _game_row(game: Game, user) -> dict[str, Any]:
    seat = games.seat_of(game, user)
    other = next((s for s in game.seats.all() if s.index != seat), None)
    change = next((c for c in game.rating_changes.all() if c.user_id == user.pk), None)
    return {
        "id": game.pk,
        "status": game.status,
        "opponent_kind": game.opponent,
        "opponent": None
        if other is None
        else {
            "username": None
            if other.is_computer or other.user is None or not other.user.is_active
            else other.user.username,
            "display_name": "Computer" if other.is_computer else display_name(other.user),
            "is_computer": other.is_computer,
            "bot": not other.is_computer and is_bot(other.user),
        },
        "seat": seat,
        "outcome": outcome(game, seat),
        "reason": (game.result or {}).get("reason")
        if game.status == Game.Status.FINISHED
        else None,
        "rated": game.rated,
        "time_control": game.time_control,
        "rating_diff": round(change.rating_after) - round(change.rating_before) if change else None,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "url": f"/#/spel/{game.pk}",
    }
