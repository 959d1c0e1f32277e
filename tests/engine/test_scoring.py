"""XIV: end score = aanzien collected + 1 per office + each foundation's value; the parts are
listed per player; the highest total wins and a tie is a shared win; resources count nothing."""

from engine import scoring
from engine.game import new_game


def _state():
    s = new_game("score")
    a, b = s.players
    a.aanzien, a.aanzien_sources = 10, {"posts": 4, "court": 6}
    b.aanzien, b.aanzien_sources = 9, {"tasks": 9}
    return s


def test_score_is_aanzien_plus_one_per_office_plus_each_foundations_value():
    s = _state()
    a = s.players[0]
    s.offices = {"hofmeester": 0, "landmeter": 0}
    a.foundations = ["armenfonds"]
    result = scoring.score(s)
    mine = result["scores"]["0"]
    assert mine["aanzien"] == 10
    assert mine["offices"] == 2
    assert mine["foundations"] == {"armenfonds": 6}
    assert mine["total"] == 10 + 2 + 6
    assert result["winners"] == [0]


def test_the_end_state_lists_every_part_and_the_sources_of_aanzien():
    mine = scoring.score(_state())["scores"]["0"]
    assert mine["aanzien_sources"] == {"court": 6, "posts": 4}
    assert {"aanzien", "offices", "foundations", "total"} <= set(mine)


def test_an_unowned_foundation_scores_nothing():
    s = _state()
    s.offices = {"hofmeester": 1}
    assert scoring.score(s)["scores"]["1"]["foundations"] == {}
    assert scoring.score(s)["scores"]["1"]["total"] == 9 + 1


def test_a_tie_is_a_shared_win():
    s = _state()
    s.players[1].aanzien = 10
    assert scoring.score(s)["winners"] == [0, 1]


def test_resources_count_for_nothing_at_the_end():
    s = _state()
    before = scoring.score(s)
    for res in s.players[1].resources:
        s.players[1].resources[res] = 40
    assert scoring.score(s) == before


def test_every_view_shows_each_players_score_as_it_would_count_now():
    from engine.view import view

    s = _state()
    s.offices = {"hofmeester": 0, "landmeter": 0}
    s.players[0].foundations = ["armenfonds"]
    for seat in (0, 1, None):  # both players and a spectator see the same public score
        players = view(s, seat)["players"]
        assert players[0]["score_now"] == {
            "aanzien": 10,
            "offices": 2,
            "foundations": 6,
            "total": 18,
        }
        assert players[1]["score_now"] == {"aanzien": 9, "offices": 0, "foundations": 0, "total": 9}
