"""The cap on games between two bot accounts: at most DWAALHOF_BOT_PAIR_GAMES_PER_DAY (100)
games started by the same pair of bots per UTC day, whichever of them created the game.

Counted from the games themselves (their `started_at`), so nothing extra is stored. A game
with a person, or with the computer, is never capped here. games.services asks
`check_may_start` when a second player takes a seat (join, invitation, rematch); another
way to start a game between two accounts (a challenge accepted) asks `may_start_game` or
`check_may_start` before it starts one."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext_noop

from dwaalhof_site.api.errors import ApiError
from games.models import Game


class BotGamesCapped(ApiError):
    status = 409
    code = "bot_games_capped"
    detail = gettext_noop(
        "Deze twee bots hebben vandaag al %(cap)s partijen tegen elkaar gespeeld; morgen weer."
    )


def _id(user: Any) -> int | None:
    return user if user is None or isinstance(user, int) else user.pk


def _bot_ids(*users: Any) -> set[int]:
    ids = {found for found in map(_id, users) if found is not None}
    return set(
        get_user_model()
        .objects.filter(pk__in=ids, profile__is_bot=True)
        .values_list("pk", flat=True)
    )


def day_start(now: datetime | None = None) -> datetime:
    """The start (UTC midnight) of the day `now` falls in."""
    now = (now or timezone.now()).astimezone(UTC)
    return datetime.combine(now.date(), time.min, tzinfo=UTC)


def games_today(a: Any, b: Any, now: datetime | None = None) -> int:
    """Games `a` and `b` (users or ids) started together since the start of today (UTC)."""
    start = day_start(now)
    return (
        Game.objects.filter(seats__user_id=_id(a) or 0, started_at__gte=start)
        .filter(seats__user_id=_id(b) or 0, started_at__lt=start + timedelta(days=1))
        .distinct()
        .count()
    )


def _both_bots(a: Any, b: Any) -> bool:
    return _id(a) != _id(b) and len(_bot_ids(a, b)) == 2


def may_start_game(a: Any, b: Any, now: datetime | None = None) -> bool:
    """Whether `a` and `b` (users or their ids) may start one more game together now: always,
    unless both are bots that reached today's cap."""
    if not _both_bots(a, b):
        return True
    return games_today(a, b, now) < settings.DWAALHOF_BOT_PAIR_GAMES_PER_DAY


def check_may_start(user: Any, others: list[int | None]) -> None:
    """games.services' start check: refuses (409 bot_games_capped) when `user` and one of
    `others` are two bots that reached today's cap."""
    for other in others:
        if other is not None and other != _id(user) and not may_start_game(user, other):
            raise BotGamesCapped(params={"cap": settings.DWAALHOF_BOT_PAIR_GAMES_PER_DAY})
