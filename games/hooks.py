"""Called by games.services after a commit (transaction.on_commit).

They push the change to the game's sockets, announce it (games.signals: notifications
listen) and hand the computer its turn. They run after the commit, so they see the committed rows; an exception here is logged
and swallowed: it must not turn a stored move into an error for the player.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import SyncToAsync
from django import db
from django.conf import settings
from django.dispatch import Signal

import engine

from . import realtime, signals
from .models import Game
from .models import Move as MoveRow

log = logging.getLogger(__name__)
_pusher: ThreadPoolExecutor | None = None


def _safely(func: Callable[..., object], *args: Any, **kwargs: Any) -> None:
    try:
        func(*args, **kwargs)
    except Exception:
        log.exception("hook %s%r failed", getattr(func, "__name__", func), args)


def _push(func: Callable[..., object], *args: Any, **kwargs: Any) -> None:
    """Run socket pushes off the request: the move's answer does not wait for them.

    One thread runs them in the order they were queued, so a game's updates keep their
    order. Each send is handed to the server's event loop (where the sockets live) when the
    request came through ASGI. DWAALHOF_PUSH = "inline" (tests) runs them right here.
    """
    global _pusher
    if settings.DWAALHOF_PUSH == "inline":
        _safely(func, *args, **kwargs)
        return
    if _pusher is None:
        _pusher = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dwaalhof-push")
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    _pusher.submit(_run_pushed, loop, func, args, kwargs)


def _announce(signal: Signal, game_id: int) -> None:
    """Send a game event; a failing receiver is logged like a failing hook."""
    for receiver, result in signal.send_robust(sender=Game, game_id=game_id):
        if isinstance(result, Exception):
            log.error("receiver %r of game %s failed", receiver, game_id, exc_info=result)


def _run_pushed(
    loop: asyncio.AbstractEventLoop | None,
    func: Callable[..., object],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
) -> None:
    realtime.server_loop.loop = loop
    try:
        _safely(func, *args, **kwargs)
    finally:
        realtime.server_loop.loop = None
        db.close_old_connections()


def after_move_committed(
    game: Game, state: engine.State, rows: list[MoveRow], turn_changed: bool = True
) -> None:
    """`rows` were committed with `game` (the row as written) and `state` (the engine
    state after them). `turn_changed`: the seat to move changed or the game ended."""
    # on_commit: the move is durable now; sockets are told how long ago (server_time).
    commit = realtime.MoveCommit(game, state, rows, committed=time.time())
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if settings.DWAALHOF_PUSH == "inline":
        _safely(realtime.broadcast_commit, commit)
    elif loop is not None and loop.is_running():
        # Under ASGI: the server's loop builds and sends it; the answer does not wait.
        realtime.send_on_loop(loop, commit)
    else:
        _push(realtime.broadcast_commit, commit)  # the worker: its push thread
    # 'Your turn' and 'game over' can only be due when the turn passed or the game ended; a
    # move within a turn is made by the very player who would be told (it saves ~3 queries
    # on most moves). turn_and_end is idempotent, so calling it too often is only cost. It
    # writes notifications (and pushes them): off the request, like the socket pushes.
    if turn_changed:
        _push(_announce, signals.turn_passed, game.pk)


def after_game_changed(game_id: int, kind: str) -> None:
    """kind: "created", "joined", "started", "left", "rematch", "finished:<reason>", and on
    the clock "timeout" (a seat ran out: the opponent may claim or wait), "time_given" and
    "vacation" (a seat's clock paused or resumed)."""
    if kind == "left":
        _safely(realtime.game_gone, game_id)
        return
    if kind in ("joined", "started", "rematch", "timeout", "time_given", "vacation"):
        _safely(realtime.broadcast_game, game_id, force=True)
    if kind == "joined":
        _announce(signals.seat_taken, game_id)
    elif kind == "rematch":
        _announce(signals.rematch_offered, game_id)
    elif kind == "started" or kind.startswith("finished"):
        _announce(signals.turn_passed, game_id)


def computer_turn_due(game_id: int, play: Callable[[int], object]) -> None:
    """The computer's seat is to move. The worker plays it (it scans for such games); with
    DWAALHOF_BOT_MOVES = "inline" (tests, single-process runs) `play(game_id)` plays it right
    here (games.services hands over its bot_move: the services call the hooks, not back)."""
    if settings.DWAALHOF_BOT_MOVES == "inline":
        _safely(play, game_id)
