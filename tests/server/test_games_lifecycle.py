"""Creating, joining, leaving, resigning, rematching; lists; deadlines; who may watch."""

from datetime import timedelta

import pytest

import engine
from games import selectors, services
from games.models import Game, Seat
from tests.server.helpers import play, user_of

from .factories import GameFactory

pytestmark = pytest.mark.django_db


def create(client, **body):
    r = client.post("/api/games/", {"opponent": "invite", **body}, format="json")
    assert r.status_code == 201, r.json()
    return r.json()


def test_invite_game_waits_for_the_invited_friend_then_starts(make_user, client_for):
    anna, bert = make_user("anna"), make_user("bert")
    game = create(client_for(anna))
    assert game["status"] == "open" and game["state"] is None
    assert game["invite_code"] and game["invite_url"] == f"/#/join/{game['invite_code']}"
    assert game["players"][0]["username"] == "anna" and len(game["players"]) == 1

    peek = client_for(bert).get(f"/api/games/invite/{game['invite_code']}/")
    assert peek.status_code == 200 and peek.json()["invite_code"] is None  # not his yet
    joined = client_for(bert).post(f"/api/games/invite/{game['invite_code']}/join/")
    assert joined.status_code == 200, joined.json()
    body = joined.json()
    assert body["status"] == "active" and body["your_seat"] == 1
    assert [p["username"] for p in body["players"]] == ["anna", "bert"]
    assert body["invite_code"] is None


def test_the_engine_draws_who_starts(make_user, client_for):
    anna = make_user("anna")
    starts = set()
    for _ in range(8):
        game = create(client_for(anna), opponent="computer")
        g = Game.objects.get(pk=game["id"])
        starts.add(engine.new_game(g.seed).current)
    assert starts == {0, 1}


def test_an_invite_game_is_not_joinable_from_the_lobby(make_user, client_for):
    anna, bert = make_user("anna"), make_user("bert")
    game = create(client_for(anna))
    r = client_for(bert).post(f"/api/games/{game['id']}/join/")
    assert r.status_code == 409 and r.json()["code"] == "cannot_join"


def test_open_games_are_listed_in_the_lobby_and_anyone_may_join(make_user, client_for):
    anna, bert = make_user("anna"), make_user("bert")
    game = create(client_for(anna), opponent="open")
    create(client_for(anna))  # an invite game is not in the lobby
    lobby = client_for(bert).get("/api/games/open/").json()
    assert [g["id"] for g in lobby] == [game["id"]]
    r = client_for(bert).post(f"/api/games/{game['id']}/join/")
    assert r.status_code == 200 and r.json()["status"] == "active"
    assert client_for(bert).get("/api/games/open/").json() == []


def test_nobody_joins_their_own_game_or_a_full_one(make_user, client_for):
    anna, bert, carla = make_user("anna"), make_user("bert"), make_user("carla")
    game = create(client_for(anna), opponent="open")
    assert client_for(anna).post(f"/api/games/{game['id']}/join/").status_code == 409
    client_for(bert).post(f"/api/games/{game['id']}/join/")
    r = client_for(carla).post(f"/api/games/{game['id']}/join/")
    assert r.status_code == 409 and r.json()["code"] == "cannot_join"


def test_unknown_invite_code_is_404(make_user, client_for):
    r = client_for(make_user()).post("/api/games/invite/nope/join/")
    assert r.status_code == 404 and r.json()["code"] == "not_found"


def test_the_creator_may_leave_before_the_start_and_the_game_is_gone(make_user, client_for):
    anna = make_user("anna")
    game = create(client_for(anna))
    assert client_for(anna).post(f"/api/games/{game['id']}/leave/").status_code == 204
    assert not Game.objects.filter(pk=game["id"]).exists()


def test_nobody_leaves_a_started_game(started_game, client_for):
    r = client_for(user_of(started_game, 0)).post(f"/api/games/{started_game.pk}/leave/")
    assert r.status_code == 409 and r.json()["code"] == "cannot_leave"


def test_turn_deadline_is_bounded_from_one_hour_to_fourteen_days(make_user, client_for):
    client = client_for(make_user())
    for bad in (3599, 14 * 24 * 3600 + 1):
        r = client.post("/api/games/", {"opponent": "invite", "turn_seconds": bad}, format="json")
        assert r.status_code == 400 and "turn_seconds" in r.json()["errors"]
    assert create(client, turn_seconds=3600)["turn_seconds"] == 3600
    assert create(client)["turn_seconds"] == 24 * 3600


