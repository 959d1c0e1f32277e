"""The guided first game (docs/tutorial.md): the script still replays on today's engine and
meets each lesson where it says, the server's computer plays its side of the line, and the
tutorial is a game that counts nowhere: unrated, no clock, out of records and profiles."""

from __future__ import annotations

import pytest

import engine
from games import computer, verify
from games.models import Game
from ratings.models import RatingChange
from tutorial.lessons import LESSONS, lessons_of
from tutorial.models import Tutorial
from tutorial.script import script

pytestmark = pytest.mark.django_db


def _states():
    """(state before, entry) for every entry of the script's log."""
    lines = script()
    state = engine.new_game(lines.seed, rules=lines.rules_version)
    for entry in lines.log:
        yield state, entry
        if not entry.get("auto"):
            state = engine.apply(state, entry)


def test_the_script_replays_on_the_engine_and_ends_with_the_engine_s_own_moves():
    lines = script()
    assert lines.rules_version == engine.RULES_VERSION, "a new rules version: search a new seed"
    state = engine.replay(lines.seed, list(lines.log), rules=lines.rules_version)
    assert state.seq == len(lines.log) and not state.over
    assert [s.move for s in lines.steps] == [lines.log[s.seq] for s in lines.steps]


def test_every_step_is_the_learner_s_and_meets_the_lessons_the_script_names():
    lines = script()
    at = {s.seq: s for s in lines.steps}
    first: dict[str, int] = {}
    for index, (state, entry) in enumerate(_states()):
        if entry.get("auto"):
            continue
        if index not in at:
            assert state.current == 1, f"entry {index} is the learner's but no step"
            continue
        assert state.current == 0
        after = engine.apply(state, entry)
        for lesson in lessons_of(state, entry, after):
            first.setdefault(lesson, index)
        taught = [x for x in lessons_of(state, entry, after) if first[x] == index]
        assert list(at[index].lessons) == taught, f"step at {index}: {entry}"
    assert set(first) == set(LESSONS), f"lessons never met: {set(LESSONS) - set(first)}"


def test_the_computer_s_side_of_the_line_is_what_the_server_s_computer_plays():
    lines = script()
    for state, entry in _states():
        if entry.get("auto") or state.current == 0:
            continue
        assert computer.choose_move(state, lines.level).to_json() == entry


def test_the_walk_lessons_are_taught_by_walks_and_a_market_move_teaches_nothing():
    lines = script()
    state = engine.new_game(lines.seed, rules=lines.rules_version)
    assert lessons_of(state, {"type": "take_task", "slot": 0}, state) == []
    taught = {x for s in lines.steps for x in s.lessons}
    walks = {x for s in lines.steps if s.move["type"] == "walk" for x in s.lessons}
    assert {"rotation", "meeting", "toll"} <= walks and taught == set(LESSONS)


# --- the server ------------------------------------------------------------------------------


def _play_the_script(client, capture, upto: int | None = None) -> dict:
    body = client.get("/api/tutorial/").json()
    while body["status"] == "active" and (upto is None or body["step"] < upto):
        assert body["expected"] is not None, body
        game = Game.objects.get(pk=body["game"])
        with capture(execute=True):
            r = client.post(
                f"/api/games/{game.pk}/moves/",
                {"move": body["expected"], "expected_seq": game.seq},
                format="json",
            )
        assert r.status_code == 201, r.json()
        body = client.get("/api/tutorial/").json()
    return body


def test_a_new_account_is_offered_the_tutorial_and_starts_it_on_the_scripted_seed(
    make_user, client_for, django_capture_on_commit_callbacks
):
    client = client_for(make_user())
    body = client.get("/api/tutorial/").json()
    assert body["offer"] is True and body["game"] is None
    with django_capture_on_commit_callbacks(execute=True):
        body = client.post("/api/tutorial/").json()
    assert body["offer"] is False and body["status"] == "active" and body["step"] == 0
    game = Game.objects.get(pk=body["game"])
    assert game.seed == script().seed and game.opponent == "computer"
    assert body["expected"] == script().steps[0].move


def test_the_whole_script_plays_through_the_server_and_the_game_verifies(
    make_user, client_for, django_capture_on_commit_callbacks
):
    client = client_for(make_user())
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/api/tutorial/")
    seen_lessons: list[str] = []
    body = client.get("/api/tutorial/").json()
    while body["status"] == "active":
        seen_lessons += body["lessons"]
        if body["expected"]["type"] == "walk":
            assert body["points"], "a walk's step points at the board"
        body = _play_the_script(client, django_capture_on_commit_callbacks, body["step"] + 1)
    assert body["status"] == "done" and body["step"] == body["steps"] == len(script().steps)
    assert body["expected"] is None and body["after"] == list(script().steps[-1].lessons)
    assert seen_lessons == [x for s in script().steps for x in s.lessons]
    game = Game.objects.get(pk=body["game"])
    assert game.status == "active"  # the game goes on freely after the lessons
    report = verify.check_game(game)
    assert report.ok, report


