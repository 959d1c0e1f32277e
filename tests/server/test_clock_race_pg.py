"""The clock's race on PostgreSQL (collected only when DATABASE_URL is PostgreSQL, see
conftest.py): a move that ends the turn as the clock runs out and the worker's timeout at the
deadline, released together from two connections. The game row's lock serialises them and
each re-checks the clock under it, so exactly one wins: the move (the turn passed, the timeout
is no longer due) or the timeout (the game is over, the move refused)."""

import threading
from datetime import timedelta

import pytest
from django.db import connection

import engine
from games import selectors, services
from games.errors import NotActive
from games.models import Game, Move
from games.verify import check_game

from .factories import GameFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def to_the_turns_last_move(game: Game) -> engine.Move:
    """Play first legal moves (a second into the turn) until one legal move ends the turn;
    that move."""
    while True:
        game.refresh_from_db()
        state = selectors.game_state(game)
        for move in engine.legal_moves(state):
            if engine.apply(state, move).current != state.current:
                return move
        services.move_submit(
            game=game,
            user=game.seats.get(index=game.current_seat).user,
            move=engine.legal_moves(state)[0],
            expected_seq=game.seq,
            now=game.turn_started_at + timedelta(seconds=1),
        )


def race(game: Game, move: engine.Move) -> dict[str, object]:
    """The move one millisecond before the deadline and the worker's timeout at it."""
    deadline = game.deadline_at
    mover = game.seats.get(index=game.current_seat).user
    barrier = threading.Barrier(2)
    outcome: dict[str, object] = {}

    def submit() -> None:
        try:
            barrier.wait(timeout=10)
            services.move_submit(
                game=game,
                user=mover,
                move=move,
                expected_seq=game.seq,
                now=deadline - timedelta(milliseconds=1),
            )
            outcome["move"] = "applied"
        except NotActive:
            outcome["move"] = "refused"
        finally:
            connection.close()

    def time_out() -> None:
        try:
            barrier.wait(timeout=10)
            outcome["timeout"] = services.game_timeout(game=game, now=deadline)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit), threading.Thread(target=time_out)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcome


def test_a_move_as_the_clock_runs_out_races_the_timeout_and_exactly_one_wins():
    for _round in range(6):
        game = GameFactory()
        move = to_the_turns_last_move(game)
        game.refresh_from_db()
        outcome = race(game, move)
        game.refresh_from_db()
        timeouts = Move.objects.filter(game=game, payload__type="timeout").count()
        if outcome["move"] == "applied":
            assert outcome["timeout"] is False and timeouts == 0
            assert game.status == Game.Status.ACTIVE
        else:
            assert outcome == {"move": "refused", "timeout": True} and timeouts == 1
            assert game.status == Game.Status.FINISHED
        report = check_game(game)
        assert report.ok, report.problem  # the log's instants agree with its clock
