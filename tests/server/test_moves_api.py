"""Submitting moves through the API: who may move, stale seqs, illegal and malformed moves,
idempotent retries, the log. A refused move changes nothing."""

import pytest

import engine
from engine import refusals
from games import selectors
from games.models import Game, Move
from tests.server.helpers import play, user_of

pytestmark = pytest.mark.django_db


def url(game, what="moves"):
    return f"/api/games/{game.pk}/{what}/"


def mover(game):
    return user_of(game, game.current_seat), user_of(game, 1 - game.current_seat)


def first_legal(game):
    return engine.legal_moves(selectors.game_state(game))[0].to_json()


def test_current_player_move_is_applied_and_logged(started_game, client_for):
    me, _ = mover(started_game)
    move = first_legal(started_game)
    r = client_for(me).post(url(started_game), {"move": move, "expected_seq": 0}, format="json")
    assert r.status_code == 201, r.json()
    body = r.json()
    assert body["entries"][0]["move"] == move
    assert body["entries"][0]["seat"] == started_game.current_seat
    assert body["seq"] == body["game"]["seq"] == Move.objects.filter(game=started_game).count()
    assert [e["seq"] for e in body["entries"]] == list(range(body["seq"]))


def test_automatic_phase_advances_are_logged_with_the_move(started_game, client_for):
    """A move that leaves nothing to choose brings the engine's automatic entries with it."""
    game = play(
        started_game,
        until=lambda s: any(m.type == "lock" for m in engine.legal_moves(s)) and s.turn.dice,
    )
    me, _ = mover(game)
    r = client_for(me).post(
        url(game), {"move": {"type": "lock"}, "expected_seq": game.seq}, format="json"
    )
    assert r.status_code == 201, r.json()
    state = selectors.game_state(Game.objects.get(pk=game.pk))
    produced = state.log[game.seq :]
    assert [e["move"] for e in r.json()["entries"]] == produced
    auto = [e for e in r.json()["entries"] if e["auto"]]
    assert all(e["seat"] is None for e in auto)


def test_stale_seq_is_409_with_the_current_seq_and_changes_nothing(started_game, client_for):
    me, _ = mover(started_game)
    game = play(started_game, moves=1)
    assert user_of(game, game.current_seat) == me  # taking a card never ends a turn
    before = Move.objects.filter(game=game).count()
    r = client_for(me).post(
        url(game), {"move": first_legal(game), "expected_seq": 0}, format="json"
    )
    assert r.status_code == 409
    assert r.json()["code"] == "stale_seq" and r.json()["seq"] == game.seq
    assert Move.objects.filter(game=game).count() == before


def test_illegal_move_is_422_with_the_engines_refusal_code(started_game, client_for):
    me, _ = mover(started_game)
    r = client_for(me).post(
        url(started_game), {"move": {"type": "roll"}, "expected_seq": 0}, format="json"
    )
    assert r.status_code == 422
    with pytest.raises(engine.IllegalMove) as err:
        engine.apply(selectors.game_state(started_game), engine.Move("roll"))
    body = r.json()
    assert (body["code"], body["params"], body["kind"]) == (
        err.value.code,
        err.value.params,
        "illegal_move",
    )
    assert body["detail"] == err.value.text("nl")  # Dutch unless the request asks otherwise
    assert Move.objects.filter(game=started_game).count() == 0
    assert Game.objects.get(pk=started_game.pk).seq == 0


@pytest.mark.parametrize("accept", ["en", "en-GB,en;q=0.9", "nl-NL,nl;q=0.9,en;q=0.8", "fr"])
def test_a_refusal_answers_in_the_requests_language_with_the_same_code(
    started_game, client_for, accept
):
    me, _ = mover(started_game)
    client = client_for(me)
    move = {"move": {"type": "roll"}, "expected_seq": 0}
    dutch = client.post(url(started_game), move, format="json", HTTP_ACCEPT_LANGUAGE="nl")
    asked = client.post(url(started_game), move, format="json", HTTP_ACCEPT_LANGUAGE=accept)
    assert dutch.status_code == asked.status_code == 422
    assert (asked.json()["code"], asked.json()["params"]) == (
        dutch.json()["code"],
        dutch.json()["params"],
    )
    expected = "en" if accept.startswith("en") else "nl"
    assert asked.json()["detail"] == refusals.text(
        dutch.json()["code"], dutch.json()["params"], expected
    )
    if expected == "en":
        assert asked.json()["detail"] != dutch.json()["detail"]


