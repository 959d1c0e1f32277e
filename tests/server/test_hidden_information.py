"""Hidden information never leaves the server: through every endpoint and every error message
a player never sees the opponent's hand, the order of the card deck or task deck, the future
court events, or the seed before the end. Spectators see neither hand."""

import json

import pytest

import engine
from games import selectors
from games.models import Game
from tests.server.helpers import play, user_of

pytestmark = pytest.mark.django_db

HIDDEN_KEYS = {"deck", "task_deck", "event_deck", "rng_counters", "scripted_dice"}


def both_hold_secret_cards(state):
    return (
        state.current == 0
        and state.phase == "draw"
        and all(set(p.hand) - set(p.active) for p in state.players)
    )


def keys_and_strings(value, keys, strings):
    if isinstance(value, dict):
        for k, v in value.items():
            keys.add(k)
            keys_and_strings(v, keys, strings)
    elif isinstance(value, list):
        for v in value:
            keys_and_strings(v, keys, strings)
    elif isinstance(value, str):
        strings.add(value)


def secrets_for(state, seat):
    """Every string the seat must not see (seat None: spectator)."""
    secret = {state.seed} | set(state.deck) | set(state.task_deck) | set(state.event_deck)
    for p in state.players:
        if p.seat != seat:
            secret |= set(p.hand) - set(p.active)
    return secret


def assert_nothing_hidden(response, state, seat):
    text = response.content.decode()
    body = json.loads(text) if text else None
    keys, strings = set(), set()
    keys_and_strings(body, keys, strings)
    assert not keys & HIDDEN_KEYS, (response.request["PATH_INFO"], keys & HIDDEN_KEYS)
    leaked = strings & secrets_for(state, seat)
    assert not leaked, (response.request["PATH_INFO"], leaked)
    assert state.seed not in text


@pytest.fixture
def midgame(started_game):
    game = play(started_game, until=both_hold_secret_cards)
    state = selectors.game_state(game)
    assert both_hold_secret_cards(state)
    return game, state


def every_read(client, game):
    base = f"/api/games/{game.pk}"
    return [
        client.get("/api/games/"),
        client.get("/api/games/open/"),
        client.get(f"{base}/"),
        client.get(f"{base}/legal/"),
        client.get(f"{base}/moves/"),
        client.get(f"{base}/moves/?since=3"),
        client.get(f"{base}/export/"),
        client.get(f"/api/games/invite/{game.invite_code}/"),
    ]


def test_a_player_sees_no_secret_through_any_read(midgame, client_for):
    game, state = midgame
    for seat in (0, 1):
        for r in every_read(client_for(user_of(game, seat)), game):
            assert r.status_code < 500
            assert_nothing_hidden(r, state, seat)


def test_a_spectator_sees_neither_hand(midgame, client_for):
    game, state = midgame
    for r in every_read(client_for(None), game):
        assert_nothing_hidden(r, state, None)


def test_no_secret_in_move_answers_and_errors(midgame, client_for):
    game, state = midgame
    me, other = client_for(user_of(game, 0)), client_for(user_of(game, 1))
    base = f"/api/games/{game.pk}"
    opponent_secret = sorted(set(state.players[1].hand) - set(state.players[1].active))
    deck_card = state.deck[0]
    answers = [
        other.post(
            f"{base}/moves/", {"move": {"type": "roll"}, "expected_seq": game.seq}, format="json"
        ),
        me.post(f"{base}/moves/", {"move": {"type": "roll"}, "expected_seq": 0}, format="json"),
        me.post(
            f"{base}/moves/", {"move": {"type": "fly"}, "expected_seq": game.seq}, format="json"
        ),
        me.post(f"{base}/preview/", {"pawn": 1, "plan": [{"enter": [0, 1]}]}, format="json"),
        me.post(f"{base}/rematch/"),
    ]
    for card in [*opponent_secret, deck_card]:
        for mtype in ("discard", "activate"):
            r = me.post(
                f"{base}/moves/",
                {"move": {"type": mtype, "card": card}, "expected_seq": game.seq},
                format="json",
            )
            answers.append(r)
    for r in answers:
        assert r.status_code in (200, 400, 403, 409, 422), r.content
        assert_nothing_hidden(r, state, 0)
    good = engine.legal_moves(state)[0].to_json()
    answers = me.post(f"{base}/moves/", {"move": good, "expected_seq": game.seq}, format="json")
    assert answers.status_code == 201
    assert_nothing_hidden(answers, selectors.game_state(Game.objects.get(pk=game.pk)), 0)


def test_an_error_does_not_tell_whether_a_card_is_in_the_opponents_hand(midgame, client_for):
    """Naming the opponent's secret card or a card still in the deck gets the same answer."""
    game, state = midgame
    me = client_for(user_of(game, 0))
    secret = sorted(set(state.players[1].hand) - set(state.players[1].active))[0]
    unseen = state.deck[0]
    for mtype in ("discard", "activate"):
        answers = []
        for card in (secret, unseen):
            r = me.post(
                f"/api/games/{game.pk}/moves/",
                {"move": {"type": mtype, "card": card}, "expected_seq": game.seq},
                format="json",
            )
            body = r.json()
            answers.append((r.status_code, body["code"], body["params"], body["detail"]))
            assert card not in repr(body)
        assert answers[0] == answers[1]


def test_the_log_shows_a_seat_only_the_notation_of_the_opponents_moves(midgame, client_for):
    game, state = midgame
    entries = client_for(user_of(game, 0)).get(f"/api/games/{game.pk}/moves/").json()["entries"]
    for entry in entries:
        assert entry["move"] == engine.Move.from_json(entry["move"]).to_json()
