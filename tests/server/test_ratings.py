"""Ratings: the creator chooses rated or casual; a rated game between accounts moves both
Glicko-2 ratings exactly once when it ends (last move, resign, timeout); the end screen,
the lobby and the leaderboard show them; an open game may admit a rating range."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.errors import GameOptionsRefused
from games.models import Game
from ratings.models import Rating, RatingChange

from .factories import GameFactory
from .helpers import play

pytestmark = pytest.mark.django_db


def rating(user) -> Rating:
    return Rating.objects.get(user=user)


def test_create_validates_rated_and_the_rating_range(make_user, client_for):
    client = client_for(make_user("anna"))
    r = client.post("/api/games/", {"opponent": "computer", "rated": True}, format="json")
    assert r.status_code == 400 and "rated" in r.json()["errors"]
    r = client.post("/api/games/", {"opponent": "invite", "rating_min": 1400}, format="json")
    assert r.status_code == 400 and "rating_min" in r.json()["errors"]
    r = client.post(
        "/api/games/",
        {"opponent": "open", "rating_min": 1600, "rating_max": 1400},
        format="json",
    )
    assert r.status_code == 400 and "rating_max" in r.json()["errors"]
    assert Game.objects.count() == 0
    r = client.post("/api/games/", {"opponent": "open", "rated": True}, format="json")
    assert r.status_code == 201 and r.json()["rated"] is True
    r = client.post("/api/games/", {"opponent": "computer"}, format="json")
    assert r.status_code == 201 and r.json()["rated"] is False  # casual by default


def test_a_resigned_rated_game_moves_both_ratings_once_and_the_end_screen_shows_it(
    make_user, client_for
):
    anna, bert = make_user("anna"), make_user("bert")
    game = GameFactory(creator=anna, joiner=bert, rated=True)
    services.game_resign(game=game, user=bert)
    assert (round(rating(anna).rating), round(rating(bert).rating)) == (1662, 1338)
    assert rating(anna).deviation < 350 and rating(anna).games == 1

    view = client_for(anna).get(f"/api/games/{game.pk}/").json()
    changes = {c["seat"]: c for c in view["rating_changes"]}
    assert changes[0] | {"user_id": 0} == {
        "seat": 0,
        "user_id": 0,
        "score": 1.0,
        "before": 1500,
        "after": 1662,
        "diff": 162,
        "deviation_after": 290,
        "provisional": True,
    }
    assert changes[1]["diff"] == -162
    players = {p["seat"]: p for p in view["players"]}
    assert players[0]["rating"] == 1662 and players[0]["provisional"] is True

    with pytest.raises(services.NotActive):
        services.game_resign(game=game, user=anna)  # over: nothing moves twice
    assert RatingChange.objects.filter(game=game).count() == 2
    assert round(rating(anna).rating) == 1662


def test_a_game_played_to_its_last_move_is_rated(make_user):
    anna, bert = make_user("anna"), make_user("bert")
    game = play(GameFactory(creator=anna, joiner=bert, rated=True))
    assert game.status == Game.Status.FINISHED and game.result["reason"] == "end"
    changes = {c.seat: c for c in RatingChange.objects.filter(game=game)}
    winners = game.result["winners"]
    for seat in (0, 1):
        score = 1 / len(winners) if seat in winners else 0
        assert changes[seat].score == score
    assert rating(anna).games == rating(bert).games == 1


def test_a_timed_out_rated_game_is_rated_for_the_one_who_waited(make_user):
    anna, bert = make_user("anna"), make_user("bert")
    game = GameFactory(creator=anna, joiner=bert, rated=True)
    late = game.seats.get(index=game.current_seat).user
    assert services.game_timeout(game=game, now=timezone.now() + timedelta(days=2))
    other = bert if late == anna else anna
    assert rating(other).rating > 1500 > rating(late).rating


def test_casual_games_and_games_against_the_computer_leave_ratings_alone(make_user):
    anna, bert = make_user("anna"), make_user("bert")
    GameFactory(creator=anna, joiner=bert, loser=bert)  # casual
    GameFactory(creator=anna, opponent="computer", loser=anna)
    assert RatingChange.objects.count() == 0 and Rating.objects.count() == 0


def test_a_rematch_of_a_rated_game_is_rated(make_user):
    anna, bert = make_user("anna"), make_user("bert")
    game = GameFactory(creator=anna, joiner=bert, rated=True)
    services.game_resign(game=game, user=bert)
    new, _ = services.game_rematch(game=game, user=bert)
    assert new.rated


def test_the_lobby_shows_each_seekers_rating_and_the_range(make_user, client_for):
    anna, bert, cees = make_user("anna"), make_user("bert"), make_user("cees")
    GameFactory(creator=anna, joiner=bert, rated=True, loser=bert)  # anna 1662, bert 1338
    open_game = GameFactory(
        creator=anna, opponent="open", rated=True, rating_min=1400, rating_max=1800
    )
    lobby = client_for(None).get("/api/games/open/").json()
    entry = next(g for g in lobby if g["id"] == open_game.pk)
    assert entry["players"][0]["rating"] == 1662 and entry["players"][0]["provisional"]
    assert (entry["rated"], entry["rating_min"], entry["rating_max"]) == (True, 1400, 1800)

    r = client_for(bert).post(f"/api/games/{open_game.pk}/join/")
    assert r.status_code == 409 and "1400" in r.json()["detail"]
    assert Game.objects.get(pk=open_game.pk).status == "open"
    r = client_for(cees).post(f"/api/games/{open_game.pk}/join/")  # a newcomer: 1500
    assert r.status_code == 200 and r.json()["status"] == "active"


def test_an_invite_ignores_no_range_and_the_range_needs_an_open_game(make_user):
    anna = make_user("anna")
    with pytest.raises(GameOptionsRefused) as refused:
        services.game_create(user=anna, opponent="invite", rating_min=1000)
    assert list(refused.value.errors) == ["rating_min"]
    with pytest.raises(GameOptionsRefused) as refused:
        services.game_create(user=anna, opponent="computer", rated=True)
    assert list(refused.value.errors) == ["rated"]
    assert not Game.objects.exists()


def test_leaderboard_lists_rated_players_best_first(make_user, client_for):
    anna, bert, cees = make_user("anna"), make_user("bert"), make_user("cees")
    GameFactory(creator=anna, joiner=bert, rated=True, loser=bert)
    GameFactory(creator=cees, joiner=bert, rated=True, loser=cees)
    board = client_for(None).get("/api/ratings/leaderboard/").json()
    assert [row["username"] for row in board] == ["anna", "bert", "cees"]
    assert board[0] | {"rating": 0} == {
        "rank": 1,
        "username": "anna",
        "display_name": "anna",
        "rating": 0,
        "deviation": 290,
        "provisional": True,
        "games": 1,
        "bot": False,
    }
    assert make_user("dirk") and len(client_for(None).get("/api/ratings/leaderboard/").json()) == 3
