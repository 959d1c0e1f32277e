"""Rating writes and reads. `rate_finished_game` runs inside the transaction that ends a
game (games.services._append, with the game row locked), so a rating moves exactly once
per game or not at all; the unique (game, user) constraint backs that up."""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils import timezone

from . import glicko2
from .models import PROVISIONAL_DEVIATION, Rating, RatingChange

LEADERBOARD_SIZE = 100


def scores(result: dict | None) -> dict[int, float] | None:
    """Seat -> score: 1 for the only winner, 0.5 each when both share the win, 0 a loss."""
    winners = (result or {}).get("winners")
    if not winners:
        return None
    share = 1 / len(winners)
    return {seat: (share if seat in winners else 0.0) for seat in (0, 1)}


def ensure_ratings(user_ids: list[int]) -> None:
    Rating.objects.bulk_create([Rating(user_id=u) for u in user_ids], ignore_conflicts=True)


def rate_finished_game(game) -> list[RatingChange]:
    """Move both players' ratings by this finished rated game (once). Call inside the
    transaction that finished it."""
    if not game.rated:
        return []
    seats = sorted(game.seats.all(), key=lambda s: s.index)
    score = scores(game.result)
    if len(seats) != 2 or any(s.is_computer for s in seats) or score is None:
        return []
    if RatingChange.objects.filter(game=game).exists():
        return []
    user_ids = [s.user_id for s in seats]
    ensure_ratings(user_ids)
    # Locked in user order: two games that end at once never wait on each other in a cycle.
    rows = {
        r.user_id: r
        for r in Rating.objects.select_for_update().filter(user_id__in=user_ids).order_by("user_id")
    }
    before = {
        s.index: glicko2.Rating(
            rows[s.user_id].rating, rows[s.user_id].deviation, rows[s.user_id].volatility
        )
        for s in seats
    }
    now = timezone.now()
    changes = []
    for seat in seats:
        mine, theirs = before[seat.index], before[1 - seat.index]
        after = glicko2.rate(mine, [(theirs, score[seat.index])])
        row = rows[seat.user_id]
        row.rating, row.deviation, row.volatility = after.rating, after.deviation, after.volatility
        row.games += 1
        row.updated_at = now
        row.save(update_fields=["rating", "deviation", "volatility", "games", "updated_at"])
        changes.append(
            RatingChange(
                game=game,
                user_id=seat.user_id,
                seat=seat.index,
                score=score[seat.index],
                rating_before=mine.rating,
                deviation_before=mine.deviation,
                rating_after=after.rating,
                deviation_after=after.deviation,
                volatility_after=after.volatility,
                created=now,
            )
        )
    return RatingChange.objects.bulk_create(changes)


# --- reads ------------------------------------------------------------------------------------

_UNRATED = {
    "rating": round(glicko2.DEFAULT_RATING),
    "deviation": round(glicko2.DEFAULT_DEVIATION),
    "provisional": glicko2.DEFAULT_DEVIATION > PROVISIONAL_DEVIATION,
    "games": 0,
}


def rating_payload(rating: Rating | None) -> dict:
    """How a rating is shown: rounded, with its deviation and a provisional mark."""
    if rating is None:  # no game rated yet: the starting rating (no model built: every move's
        return dict(_UNRATED)  # answer shows both players' ratings)
    return {
        "rating": round(rating.rating),
        "deviation": round(rating.deviation),
        "provisional": rating.deviation > PROVISIONAL_DEVIATION,
        "games": rating.games,
    }


def rating_of(user) -> Rating | None:
    return Rating.objects.filter(user=user).first()


def shown_rating(user) -> int:
    """The number range checks compare against (a newcomer: 1500)."""
    rating = rating_of(user)
    return round(rating.rating if rating is not None else glicko2.DEFAULT_RATING)


def change_payload(change: RatingChange) -> dict:
    return {
        "seat": change.seat,
        "user_id": change.user_id,
        "score": change.score,
        "before": round(change.rating_before),
        "after": round(change.rating_after),
        "diff": round(change.rating_after) - round(change.rating_before),
        "deviation_after": round(change.deviation_after),
        "provisional": change.deviation_after > PROVISIONAL_DEVIATION,
    }


# The leaderboards: people's and bot accounts' (docs/api.md, "Bot accounts"), never mixed.
PEOPLE, BOTS = "people", "bots"
LEADERBOARD_KINDS = (PEOPLE, BOTS)


def leaderboard(limit: int = LEADERBOARD_SIZE, kind: str = PEOPLE) -> QuerySet[Rating]:
    """Players (`kind` people or bots) with a rated game, best first (each marked
    provisional while unsure)."""
    return (
        Rating.objects.filter(user__is_active=True, games__gt=0)
        .filter(user__profile__is_bot=kind == BOTS)
        .select_related("user__profile")
        .order_by("-rating", "user_id")[:limit]
    )


def check_can_join(game, user) -> str | None:
    """Why `user` may not take the seat of this open game for its rating range, or None."""
    if game.rating_min is None and game.rating_max is None:
        return None
    mine = shown_rating(user)
    if game.rating_min is not None and mine < game.rating_min:
        return f"Deze partij is voor spelers met een rating vanaf {game.rating_min}."
    if game.rating_max is not None and mine > game.rating_max:
        return f"Deze partij is voor spelers met een rating tot {game.rating_max}."
    return None
