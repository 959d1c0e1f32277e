"""Follows (follows/): follow and unfollow a player by name (PUT and DELETE, idempotent),
the list of the players I follow with who of them is online now, the rules (not myself, not
an unknown or deleted player, not across a block either way, at most FOLLOWS_MAX), a block
ending the follows both ways, the profile's `following` flag, and the tokens' scopes."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from follows import services
from follows.models import Follow
from moderation import services as moderation
from notifications.models import Presence
from notifications.services import PRESENCE_TTL
from tokens import scopes

from .factories import token_for

pytestmark = pytest.mark.django_db


def with_token(secret: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    return client


def online(user, seen_ago: timedelta = timedelta(seconds=1)) -> None:
    """A socket of `user`, last seen `seen_ago` (as the game and bell sockets keep it)."""
    Presence.objects.create(
        user=user, channel_name=f"chan.{user.pk}.{seen_ago}", seen_at=timezone.now() - seen_ago
    )


def followed_names(client) -> list[str]:
    r = client.get("/api/follows/")
    assert r.status_code == 200
    return [row["username"] for row in r.json()]


def test_follow_is_idempotent_and_listed_with_name_rating_and_since(client_for, make_user):
    anna = make_user("anna")
    make_user("bert", display_name="Bert de Bakker")
    client = client_for(anna)
    r = client.put("/api/follows/BERT/")  # any case
    assert r.status_code == 201
    row = r.json()
    assert (row["username"], row["display_name"], row["online"]) == (
        "bert",
        "Bert de Bakker",
        False,
    )
    assert row["rating"]["rating"] == 1500 and row["rating"]["provisional"] is True
    again = client.put("/api/follows/bert/")
    assert again.status_code == 200 and again.json()["since"] == row["since"]
    assert Follow.objects.filter(follower=anna).count() == 1
    assert client.get("/api/follows/").json() == [row]


def test_unfollow_is_idempotent_and_an_unknown_name_is_404(client_for, make_user):
    anna, bert = make_user("anna"), make_user("bert")
    client = client_for(anna)
    client.put("/api/follows/bert/")
    assert client.delete("/api/follows/Bert/").status_code == 204
    assert client.delete("/api/follows/bert/").status_code == 204  # not following: fine
    assert followed_names(client) == []
    r = client.delete("/api/follows/niemand/")
    assert r.status_code == 404 and r.json()["code"] == "player_not_found"
    assert not Follow.objects.filter(followed=bert).exists()


def test_refused_follows_change_nothing(client_for, make_user):
    anna = make_user("anna")
    gone = make_user("gone", is_active=False)
    client = client_for(anna)
    for name, status, code in (
        ("anna", 400, "cannot_follow_self"),
        ("ANNA", 400, "cannot_follow_self"),
        ("niemand", 404, "player_not_found"),
        (gone.username, 404, "player_not_found"),
    ):
        r = client.put(f"/api/follows/{name}/")
        assert (r.status_code, r.json()["code"]) == (status, code), name
        assert r.json()["detail"]
    assert not Follow.objects.exists()
    assert client_for(None).put("/api/follows/anna/").status_code in (401, 403)
    assert client_for(None).get("/api/follows/").status_code in (401, 403)


@pytest.mark.parametrize("who_blocks", ["follower", "followed"])
def test_no_follow_across_a_block_either_way(client_for, make_user, who_blocks):
    anna, bert = make_user("anna"), make_user("bert")
    if who_blocks == "follower":
        moderation.block_create(blocker=anna, username="bert")
    else:
        moderation.block_create(blocker=bert, username="anna")
    r = client_for(anna).put("/api/follows/bert/")
    assert (r.status_code, r.json()["code"]) == (409, "blocked")
    assert not Follow.objects.exists()


def test_a_block_ends_the_follows_both_ways_and_only_theirs(client_for, make_user):
    anna, bert, _cees = make_user("anna"), make_user("bert"), make_user("cees")
    client_for(anna).put("/api/follows/bert/")
    client_for(bert).put("/api/follows/anna/")
    client_for(anna).put("/api/follows/cees/")
    r = client_for(bert).post("/api/blocks/", {"username": "anna"}, format="json")
    assert r.status_code == 201
    assert followed_names(client_for(anna)) == ["cees"]
    assert followed_names(client_for(bert)) == []
    # lifting the block does not bring the follows back
    client_for(bert).delete("/api/blocks/anna/")
    assert followed_names(client_for(anna)) == ["cees"]


def test_the_list_says_who_is_online_now_online_ones_first(client_for, make_user):
    anna = make_user("anna")
    for name, shown in (("bert", "Zus"), ("cees", "Aap"), ("door", "Mies")):
        make_user(name, display_name=shown)
        client_for(anna).put(f"/api/follows/{name}/")
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    online(users.get(username="door"))
    online(users.get(username="bert"), seen_ago=PRESENCE_TTL + timedelta(seconds=5))  # stale
    rows = client_for(anna).get("/api/follows/").json()
    assert [(r["username"], r["online"]) for r in rows] == [
        ("door", True),
        ("cees", False),
        ("bert", False),
    ]
    online(users.get(username="bert"))
    rows = client_for(anna).get("/api/follows/").json()
    assert [(r["username"], r["online"]) for r in rows] == [
        ("door", True),  # Mies
        ("bert", True),  # Zus
        ("cees", False),
    ]


def test_a_deleted_or_closed_account_leaves_the_list(client_for, make_user):
    anna, bert, cees = make_user("anna"), make_user("bert"), make_user("cees")
    client_for(anna).put("/api/follows/bert/")
    client_for(anna).put("/api/follows/cees/")
    bert.is_active = False
    bert.save()
    cees.profile.deleted_at = timezone.now()
    cees.profile.save()
    assert followed_names(client_for(anna)) == []


def test_at_most_follows_max(client_for, make_user, monkeypatch):
    monkeypatch.setattr(services, "FOLLOWS_MAX", 2)
    anna = make_user("anna")
    for name in ("bert", "cees", "door"):
        make_user(name)
    client = client_for(anna)
    assert client.put("/api/follows/bert/").status_code == 201
    assert client.put("/api/follows/cees/").status_code == 201
    r = client.put("/api/follows/door/")
    assert (r.status_code, r.json()["code"], r.json()["params"]) == (
        409,
        "too_many_follows",
        {"max": 2},
    )
    assert "2" in r.json()["detail"]
    assert client.put("/api/follows/bert/").status_code == 200  # already followed: no limit
    client.delete("/api/follows/bert/")
    assert client.put("/api/follows/door/").status_code == 201


def test_the_limit_is_500_and_documented():
    from pathlib import Path

    assert services.FOLLOWS_MAX == 500
    api = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text()
    assert "at most 500 players" in api


def test_the_profile_says_whether_i_follow_the_player(client_for, make_user):
    anna, _bert = make_user("anna"), make_user("bert")
    assert client_for(anna).get("/api/players/bert/").json()["following"] is False
    client_for(anna).put("/api/follows/bert/")
    assert client_for(anna).get("/api/players/bert/").json()["following"] is True
    assert client_for(None).get("/api/players/bert/").json()["following"] is None
    assert client_for(anna).get("/api/players/anna/").json()["following"] is None
    assert (
        with_token(token_for(anna, [scopes.GAME_READ]))
        .get("/api/players/bert/")
        .json()["following"]
        is True
    )


def test_tokens_read_follows_with_account_read_and_change_them_with_account_write(make_user):
    anna, _bert = make_user("anna"), make_user("bert")
    reader = with_token(token_for(anna, [scopes.ACCOUNT_READ]))
    writer = with_token(token_for(anna, [scopes.ACCOUNT_WRITE]))
    player = with_token(token_for(anna, [scopes.GAME_PLAY]))
    r = reader.put("/api/follows/bert/")
    assert (r.status_code, r.json()["code"]) == (403, "scope_missing")
    assert r.json()["params"] == {"scope": "account:write"}
    assert player.get("/api/follows/").json()["params"] == {"scope": "account:read"}
    assert not Follow.objects.exists()
    assert writer.put("/api/follows/bert/").status_code == 201
    assert [row["username"] for row in reader.get("/api/follows/").json()] == ["bert"]
    assert writer.delete("/api/follows/bert/").status_code == 204
    assert scopes.needed("follows", "GET") == scopes.ACCOUNT_READ
    assert scopes.needed("follow", "PUT") == scopes.needed("follow", "DELETE") == "account:write"


def test_a_player_may_follow_what_blocks_a_third_allow(client_for, make_user):
    """A block between two others does not stop anyone else following either."""
    anna, bert, _cees = make_user("anna"), make_user("bert"), make_user("cees")
    moderation.block_create(blocker=bert, username="cees")
    assert client_for(anna).put("/api/follows/bert/").status_code == 201
    assert client_for(anna).put("/api/follows/cees/").status_code == 201


def test_my_data_download_has_the_players_i_follow_not_who_follows_me(client_for, make_user):
    anna, bert = make_user("anna"), make_user("bert")
    client_for(anna).put("/api/follows/bert/")
    client_for(bert).put("/api/follows/anna/")
    make_user("cees")
    client_for(bert).put("/api/follows/cees/")
    data = client_for(anna).get("/api/account/data/").json()
    assert [row["username"] for row in data["follows"]] == ["bert"]


def test_a_followed_bot_is_marked_as_a_bot(client_for, make_user):
    from accounts.models import Profile

    anna, robo = make_user("anna"), make_user("robo")
    Profile.objects.filter(user=robo).update(is_bot=True)
    client_for(anna).put("/api/follows/robo/")
    listed = client_for(anna).get("/api/follows/").json()
    assert [(row["username"], row["bot"]) for row in listed] == [("robo", True)]