def test_the_tutorial_is_unrated_without_a_clock_and_counts_in_no_record_or_list(
    make_user, client_for, django_capture_on_commit_callbacks
):
    anna = make_user("anna")
    client = client_for(anna)
    with django_capture_on_commit_callbacks(execute=True):
        game_id = client.post("/api/tutorial/").json()["game"]
    game = Game.objects.get(pk=game_id)
    assert game.rated is False and game.deadline_at is None and game.time_control is None
    assert game.public is False
    client.post("/api/tutorial/skip/")
    game.refresh_from_db()
    assert game.status == "finished"
    profile = client_for(None).get("/api/players/anna/").json()
    assert profile["record"]["computer"] == {"won": 0, "lost": 0, "shared": 0}
    assert client.get("/api/players/anna/games/").json() == []
    assert not RatingChange.objects.filter(game=game).exists()
    leaders = client.get("/api/ratings/leaderboard/").json()
    assert "anna" not in str(leaders)


def test_an_ordinary_game_against_the_computer_still_counts_in_the_record(
    make_user, client_for, django_capture_on_commit_callbacks
):
    anna = make_user("anna")
    client = client_for(anna)
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/api/tutorial/")
        other = client.post("/api/games/", {"opponent": "computer"}, format="json").json()["id"]
    client.post(f"/api/games/{other}/resign/")
    profile = client_for(None).get("/api/players/anna/").json()
    assert profile["record"]["computer"]["lost"] == 1
    games = client.get("/api/players/anna/games/").json()
    assert [g["id"] for g in games] == [other]


def test_the_tutorial_resumes_where_it_was_left(
    make_user, client_for, django_capture_on_commit_callbacks
):
    client = client_for(make_user())
    with django_capture_on_commit_callbacks(execute=True):
        first = client.post("/api/tutorial/").json()
    body = _play_the_script(client, django_capture_on_commit_callbacks, upto=5)
    assert body["step"] == 5 and body["after"] == list(script().steps[4].lessons)
    with django_capture_on_commit_callbacks(execute=True):
        again = client.post("/api/tutorial/").json()
    assert again["game"] == first["game"] and again["step"] == 5
    assert again["expected"] == script().steps[5].move
    assert Tutorial.objects.get().step == 5


def test_skipping_ends_the_game_and_a_later_start_begins_a_new_tutorial(
    make_user, client_for, django_capture_on_commit_callbacks
):
    client = client_for(make_user())
    with django_capture_on_commit_callbacks(execute=True):
        first = client.post("/api/tutorial/").json()
    body = client.post("/api/tutorial/skip/").json()
    assert body["status"] == "skipped" and body["expected"] is None and body["offer"] is False
    assert Game.objects.get(pk=first["game"]).status == "finished"
    with django_capture_on_commit_callbacks(execute=True):
        again = client.post("/api/tutorial/").json()
    assert again["game"] != first["game"] and again["status"] == "active" and again["step"] == 0


def test_a_move_off_the_script_ends_the_lessons_but_not_the_game(
    make_user, client_for, django_capture_on_commit_callbacks
):
    client = client_for(make_user())
    with django_capture_on_commit_callbacks(execute=True):
        body = client.post("/api/tutorial/").json()
    game = Game.objects.get(pk=body["game"])
    other = next(
        m.to_json()
        for m in engine.legal_moves(engine.new_game(script().seed))
        if m.to_json() != body["expected"]
    )
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(
            f"/api/games/{game.pk}/moves/", {"move": other, "expected_seq": 0}, format="json"
        )
    assert r.status_code == 201
    body = client.get("/api/tutorial/").json()
    assert body["status"] == "done" and body["expected"] is None
    assert Game.objects.get(pk=game.pk).status == "active"


def test_the_tutorial_needs_an_account(client_for):
    anonymous = client_for(None)
    assert anonymous.get("/api/tutorial/").status_code in (401, 403)
    r = anonymous.post("/api/tutorial/")
    assert r.status_code in (401, 403) and "code" in r.json()
    assert not Tutorial.objects.exists()


def test_each_step_points_at_its_place_on_the_board_each_hex_once():
    from tutorial.services import points

    at = {s.seq: s for s in script().steps}
    for index, (state, entry) in enumerate(_states()):
        if index not in at:
            continue
        shown = points(state, entry)
        assert len(shown) == len({tuple(h) for h in shown}), entry
        if entry["type"] == "walk":
            last = [s for s in entry["plan"] if "rotate" not in s][-1]
            assert shown[-1] == list(last.get("enter") or last.get("cross"))
            assert all(list(s["rotate"]) in shown for s in entry["plan"] if "rotate" in s)
        elif entry["type"] == "choose":
            assert shown == [list(state.players[0].pawns[entry["pawn"]])]
        else:
            assert shown == [], entry  # a button: the box rings the button instead
