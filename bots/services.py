"""Turning an account into a bot: once, for good, and only before it played a rated game as a
person (its rating then stays a person's rating, on the people's leaderboard)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext_noop

from accounts.models import Profile
from dwaalhof_site.api.errors import ApiError
from games.models import Game


class HasRatedGames(ApiError):
    status = 409
    code = "has_rated_games"
    detail = gettext_noop(
        "Dit account heeft al %(games)s gewaardeerde partij(en) gespeeld als mens en kan geen "
        "bot meer worden; maak een nieuw account voor je bot."
    )


def rated_games(user: User) -> int:
    """The rated games `user` played or plays (begun: running or finished)."""
    return (
        Game.objects.filter(seats__user=user, rated=True)
        .exclude(status=Game.Status.OPEN)
        .distinct()
        .count()
    )


def make_bot(user: User) -> Profile:
    """Turn `user` into a bot account (again: nothing changes). HasRatedGames (409) when it
    has begun a rated game."""
    with transaction.atomic():
        profile, _ = Profile.objects.select_for_update().get_or_create(
            user=user, defaults={"display_name": user.username}
        )
        if profile.is_bot:
            return profile
        played = rated_games(user)
        if played:
            raise HasRatedGames(params={"games": played})
        profile.is_bot = True
        profile.save(update_fields=["is_bot"])
    return profile
