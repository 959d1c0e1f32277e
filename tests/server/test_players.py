"""Player profiles: rating and its history, the record against people and the computer,
and the games list (private games only for those who played them)."""

from __future__ import annotations

import pytest

import clocks
from accounts.services import account_delete

from .factories import GameFactory

pytestmark = pytest.mark.django_db


def test_a_profile_shows_rating_history_and_record(make_user, client_for):
    anna, bert = make_user("anna", display_name="Vrouwe Anna"), make_user("bert")
    first = GameFactory(creator=anna, joiner=bert, loser=bert, rated=True)
    second = GameFactory(creator=bert, joiner=anna, loser=anna, rated=True)
    GameFactory(creator=anna, joiner=bert, loser=bert)  # casual: in the record, not in the history
    GameFactory(creator=anna, opponent="computer", loser=anna)

    r = client_for(None).get("/api/players/ANNA/")  # the name in any case
    assert r.status_code == 200
    body = r.json()
    assert (body["username"], body["display_name"]) == ("anna", "Vrouwe Anna")
    assert [p["game"] for p in body["history"]] == [first.pk, second.pk]
    assert body["history"][0]["rating"] == 1662
    assert body["rating"]["rating"] == body["history"][-1]["rating"]
    assert body["rating"]["games"] == 2 and body["rating"]["provisional"] is True
    assert body["record"] == {
        "people": {"won": 2, "lost": 1, "shared": 0},
        "computer": {"won": 0, "lost": 1, "shared": 0},
    }


def test_the_games_list_links_replays_and_hides_private_games_from_others(make_user, client_for):
    anna, bert, cees = make_user("anna"), make_user("bert"), make_user("cees")
    public = GameFactory(
        creator=anna, joiner=bert, loser=bert, rated=True, time_control=clocks.PRESETS["live_10_20"]
    )
    private = GameFactory(creator=anna, joiner=bert, loser=anna, public=False)

    seen_by_cees = client_for(cees).get("/api/players/anna/games/").json()
    assert [g["id"] for g in seen_by_cees] == [public.pk]
    row = seen_by_cees[0]
    assert row | {"started_at": None, "finished_at": None} == {
        "id": public.pk,
        "status": "finished",
        "opponent_kind": "invite",
        "opponent": {
            "username": "bert",
            "display_name": "bert",
            "is_computer": False,
            "bot": False,
        },
        "seat": 0,
        "outcome": "won",
        "reason": "resign",
        "rated": True,
        "time_control": {
            "kind": "live",
            "seconds": 600,
            "increment": 20,
            "cap": None,
            "vacation": False,
            "on_timeout": "claim",
        },
        "rating_diff": 162,
        "started_at": None,
        "finished_at": None,
        "url": f"/#/spel/{public.pk}",
    }
    seen_by_bert = client_for(bert).get("/api/players/anna/games/").json()
    assert [g["id"] for g in seen_by_bert] == [private.pk, public.pk]
    paged = client_for(bert).get(f"/api/players/anna/games/?before={private.pk}").json()
    assert [g["id"] for g in paged] == [public.pk]
    assert client_for(None).get("/api/players/anna/games/?before=x").status_code == 400


def test_unknown_and_deleted_players_are_not_found_but_their_games_stay(make_user, client_for):
    anna, bert = make_user("anna"), make_user("bert")
    game = GameFactory(creator=anna, joiner=bert, loser=bert, rated=True)
    assert client_for(None).get("/api/players/nobody/").status_code == 404
    account_delete(anna)
    assert client_for(None).get("/api/players/anna/").status_code == 404
    rows = client_for(None).get("/api/players/bert/games/").json()
    assert rows[0]["id"] == game.pk
    assert rows[0]["opponent"] == {
        "username": None,
        "display_name": "verwijderde speler",
        "is_computer": False,
        "bot": False,
    }
    assert client_for(None).get("/api/ratings/leaderboard/").json()[0]["username"] == "bert"
