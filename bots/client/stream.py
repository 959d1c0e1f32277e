"""Following one game through its ndjson stream (`GET /api/games/{id}/stream/?since=N`): the
positions the bot may have to move in, in order, each once. A broken connection (or a server
that restarts) is opened again with `since` the last seq seen, so nothing is missed; the
keep-alive's empty lines are skipped."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .http import Api, ApiRefused

KEEPALIVE_GRACE = 60.0  # s without a line (the server sends one every 20 s): reconnect
RETRY_PAUSE = 1.0  # s before opening a broken stream again


@dataclass
class Position:
    """The game as the bot's seat sees it at `seq` (a Game document's fields)."""

    document: dict[str, Any]

    @property
    def seq(self) -> int:
        return int(self.document["seq"])

    @property
    def status(self) -> str:
        return str(self.document["status"])

    @property
    def my_turn(self) -> bool:
        return bool(self.document.get("legal_moves"))


def position_of(message: dict[str, Any], base: dict[str, Any] | None) -> Position | None:
    """The position a stream line brings: the Game document (the first line) or a
    `game.update` (its `game` fields, its seat's `view` and `legal_moves`, over `base`: the
    stream's Game document, for the fields an update leaves out, e.g. `rules_version`);
    None for another line (a chat line)."""
    kind = message.get("type")
    if kind is None and "legal_moves" in message:
        return Position(message)
    if kind == "game.update":
        document = {**(base or {}), **message["game"]}
        document.update(
            seq=message["seq"],
            state=message.get("view"),
            legal_moves=message.get("legal_moves") or [],
        )
        return Position(document)
    return None


class GameGone(Exception):
    """The game was cancelled (`game.gone`): the stream ends."""


def positions(
    api: Api,
    game_id: int,
    *,
    since: Callable[[], int | None],
    trace: Callable[[str], None] | None = None,
    pause: Callable[[float], None] = time.sleep,
) -> Iterator[Position]:
    """Every position the game's stream brings, for as long as the caller wants them;
    reconnects with `since()` (the last seq the caller holds) after a break."""
    while True:
        start = since()
        base: dict[str, Any] | None = None
        path = f"/api/games/{game_id}/stream/" + ("" if start is None else f"?since={start}")
        try:
            for raw in api.lines(path, KEEPALIVE_GRACE):
                text = raw.decode().strip()
                if trace is not None:
                    trace(text)
                if not text:
                    continue  # the keep-alive
                message = json.loads(text)
                if message.get("type") == "game.gone":
                    raise GameGone(game_id)
                found = position_of(message, base)
                if found is not None and "type" not in message:
                    base = found.document
                if found is not None:
                    yield found
        except ApiRefused:
            raise
        except (OSError, ValueError):
            pass  # a broken connection or a cut line: open it again
        pause(RETRY_PAUSE)
