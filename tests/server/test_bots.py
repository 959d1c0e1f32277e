"""Bot accounts (bots/, docs/api.md "Bot accounts"): an account becomes a bot once, for good,
only before a rated game as a person; bots are marked wherever a player is shown, play only
through the API with a bot:play token, rank on their own leaderboard, and two bots start at
most DWAALHOF_BOT_PAIR_GAMES_PER_DAY games together per day."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from bots import limits
from games import services
from games.models import Game
from tokens import scopes

from .factories import GameFactory, token_for

pytestmark = pytest.mark.django_db

BOT_TOKEN = [scopes.GAME_READ, scopes.GAME_PLAY, scopes.BOT_PLAY]


def with_token(secret: str) -> APIClient:
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    return client


def make_bot(client, user):
    return client.post("/api/account/bot/", {"confirm": user.username}, format="json")


@pytest.fixture
def bot_of(make_user, client_for):
    def make(name: str):
        user = make_user(name)
        assert make_bot(client_for(user), user).status_code == 200
        return user

    return make


def test_an_account_becomes_a_bot_once_confirmed_by_its_username(make_user, client_for):
    robo = make_user("robo")
    client = client_for(robo)
    refused = client.post("/api/account/bot/", {"confirm": "someone"}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "not_confirmed"
    assert client.post("/api/account/bot/", {}, format="json").status_code == 400
    assert client.get("/api/auth/me").json()["bot"] is False
    made = make_bot(client, robo)
    assert made.status_code == 200 and made.json()["bot"] is True
    assert client.get("/api/auth/me").json()["bot"] is True
    assert make_bot(client, robo).status_code == 200  # again: nothing changes, still a bot


def test_a_token_needs_bot_play_to_make_its_account_a_bot(make_user):
    robo = make_user("robo")
    plain = with_token(token_for(robo, [scopes.GAME_PLAY, scopes.ACCOUNT_WRITE]))
    refused = plain.post("/api/account/bot/", {"confirm": "robo"}, format="json")
    assert refused.status_code == 403 and refused.json()["params"] == {"scope": "bot:play"}
    assert (
        with_token(token_for(robo, BOT_TOKEN))
        .post("/api/account/bot/", {"confirm": "robo"}, format="json")
        .json()["bot"]
    )


def test_after_a_rated_game_as_a_person_an_account_cannot_become_a_bot(make_user, client_for):
    anna, bert = make_user("anna"), make_user("bert")
    GameFactory(creator=anna, joiner=bert, rated=True)  # running counts: begun as a person
    refused = make_bot(client_for(anna), anna)
    assert refused.status_code == 409 and refused.json()["code"] == "has_rated_games"
    assert refused.json()["params"] == {"games": 1}
    assert client_for(anna).get("/api/auth/me").json()["bot"] is False
    cees = make_user("cees")
    GameFactory(creator=cees, joiner=bert)  # an unrated game is no obstacle
    assert make_bot(client_for(cees), cees).json()["bot"] is True


def test_a_bot_is_marked_in_seats_profile_and_games_list(bot_of, make_user, client_for):
    robo, anna = bot_of("robo"), make_user("anna")
    game = GameFactory(creator=anna, joiner=robo)
    players = client_for(anna).get(f"/api/games/{game.pk}/").json()["players"]
    assert [(p["username"], p["bot"]) for p in players] == [("anna", False), ("robo", True)]
    assert client_for(None).get("/api/players/robo/").json()["bot"] is True
    assert client_for(None).get("/api/players/anna/").json()["bot"] is False
    rows = client_for(None).get("/api/players/anna/games/").json()
    assert rows[0]["opponent"]["bot"] is True
    mine = client_for(anna).get("/api/games/").json()
    assert [p["bot"] for p in mine[0]["players"]] == [False, True]


def test_bots_have_their_own_leaderboard(bot_of, make_user, client_for):
    robo, anna, bert = bot_of("robo"), make_user("anna"), make_user("bert")
    GameFactory(creator=robo, joiner=anna, rated=True, loser=anna)
    GameFactory(creator=anna, joiner=bert, rated=True, loser=bert)
    people = client_for(None).get("/api/ratings/leaderboard/").json()
    assert [row["username"] for row in people] == ["anna", "bert"]
    assert not any(row["bot"] for row in people)
    bots = client_for(None).get("/api/ratings/leaderboard/?kind=bots").json()
    assert [(row["username"], row["bot"], row["rank"]) for row in bots] == [("robo", True, 1)]
    wrong = client_for(None).get("/api/ratings/leaderboard/?kind=robots")
    assert wrong.status_code == 400


def test_a_bots_session_cannot_play_only_its_bot_play_token(bot_of, make_user, client_for):
    robo, anna = bot_of("robo"), make_user("anna")
    game = GameFactory(creator=robo, joiner=anna)
    assert game.current_seat == 0  # the bot's turn
    legal = client_for(robo).get(f"/api/games/{game.pk}/legal/").json()
    move = {"move": legal["moves"][0], "expected_seq": legal["seq"]}
    # the web client (a session): reads, never plays
    session = client_for(robo)
    assert session.get(f"/api/games/{game.pk}/").status_code == 200
    refused = session.post(f"/api/games/{game.pk}/moves/", move, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "bot_needs_token"
    assert "token" in refused.json()["detail"]
    for path in ("/api/games/", f"/api/games/{game.pk}/resign/"):
        answer = session.post(path, {"opponent": "open"}, format="json")
        assert answer.status_code == 403 and answer.json()["code"] == "bot_needs_token"
    # a token without bot:play is refused by its scope
    plain = with_token(token_for(robo, [scopes.GAME_READ, scopes.GAME_PLAY]))
    refused = plain.post(f"/api/games/{game.pk}/moves/", move, format="json")
    assert refused.status_code == 403 and refused.json()["params"] == {"scope": "bot:play"}
    game.refresh_from_db()
    assert game.seq == legal["seq"]  # nothing was played
    played = with_token(token_for(robo, BOT_TOKEN)).post(
        f"/api/games/{game.pk}/moves/", move, format="json"
    )
    assert played.status_code == 201
    # a person plays in the web client as ever
    assert (
        client_for(anna).post("/api/games/", {"opponent": "open"}, format="json").status_code == 201
    )


def test_two_bots_start_at_most_the_cap_of_games_together_per_day(bot_of, make_user, settings):
    settings.DWAALHOF_BOT_PAIR_GAMES_PER_DAY = 2
    robo, rita, anna = bot_of("robo"), bot_of("rita"), make_user("anna")
    play = with_token(token_for(rita, BOT_TOKEN))
    for _ in range(2):
        assert limits.may_start_game(robo, rita)
        game = GameFactory(creator=robo, opponent=Game.Opponent.OPEN, joiner=None)
        assert play.post(f"/api/games/{game.pk}/join/").status_code == 200
    assert not limits.may_start_game(robo, rita) and not limits.may_start_game(rita.pk, robo.pk)
    third = GameFactory(creator=robo, opponent=Game.Opponent.OPEN, joiner=None)
    refused = play.post(f"/api/games/{third.pk}/join/")
    assert refused.status_code == 409 and refused.json()["code"] == "bot_games_capped"
    assert Game.objects.get(pk=third.pk).status == Game.Status.OPEN  # nothing changed
    invited = GameFactory(creator=robo, waiting=True)
    by_invite = play.post(f"/api/games/invite/{invited.invite_code}/join/")
    assert by_invite.status_code == 409
    # a person may still play either bot, and tomorrow the bots may meet again
    assert limits.may_start_game(robo, anna)
    services.game_join(game=third, user=anna)
    assert limits.may_start_game(robo, rita, now=timezone.now() + timedelta(days=1))


def test_the_cap_counts_a_rematch(bot_of, settings):
    settings.DWAALHOF_BOT_PAIR_GAMES_PER_DAY = 1
    robo, rita = bot_of("robo"), bot_of("rita")
    game = GameFactory(creator=robo, joiner=rita)
    services.game_resign(game=game, user=robo)
    refused = with_token(token_for(rita, BOT_TOKEN)).post(f"/api/games/{game.pk}/rematch/")
    assert refused.status_code == 409 and refused.json()["code"] == "bot_games_capped"


def test_the_cap_holds_for_an_accepted_challenge_between_two_bots(bot_of, settings):
    settings.DWAALHOF_BOT_PAIR_GAMES_PER_DAY = 1
    robo, rita = bot_of("robo"), bot_of("rita")
    GameFactory(creator=robo, joiner=rita)  # today's one game
    robo_api = with_token(token_for(robo, [*BOT_TOKEN, scopes.CHALLENGE_WRITE]))
    rita_api = with_token(token_for(rita, [*BOT_TOKEN, scopes.CHALLENGE_WRITE]))
    sent = robo_api.post(
        "/api/challenges/", {"to": "rita", "time_control": "per_turn_1d"}, format="json"
    )
    assert sent.status_code == 201
    games_before = Game.objects.count()
    refused = rita_api.post(f"/api/challenges/{sent.json()['id']}/accept/")
    assert refused.status_code == 409 and refused.json()["code"] == "bot_games_capped"
    assert Game.objects.count() == games_before  # no game was made
