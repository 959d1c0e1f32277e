"""The computer opponent plays its own turns (through move_submit) right after the human's
move is committed, until it is the human's turn again or the game is over."""

import json

import pytest

import engine
from games import selectors, services
from games.models import Game, Move

from .factories import GameFactory

pytestmark = pytest.mark.django_db


def human_turn_or_over(game):
    return game.status == "finished" or game.current_seat == 0


def test_the_computer_moves_until_it_is_the_humans_turn(
    make_user, client_for, django_capture_on_commit_callbacks
):
    anna = make_user()
    client = client_for(anna)
    with django_capture_on_commit_callbacks(execute=True):
        body = client.post("/api/games/", {"opponent": "computer"}, format="json").json()
    game = Game.objects.get(pk=body["id"])
    assert human_turn_or_over(game)
    for _ in range(60):  # a few turns
        game = Game.objects.get(pk=game.pk)
        if game.status == "finished":
            break
        move = engine.legal_moves(selectors.game_state(game))[0].to_json()
        with django_capture_on_commit_callbacks(execute=True):
            r = client.post(
                f"/api/games/{game.pk}/moves/",
                {"move": move, "expected_seq": game.seq},
                format="json",
            )
        assert r.status_code == 201, r.json()
        assert human_turn_or_over(Game.objects.get(pk=game.pk))
    computer_entries = Move.objects.filter(game=game, seat=1)
    assert computer_entries.exists()


def test_a_whole_game_against_the_computer_ends_with_a_result(
    make_user, django_capture_on_commit_callbacks
):
    anna = make_user()
    with django_capture_on_commit_callbacks(execute=True):
        game = GameFactory(creator=anna, opponent="computer")
    while True:
        game = Game.objects.get(pk=game.pk)
        if game.status == "finished":
            break
        assert game.current_seat == 0
        move = engine.legal_moves(selectors.game_state(game))[0]
        with django_capture_on_commit_callbacks(execute=True):
            services.move_submit(game=game, user=anna, move=move, expected_seq=game.seq)
    assert game.result["reason"] == "end"
    assert set(game.result["scores"]) == {"0", "1"}


def test_nobody_can_move_for_the_computer(make_user, client_for):
    anna = make_user()
    games = GameFactory.create_batch(8, creator=anna, opponent="computer")
    game = next(g for g in games if g.current_seat == 1)  # no commit: idle
    r = client_for(anna).post(
        f"/api/games/{game.pk}/moves/",
        {"move": {"type": "take_card", "slot": 0}, "expected_seq": game.seq},
        format="json",
    )
    assert r.status_code == 403 and r.json()["code"] == "not_your_turn"
    with pytest.raises(services.InvalidMoveError):
        services.move_submit(
            game=game, user=anna, move=engine.Move("resign", seat=1), expected_seq=game.seq
        )


def test_bot_move_plays_the_computers_whole_turn_and_stops_at_the_humans(make_user):
    anna = make_user()
    games = GameFactory.create_batch(8, creator=anna, opponent="computer")
    game = next(g for g in games if g.current_seat == 1)  # no commit: idle
    made = services.bot_move(game)
    game = Game.objects.get(pk=game.pk)
    assert made > 0 and game.current_seat == 0 and game.status == "active"
    assert Move.objects.filter(game=game, seat=1).count() >= 1
    assert services.bot_move(game.pk) == 0  # the human's turn: nothing to do


@pytest.mark.parametrize(
    ("level", "kind"), [("easy", "easy"), ("strong", "strong"), (None, "greedy")]
)
def test_the_computer_plays_at_the_level_chosen_in_the_lobby(
    level, kind, make_user, client_for, monkeypatch
):
    from engine import bots

    asked = []
    greedy = bots.choose_move

    def spy(state, kind, rng_seed=0):
        asked.append(kind)
        return greedy(state, "greedy", rng_seed)  # fast: only the kind asked for matters here

    monkeypatch.setattr(bots, "choose_move", spy)
    anna = make_user()
    data = {"opponent": "computer"} | ({"level": level} if level else {})
    body = client_for(anna).post("/api/games/", data, format="json").json()
    assert body["computer_level"] == (level or "normal")
    game = Game.objects.get(pk=body["id"])
    while game.status == "active" and game.current_seat == 0:
        state = selectors.game_state(game)
        services.move_submit(
            game=game, user=anna, move=engine.legal_moves(state)[0], expected_seq=game.seq
        )
        game = Game.objects.get(pk=game.pk)
    services.bot_move(game)
    assert asked and set(asked) == {kind}


@pytest.mark.parametrize(
    "data",
    [
        {"opponent": "computer", "level": "grandmaster"},
        {"opponent": "invite", "level": "strong"},
        {"opponent": "computer", "level": None},
    ],
)
def test_a_bad_level_is_a_clear_json_error_and_creates_nothing(data, make_user, client_for):
    before = Game.objects.count()
    r = client_for(make_user()).post("/api/games/", data, format="json")
    assert r.status_code == 400
    assert "level" in json.dumps(r.json())
    assert Game.objects.count() == before