def test_moving_on_the_opponents_turn_is_403(started_game, client_for):
    _, other = mover(started_game)
    r = client_for(other).post(
        url(started_game), {"move": first_legal(started_game), "expected_seq": 0}, format="json"
    )
    assert r.status_code == 403 and r.json()["code"] == "not_your_turn"
    assert r.json()["current"] == started_game.current_seat
    assert Move.objects.filter(game=started_game).count() == 0


def test_someone_without_a_seat_cannot_move(started_game, client_for, make_user):
    r = client_for(make_user("carla")).post(
        url(started_game), {"move": {"type": "roll"}, "expected_seq": 0}, format="json"
    )
    assert r.status_code == 403 and r.json()["code"] == "not_a_player"


def test_anonymous_cannot_move(started_game, client_for):
    r = client_for(None).post(
        url(started_game), {"move": {"type": "roll"}, "expected_seq": 0}, format="json"
    )
    assert r.status_code in (401, 403)
    assert r.json()["code"] == "not_authenticated"


@pytest.mark.parametrize(
    "body, what",
    [
        ({"move": {"type": "fly"}, "expected_seq": 0}, ("unknown_move_type", {})),
        (
            {"move": {"type": "take_card"}, "expected_seq": 0},
            ("missing_field", {"type": "take_card", "field": "slot"}),
        ),
        (
            {"move": {"type": "take_card", "slot": 9}, "expected_seq": 0},
            ("bad_number", {"field": "slot", "lo": 0, "hi": 3}),
        ),
        (
            {"move": {"type": "take_card", "slot": 0, "seat": 1}, "expected_seq": 0},
            ("unexpected_field", {"type": "take_card", "field": "seat"}),
        ),
        (
            {"move": {"type": "resign", "seat": 0}, "expected_seq": 0},
            ("system_move", {"type": "resign"}),
        ),
        (
            {"move": {"type": "end_walk", "auto": True}, "expected_seq": 0},
            ("system_move", {"type": "end_walk"}),
        ),
        ({"move": [1, 2], "expected_seq": 0}, ("not_a_move", {})),
    ],
)
def test_malformed_or_server_only_moves_are_400_saying_what_is_wrong(
    started_game, client_for, body, what
):
    me, _ = mover(started_game)
    r = client_for(me).post(url(started_game), body, format="json")
    assert r.status_code == 400, r.json()
    assert r.json()["kind"] == "invalid_move"
    assert (r.json()["code"], r.json()["params"]) == what
    assert r.json()["detail"] == refusals.text(*what)
    assert Move.objects.filter(game=started_game).count() == 0


@pytest.mark.parametrize(
    "body",
    [
        {"move": {"type": "roll"}},
        {"move": {"type": "roll"}, "expected_seq": "x"},
        {"expected_seq": 0},
        {"move": {"type": "roll"}, "expected_seq": -1},
    ],
)
def test_a_malformed_request_body_is_400_invalid(started_game, client_for, body):
    me, _ = mover(started_game)
    r = client_for(me).post(url(started_game), body, format="json")
    assert r.status_code == 400 and r.json()["code"] == "invalid"


def test_malformed_json_is_400(started_game, client_for):
    me, _ = mover(started_game)
    r = client_for(me).post(url(started_game), "{not json", content_type="application/json")
    assert r.status_code == 400 and r.json()["code"] == "parse_error"


def test_a_retry_with_the_same_client_move_id_is_applied_once(started_game, client_for):
    me, _ = mover(started_game)
    body = {"move": first_legal(started_game), "expected_seq": 0, "client_move_id": "k-1"}
    client = client_for(me)
    first = client.post(url(started_game), body, format="json")
    again = client.post(url(started_game), body, format="json")
    assert first.status_code == 201 and again.status_code == 200
    assert again.json()["entries"] == first.json()["entries"]
    assert again.json()["seq"] == first.json()["seq"]
    assert Move.objects.filter(game=started_game).count() == first.json()["seq"]


def test_the_same_client_move_id_with_another_move_is_409(started_game, client_for):
    me, _ = mover(started_game)
    client = client_for(me)
    client.post(
        url(started_game),
        {"move": {"type": "take_card", "slot": 0}, "expected_seq": 0, "client_move_id": "k"},
        format="json",
    )
    r = client.post(
        url(started_game),
        {"move": {"type": "take_card", "slot": 1}, "expected_seq": 0, "client_move_id": "k"},
        format="json",
    )
    assert r.status_code == 409 and r.json()["code"] == "client_move_id_reused"


