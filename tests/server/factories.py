"""factory_boy factories for the server tests' data.

Users are made as signup makes them (the profile by accounts' post_save signal), then the
factory sets the profile fields and the allauth address asked for. Games are made through
games.services, as players make them: the seed and its commitment, the cached state, the
seats, the start and the hooks are the real ones, so a test's game is one the server could
have. Moves are the engine's first legal move for whoever is to move, and a finished game
is one a player resigned.

    UserFactory(username="anna", email="anna@example.org", notify="daily", language="en")
    GameFactory()                                   # anna-like seat 0 vs. seat 1, running
    GameFactory(creator=anna, joiner=bert, rated=True, turn_seconds=3600)
    GameFactory(waiting=True)                       # an invite nobody accepted yet
    GameFactory(opponent="open")                    # in the lobby, waiting
    GameFactory(opponent="computer", level="easy")  # against the computer, running
    GameFactory(moves=12)                           # twelve moves into the game
    GameFactory(loser=1)                            # finished: seat 1 resigned
"""

from __future__ import annotations

import factory
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model

from accounts.models import Profile
from games import services
from games.models import Game
from tests.conftest import PASSWORD

from .helpers import play


class UserFactory(factory.django.DjangoModelFactory):
    """A user with a profile; the password is tests.conftest.PASSWORD. With an email, an
    allauth address row too (primary; verified unless verified=False)."""

    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"speler{n}")
    email = ""
    password = PASSWORD
    # the profile (accounts.Profile); display_name "" keeps the signal's default, the username
    display_name = ""
    notify = Profile.Notify.TURN
    language = ""
    verified = True

    @classmethod
    def _create(cls, model_class, *, password, display_name, notify, language, verified, **fields):
        user = cls._get_manager(model_class).create_user(password=password, **fields)
        profile = user.profile
        profile.display_name = display_name or profile.display_name
        profile.notify, profile.language = notify, language
        profile.save()
        if user.email:
            EmailAddress.objects.create(
                user=user, email=user.email, primary=True, verified=verified
            )
        return user


class GameFactory(factory.django.DjangoModelFactory):
    """A game made with services.game_create by `creator` (seat 0) and, for an invite,
    joined by `joiner` (seat 1) with the invite code: it is then running. Open games and
    waiting=True invites have their second seat free; computer games start at once."""

    class Meta:
        model = Game
        skip_postgeneration_save = True  # the hooks write through the services

    class Params:
        waiting = factory.Trait(joiner=None)

    creator = factory.SubFactory(UserFactory)
    opponent = Game.Opponent.INVITE
    joiner = factory.Maybe(
        factory.LazyAttribute(lambda o: o.opponent == Game.Opponent.INVITE),
        yes_declaration=factory.SubFactory(UserFactory),
        no_declaration=None,
    )
    public = True
    turn_seconds = None
    rated = False
    rating_min = None
    rating_max = None
    level = None  # the computer's; None here and above: left out, the service's default

    @classmethod
    def _create(cls, model_class, *, creator, joiner, **options):
        given = {name: value for name, value in options.items() if value is not None}
        game = services.game_create(user=creator, **given)
        if joiner is not None:
            services.game_join(game=game, user=joiner, code=game.invite_code)
        return Game.objects.get(pk=game.pk)

    @factory.post_generation
    def moves(obj, create, extracted, **kwargs):
        """moves=N: the players (humans only) play N first-legal moves."""
        if extracted:
            play(obj, moves=extracted)
            obj.refresh_from_db()

    @factory.post_generation
    def loser(obj, create, extracted, **kwargs):
        """loser=seat index or user: that player resigns, the game is finished."""
        if extracted is not None:
            user = (
                extracted if not isinstance(extracted, int) else obj.seats.get(index=extracted).user
            )
            services.game_resign(game=obj, user=user)
            obj.refresh_from_db()


def token_for(user, scopes=None) -> str:
    """A personal access token's secret for `user` (every scope unless told)."""
    from tokens import scopes as scope_table
    from tokens import services as token_services

    return token_services.issue(user, "test", scopes or scope_table.ALL)[1]
