"""A test-only clock for the server's clocks: `django.utils.timezone.now` answers what the
test sets (services, selectors and the worker all ask it), and helpers that play whole turns
at a chosen instant. Production minimums stay as they are: the tests move time, not bounds."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.utils import timezone

from games import services
from games.models import Game

from .realtime_support import first_legal, user_at_turn

START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


class TestClock:
    """Now, as the test says; `tick(seconds)` moves it on."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def tick(self, seconds: float) -> datetime:
        self.now += timedelta(seconds=seconds)
        return self.now

    def at(self, moment: datetime) -> datetime:
        self.now = moment
        return moment


def install(monkeypatch) -> TestClock:
    """The test clock in place of `timezone.now` (the `test_clock` fixture, conftest)."""
    clock = TestClock(START)
    monkeypatch.setattr(timezone, "now", clock)
    return clock


def play_turn(game: Game) -> None:
    """The seat at turn plays first legal moves until the turn passes (or the game ends),
    all at the clock's now."""
    game.refresh_from_db()
    seat = game.current_seat
    while game.status == Game.Status.ACTIVE and game.current_seat == seat:
        services.move_submit(
            game=game, user=user_at_turn(game), move=first_legal(game), expected_seq=game.seq
        )
        game.refresh_from_db()