def test_log_from_a_given_seq(started_game, client_for):
    game = play(started_game, moves=6)
    me = user_of(game, 0)
    r = client_for(me).get(url(game) + "?since=2")
    assert r.status_code == 200
    body = r.json()
    assert body["seq"] == game.seq
    assert [e["seq"] for e in body["entries"]] == list(range(2, game.seq))
    assert [e["move"] for e in body["entries"]] == selectors.game_log(game)[2:]


def test_log_since_must_be_a_number(started_game, client_for):
    r = client_for(user_of(started_game, 0)).get(url(started_game) + "?since=abc")
    assert r.status_code == 400


def test_legal_moves_are_listed_for_the_player_to_move_only(started_game, client_for):
    me, other = mover(started_game)
    mine = client_for(me).get(url(started_game, "legal")).json()
    theirs = client_for(other).get(url(started_game, "legal")).json()
    expected = [m.to_json() for m in engine.legal_moves(selectors.game_state(started_game))]
    assert mine == {"seq": 0, "your_turn": True, "moves": expected}
    assert theirs == {"seq": 0, "your_turn": False, "moves": []}


def test_the_game_and_each_move_answer_carry_the_movers_legal_moves_only(
    started_game, client_for, make_user
):
    """What `legal/` lists comes with the Game itself, so a client at turn needs no extra
    request after each move; the opponent and spectators get none (they name hand cards)."""
    me, other = mover(started_game)
    game_url = f"/api/games/{started_game.pk}/"
    assert (
        client_for(me).get(game_url).json()["legal_moves"]
        == (client_for(me).get(url(started_game, "legal")).json()["moves"])
    )
    assert client_for(other).get(game_url).json()["legal_moves"] == []
    assert client_for(make_user("cees")).get(game_url).json()["legal_moves"] == []

    answer = client_for(me).post(
        url(started_game), {"move": first_legal(started_game), "expected_seq": 0}, format="json"
    )
    game = Game.objects.get(pk=started_game.pk)
    at_turn = user_of(game, game.current_seat)
    legal = client_for(at_turn).get(url(game, "legal")).json()
    assert legal["moves"]
    carried = answer.json()["game"]["legal_moves"]
    assert carried == (legal["moves"] if at_turn == me else [])


def test_no_moves_after_the_game_is_over(started_game, client_for):
    me, other = mover(started_game)
    client_for(other).post(url(started_game, "resign"))
    game = Game.objects.get(pk=started_game.pk)
    r = client_for(me).post(
        url(game),
        {"move": {"type": "take_card", "slot": 0}, "expected_seq": game.seq},
        format="json",
    )
    assert r.status_code == 409 and r.json()["code"] == "not_active"


def test_preview_on_the_opponents_turn_is_403(started_game, client_for):
    _, other = mover(started_game)
    r = client_for(other).post(
        url(started_game, "preview"), {"pawn": 1, "plan": [{"enter": [1, 0]}]}, format="json"
    )
    assert r.status_code == 403 and r.json()["code"] == "not_your_turn"


def test_preview_of_a_malformed_plan_is_400(started_game, client_for):
    me, _ = mover(started_game)
    r = client_for(me).post(
        url(started_game, "preview"), {"pawn": 1, "plan": [{"jump": [1, 0]}]}, format="json"
    )
    assert r.status_code == 400 and r.json()["kind"] == "invalid_move"
    assert r.json()["code"] == "step_op"


def test_preview_answers_and_logs_nothing(started_game, client_for):
    game = play(started_game, until=lambda s: s.phase == "walk" and s.turn.walk_dice)
    me, _ = mover(game)
    state = selectors.game_state(game)
    for plan in ([], [{"enter": [1, 0]}]):
        r = client_for(me).post(url(game, "preview"), {"pawn": 1, "plan": plan}, format="json")
        assert r.status_code == 200, r.json()
        assert r.json() == engine.preview(state, 1, plan)
    assert Game.objects.get(pk=game.pk).seq == game.seq


def test_an_engine_failure_refuses_the_move_without_a_server_error(
    started_game, client_for, monkeypatch
):
    me, _ = mover(started_game)

    def broken(state, move):
        raise KeyError("bug")

    monkeypatch.setattr(engine, "apply", broken)
    r = client_for(me).post(
        url(started_game), {"move": first_legal(started_game), "expected_seq": 0}, format="json"
    )
    assert r.status_code == 422 and r.json()["kind"] == "illegal_move"
    assert r.json()["code"] == "engine_failed"
    assert Move.objects.filter(game=started_game).count() == 0
