"""What a game's stream says (docs/api.md, "Streams"): first the `Game` document (the same
as `GET /api/games/{id}/`), then, when `since` is given and behind, one `game.update` with
every log entry after it; then every change as the game's socket sends it (`game.update`,
`chat.message`, `game.gone`), in order, each update starting where the last ended (a gap is
filled from the database, a late or doubled one dropped, by seq). The database reads here
are sync (the consumer runs them through database_sync_to_async); the rest is pure."""

from __future__ import annotations

from enum import Enum
from typing import Any

from dwaalhof_site.api import fast_json
from games import realtime, selectors
from games.errors import GameNotFound


def line_bytes(data: Any) -> bytes:
    """One line of a stream: the JSON the API and the sockets write (fast_json)."""
    return fast_json.socket_text(data).encode() + b"\n"


class Verdict(Enum):
    SKIP = "already sent"
    TEXT = "the message's own text"
    LOG = "a gap or an overlap: read the log"


def seat_of_viewer(game_id: int, user: Any) -> int | None:
    """The reader's seat, None for a spectator; GameNotFound when they may not look."""
    game = selectors.game_for_viewer(game_id, user)
    return selectors.seat_of(game, user)


class Follower:
    """One reader's place in one game: the seq they hold."""

    def __init__(self, game_id: int, user: Any, seat: int | None) -> None:
        self.game_id, self.user, self.seat = game_id, user, seat
        self.held = 0
        self.gone = False

    def start(self, since: int | None) -> list[bytes]:
        """The first lines (read after joining the game's group)."""
        try:
            game = selectors.game_for_viewer(self.game_id, self.user)
        except GameNotFound:
            self.gone = True
            return [line_bytes({"type": "game.gone"})]
        detail = selectors.game_detail(game, self.user)
        lines = [fast_json.api_bytes(detail) + b"\n"]  # as GET /api/games/{id}/ writes it
        self.held = detail["seq"]
        if since is not None and since < self.held:
            lines.append(self.from_log(since))
        return lines

    def judge(self, message: dict[str, Any]) -> Verdict:
        seq = message["seq"]
        if seq < self.held or (seq == self.held and not message["force"]):
            return Verdict.SKIP
        return Verdict.TEXT if message["first"] == self.held else Verdict.LOG

    def from_message(self, message: dict[str, Any]) -> bytes:
        self.held = message["seq"]
        return message["text"].encode() + b"\n"  # its audience's: the group is

    def from_log(self, since: int | None = None) -> bytes:
        start = self.held if since is None else since
        self.held, text = realtime.read_update(self.game_id, self.seat, start)
        return text.encode() + b"\n"

    def relays(self, message: dict[str, Any]) -> bool:
        """A relayed line (the chat) reaches every reader but those it skips."""
        return self.user.pk not in message["skip_users"]
