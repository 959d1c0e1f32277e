"""The clock's race on PostgreSQL (collected only when DATABASE_URL is PostgreSQL, see
conftest.py): a move that ends the turn as the clock runs out and the worker's timeout at the
deadline, released together from two connections. The game row's lock serialises them and
each re-checks the clock under it, so exactly one wins: the move (the turn passed, the timeout
is no longer due) or the timeout (the game is over, the move refused).

In a "claim" game the worker at the deadline only announces the claim; the opponent's claim
of the win races the move too: exactly one of the move and the claim wins, whatever order
the three take the lock in."""

import threading
from datetime import timedelta

import pytest
from django.db import connection

import clocks
import engine
from games import selectors, services
from games.errors import NotActive, NotClaimable
from games.models import ClockEvent, Game, Move
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


def race(game: Game, move: engine.Move, *, with_claim: bool = False) -> dict[str, object]:
    """The move one millisecond before the deadline and the worker's pass at it (and, with
    `with_claim`, the opponent's claim of the win at it), released together from a
    connection each."""
    deadline = game.deadline_at
    mover = game.seats.get(index=game.current_seat).user
    claimer = game.seats.get(index=1 - game.current_seat).user
    outcome: dict[str, object] = {}

    def submit() -> None:
        try:
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

    def time_out() -> None:
        outcome["timeout"] = services.game_timeout(game=game, now=deadline)

    def claim() -> None:
        try:
            services.game_claim(game=game, user=claimer, choice="win", now=deadline)
            outcome["claim"] = "won"
        except NotClaimable:
            outcome["claim"] = "refused"

    jobs = (submit, time_out, claim) if with_claim else (submit, time_out)
    barrier = threading.Barrier(len(jobs))

    def released(job) -> None:
        try:
            barrier.wait(timeout=10)
            job()
        finally:
            connection.close()

    threads = [threading.Thread(target=released, args=(job,)) for job in jobs]
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


CLAIM = clocks.PRESETS["correspondence_1d_12h_3d"]  # on_timeout "claim", a 72 h grace


def test_claim_a_move_as_the_clock_runs_out_races_the_worker_and_the_claim_one_wins():
    for _round in range(6):
        game = GameFactory(time_control=CLAIM)
        move = to_the_turns_last_move(game)
        game.refresh_from_db()
        late, deadline = game.current_seat, game.deadline_at
        outcome = race(game, move, with_claim=True)
        game.refresh_from_db()
        timeouts = Move.objects.filter(game=game, payload__type="timeout")
        claims = ClockEvent.objects.filter(game=game, kind=ClockEvent.Kind.CLAIMED)
        # the worker never ends a "claim" game at the deadline: the grace has just begun
        assert outcome["timeout"] is False
        if outcome["move"] == "applied":
            # the turn passed in time: nothing to claim, nothing pending, no timeout later
            assert outcome["claim"] == "refused"
            assert (timeouts.count(), claims.count()) == (0, 0)
            assert game.status == Game.Status.ACTIVE and game.current_seat == 1 - late
            assert game.deadline_at > deadline  # the next seat's deadline, not the grace
            assert game.deadline_at != deadline + timedelta(seconds=CLAIM.grace)
            assert not clocks.may_claim(
                clocks.ClockState.from_json(game.clock), clocks.to_ms(deadline)
            )
        else:
            # the claim came first: the game is over on time at the deadline, the move refused
            assert outcome == {"move": "refused", "timeout": False, "claim": "won"}
            assert game.status == Game.Status.FINISHED
            assert game.result["reason"] == "timeout" and game.result["loser"] == late
            assert timeouts.get().created == deadline and claims.get().at == deadline
        report = check_game(game)
        assert report.ok, report.problem  # the log and the clock events fold as stored