def test_deadline_starts_with_the_game_and_moves_when_the_turn_changes(started_game):
    game = started_game
    assert game.deadline_at == game.turn_started_at + timedelta(seconds=game.turn_seconds)
    first_seat, first_deadline = game.current_seat, game.deadline_at
    game = play(game, moves=1)
    assert game.deadline_at == first_deadline  # same turn, same deadline
    game = play(game, until=lambda s: s.current != first_seat)
    assert game.current_seat != first_seat
    assert game.turn_started_at > first_deadline - timedelta(seconds=game.turn_seconds)
    assert game.deadline_at == game.turn_started_at + timedelta(seconds=game.turn_seconds)


def test_a_game_past_its_deadline_is_lost_by_the_player_to_move(started_game):
    late = started_game.deadline_at + timedelta(seconds=1)
    assert not services.game_timeout(
        game=started_game, now=started_game.deadline_at - timedelta(seconds=1)
    )
    assert services.game_timeout(game=started_game, now=late)
    game = Game.objects.get(pk=started_game.pk)
    assert game.status == "finished"
    assert game.result["reason"] == "timeout"
    assert game.result["winners"] == [1 - started_game.current_seat]


def test_my_games_list_my_turn_first(make_user, client_for):
    anna, bert = make_user("anna"), make_user("bert")
    games = GameFactory.create_batch(4, creator=anna, joiner=bert)
    GameFactory(creator=anna, opponent="open")
    listed = client_for(anna).get("/api/games/").json()
    flags = [g["your_turn"] for g in listed]
    assert flags == sorted(flags, reverse=True)  # every "my turn" before every other
    assert sum(flags) == sum(g.current_seat == 0 for g in games)
    assert listed[-1]["status"] == "open" or not any(g["status"] == "open" for g in listed[:-1])


def test_resigning_ends_the_game_and_the_opponent_wins(started_game, client_for):
    loser = user_of(started_game, 1)
    r = client_for(loser).post(f"/api/games/{started_game.pk}/resign/")
    assert r.status_code == 200
    body = r.json()
    assert body["status"] == "finished"
    assert body["result"]["reason"] == "resign" and body["result"]["winners"] == [0]
    assert body["seed"] is not None  # revealed at the end
    assert body["deadline_at"] is None and body["current"] is None


def test_rematch_swaps_seats_and_is_created_once(started_game, client_for):
    anna, bert = user_of(started_game, 0), user_of(started_game, 1)
    assert client_for(anna).post(f"/api/games/{started_game.pk}/rematch/").status_code == 409
    client_for(anna).post(f"/api/games/{started_game.pk}/resign/")
    r = client_for(bert).post(f"/api/games/{started_game.pk}/rematch/")
    assert r.status_code == 201
    new = r.json()
    assert new["status"] == "active"
    assert [p["username"] for p in new["players"]] == ["bert", "anna"]
    again = client_for(anna).post(f"/api/games/{started_game.pk}/rematch/")
    assert again.status_code == 200 and again.json()["id"] == new["id"]
    old = client_for(anna).get(f"/api/games/{started_game.pk}/").json()
    assert old["rematch_id"] == new["id"]


def test_a_private_game_is_invisible_to_others(make_user, client_for):
    anna, bert = make_user("anna"), make_user("bert")
    game = create(client_for(anna), public=False)
    for client in (client_for(bert), client_for(None)):
        assert client.get(f"/api/games/{game['id']}/").status_code == 404
        assert client.get(f"/api/games/{game['id']}/moves/").status_code == 404


def test_spectators_of_a_public_game_see_no_hand(started_game, client_for):
    play(started_game, moves=12)
    r = client_for(None).get(f"/api/games/{started_game.pk}/")
    assert r.status_code == 200
    body = r.json()
    assert body["your_seat"] is None and body["state"]["viewer"] is None
    state = selectors.game_state(Game.objects.get(pk=started_game.pk))
    for p, full in zip(body["state"]["players"], state.players, strict=True):
        assert {c["id"] for c in p["hand"]} == set(full.active)
        assert p["hand_size"] == len(full.hand)


def test_players_see_display_names(make_user, client_for):
    anna = make_user("anna", display_name="Anna van Hof")
    game = create(client_for(anna), opponent="computer")
    assert [p["display_name"] for p in game["players"]] == ["Anna van Hof", "Computer"]
    assert game["players"][1]["is_computer"] is True


def test_seats_hold_a_user_or_the_computer_never_both(started_game):
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=started_game, index=2, user=None, is_computer=False)


def test_an_invite_link_leads_to_the_web_clients_join_page(client):
    r = client.get("/join/AbC-123")
    assert r.status_code == 302 and r["Location"] == "/#/join/AbC-123"
