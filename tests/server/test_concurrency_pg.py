"""Concurrent submissions on PostgreSQL (collected only when DATABASE_URL is PostgreSQL, see
conftest.py): the game row lock lets exactly one of two moves at the same seq through; the
other gets 409 with the current seq; the log has no gap and no duplicate; an idempotent retry
racing its original applies once."""

import threading

import pytest
from django.db import connection

import engine
from games import selectors, services
from games.errors import StaleSeq
from games.models import Game, Move

from .factories import GameFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def race(game_id, user, payloads, client_move_id=None):
    """Submit each payload from its own thread and connection, released together."""
    barrier = threading.Barrier(len(payloads))
    outcomes = [None] * len(payloads)

    def submit(i, move):
        try:
            game = Game.objects.get(pk=game_id)
            barrier.wait(timeout=10)
            result = services.move_submit(
                game=game,
                user=user,
                move=move,
                expected_seq=game.seq,
                client_move_id=client_move_id,
            )
            outcomes[i] = ("repeated" if result.repeated else "applied", result)
        except StaleSeq as err:
            outcomes[i] = ("stale", err)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(i, m)) for i, m in enumerate(payloads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return outcomes


def assert_log_contiguous(game_id):
    seqs = list(Move.objects.filter(game_id=game_id).order_by("seq").values_list("seq", flat=True))
    game = Game.objects.get(pk=game_id)
    assert seqs == list(range(game.seq))
    assert selectors.game_state(game).seq == game.seq


def test_two_moves_at_the_same_seq_exactly_one_is_applied(started_game):
    anna, bert = (started_game.seats.get(index=i).user for i in (0, 1))
    game = started_game
    for _ in range(5):
        user = game.seats.get(index=game.current_seat).user
        legal = engine.legal_moves(selectors.game_state(game))
        outcomes = race(game.pk, user, [legal[0], legal[1]])
        kinds = sorted(kind for kind, _ in outcomes)
        assert kinds == ["applied", "stale"], outcomes
        stale = next(o for kind, o in outcomes if kind == "stale")
        assert stale.status == 409 and stale.extra["seq"] == Game.objects.get(pk=game.pk).seq
        assert_log_contiguous(game.pk)
        game = GameFactory(creator=anna, joiner=bert)  # again, from a fresh start


def test_an_idempotent_retry_racing_its_original_is_applied_once(started_game):
    game = started_game
    user = game.seats.get(index=game.current_seat).user
    move = engine.legal_moves(selectors.game_state(game))[0]
    outcomes = race(game.pk, user, [move, move], client_move_id="retry-1")
    kinds = sorted(kind for kind, _ in outcomes)
    # The second waits for the row lock, then finds the stored original.
    assert kinds == ["applied", "repeated"], outcomes
    assert outcomes[0][1].entries[0].seq == outcomes[1][1].entries[0].seq
    assert Move.objects.filter(game=game, client_move_id="retry-1").count() == 1
    assert_log_contiguous(game.pk)
