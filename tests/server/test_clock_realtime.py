"""The clock over the game's socket: every update's `game` carries the time control, the
clock reading and the pending timeout; when a "claim" game's clock runs out the worker tells
the opponent with an update, once."""

from __future__ import annotations

import pytest

import clocks
from games import services
from worker import loop as worker

from .factories import UserFactory
from .realtime_support import (  # noqa: F401  (fixtures)
    communicator,
    db,
    fresh_channel_layer,
    run,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_opponent_is_told_when_the_clock_at_turn_runs_out(test_clock):
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = services.game_create(
        user=a, opponent="invite", time_control=clocks.PRESETS["live_10_20"]
    )
    services.game_join(game=game, user=b, code=game.invite_code)
    game.refresh_from_db()
    late = game.current_seat
    waiting = game.seats.get(index=1 - late).user
    ws = communicator(f"/ws/games/{game.pk}/", waiting)

    async def scenario():
        assert (await ws.connect())[0]
        hello = await ws.receive_json_from()
        assert hello["game"]["time_control"]["kind"] == "live"
        assert hello["game"]["clock"]["running"] == late and hello["game"]["timeout"] is None
        test_clock.at(game.deadline_at)  # the server's now: the update reads the clock then
        assert (await db(worker.tick)(game.deadline_at))["timeouts"] == 0
        update = await ws.receive_json_from()
        assert update["type"] == "game.update" and update["game"]["status"] == "active"
        until = clocks.to_ms(game.deadline_at) + 60_000
        timeout = {"seat": late, "claim_until": until, "extra_time": 120}
        assert update["game"]["timeout"] == timeout
        await db(worker.tick)(game.deadline_at)  # told once: the worker now waits for the grace
        assert await ws.receive_nothing(timeout=0.3)
        await ws.disconnect()

    run(scenario)
