"""Games stored before time controls (the data migration games 0006): an invite or open game
reads as `TimeControl.stored(turn_seconds)` (per turn, no vacation, the automatic loss) and a
running one gets its clock from the start of its current turn, so its deadline stays; a game
against the computer runs no clock and has no deadline; verify_game does not fold the clock
of the old log (its instants were not the clock's)."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

import clocks
from games.models import Game
from games.verify import check_game

from .factories import GameFactory
from .helpers import play

pytestmark = pytest.mark.django_db

migration = importlib.import_module("games.migrations.0006_stored_time_controls")


def as_stored_before(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(time_control=None, clock=None)


def test_a_running_game_keeps_its_per_turn_deadline():
    game = GameFactory(turn_seconds=7200)
    as_stored_before(game)
    play(game, until=lambda state: state.current != game.current_seat)  # a turn, no clock
    game.refresh_from_db()
    turn_began = game.turn_started_at
    migration.give_time_controls(apps, None)
    game.refresh_from_db()
    assert game.time_control == clocks.TimeControl.stored(7200).to_json()
    state = clocks.ClockState.from_json(game.clock)
    assert (state.at_turn, state.since) == (game.current_seat, clocks.to_ms(turn_began))
    assert game.deadline_at == clocks.from_ms(clocks.to_ms(turn_began) + 7_200_000)
    assert game.clock_seq == game.seq > 0
    report = check_game(game)
    assert report.ok and f"stored before time controls (seq {game.seq})" in report.checks[-1]


def test_finished_and_computer_games():
    finished = GameFactory(loser=1)
    against = GameFactory(opponent="computer")
    for game in (finished, against):
        as_stored_before(game)
    Game.objects.filter(pk=against.pk).update(deadline_at=finished.created_at)
    migration.give_time_controls(apps, None)
    finished.refresh_from_db()
    against.refresh_from_db()
    assert finished.time_control["kind"] == "per_turn" and finished.clock is None
    assert (against.time_control, against.clock, against.deadline_at) == (None, None, None)
