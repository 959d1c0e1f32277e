"""Ratings under concurrency on PostgreSQL (collected only there, see conftest.py): a game
ended twice at once moves the ratings once; two games of one player ending at once both
count, one after the other (no lost update)."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games import services
from games.errors import GameError
from games.models import Game
from ratings.models import Rating, RatingChange

from .factories import GameFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def together(*calls):
    """Run each call in its own thread and connection, released together."""
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait(timeout=10)
            outcomes[i] = ("done", call())
        except GameError as err:
            outcomes[i] = ("refused", err)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return outcomes


def rated_game(a, b) -> Game:
    return GameFactory(creator=a, joiner=b, rated=True)


def test_both_players_resigning_at_once_rate_the_game_once(make_user):
    anna, bert = make_user("anna"), make_user("bert")
    for _ in range(3):
        game = rated_game(anna, bert)
        outcomes = together(
            lambda g=game: services.game_resign(game=g, user=anna),
            lambda g=game: services.game_resign(game=g, user=bert),
            lambda g=game: services.game_timeout(game=g, now=timezone.now() + timedelta(days=2)),
        )
        assert sum(1 for kind, value in outcomes if kind == "done" and value) == 1, outcomes
        assert RatingChange.objects.filter(game=game).count() == 2
    assert Rating.objects.get(user=anna).games == Rating.objects.get(user=bert).games == 3


def test_two_games_of_one_player_ending_at_once_both_count(make_user):
    anna, bert, cees = make_user("anna"), make_user("bert"), make_user("cees")
    first, second = rated_game(anna, bert), rated_game(anna, cees)
    together(
        lambda: services.game_resign(game=first, user=bert),
        lambda: services.game_resign(game=second, user=cees),
    )
    changes = list(RatingChange.objects.filter(user=anna).order_by("id"))
    assert len(changes) == 2
    # The second started from where the first left anna: no update was lost.
    assert changes[1].rating_before == pytest.approx(changes[0].rating_after)
    final = Rating.objects.get(user=anna)
    assert final.games == 2 and final.rating == pytest.approx(changes[1].rating_after)
