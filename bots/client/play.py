"""One game from its start to its end, and the ways to come to one: open a game in the
lobby and wait for an opponent, join one by id, seek one (the oldest open game of another
player, else an own open one), or accept a challenge (when the server has challenges)."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .choose import choose
from .http import Api, ApiRefused
from .stream import Position, positions

log = logging.getLogger("bots.client")

FINISHED = "finished"


@dataclass
class Outcome:
    game_id: int
    seat: int | None
    result: dict[str, Any] | None
    moves: int  # moves this bot made
    held: int | None = None  # the seq of the last position handled (a stream resumes there)
    seen: list[int] = field(default_factory=list)  # the seqs of the positions it saw

    @property
    def won(self) -> bool:
        return self.result is not None and self.result.get("winners") == [self.seat]


class Player:
    """Plays one seat's moves at `level` in the games it is given."""

    def __init__(self, api: Api, level: str, trace: Callable[[str], None] | None = None):
        self.api = api
        self.level = level
        self.trace = trace

    def play(self, game_id: int) -> Outcome:
        """Follow the game's stream and move on every turn of this seat until it ends."""
        outcome = Outcome(game_id, None, None, 0)
        since = lambda: outcome.held  # noqa: E731
        for position in positions(self.api, game_id, since=since, trace=self.trace):
            held = outcome.held
            if held is not None and position.seq < held:
                continue  # older than what a move's answer already told
            if held is not None and position.seq == held and not position.my_turn:
                continue
            outcome.seen.append(position.seq)
            outcome.seat = position.document.get("your_seat", outcome.seat)
            while True:
                outcome.held = position.seq
                if position.status == FINISHED:
                    outcome.result = position.document.get("result")
                    return outcome
                if not position.my_turn:
                    break
                after = self._move(position)
                if after is None:
                    break  # the game went on meanwhile: the stream brings it
                outcome.moves += 1
                position = after
        raise RuntimeError("the stream ended")  # positions() reconnects: never reached

    def _move(self, position: Position) -> Position | None:
        """Send this level's move; the position after it (the answer's Game document), or
        None when the server says the game moved on (409: the stream will show how)."""
        doc = position.document
        move = choose(doc, self.level)
        body = {"move": move, "expected_seq": position.seq, "client_move_id": uuid.uuid4().hex}
        try:
            answer = self.api.post(f"/api/games/{doc['id']}/moves/", body)
        except ApiRefused as err:
            if err.status == 409:
                return None
            raise
        log.debug("game %s seq %s: %s", doc["id"], position.seq, move.get("type"))
        return Position(answer["game"])


def open_game(api: Api, options: dict[str, Any] | None = None) -> int:
    """A new open game in the lobby; its id (the bot waits for an opponent on its stream)."""
    return int(api.post("/api/games/", {"opponent": "open", **(options or {})})["id"])


def join_game(api: Api, game_id: int) -> int:
    api.post(f"/api/games/{game_id}/join/")
    return game_id


def seek_game(api: Api, me: str, options: dict[str, Any] | None = None) -> int:
    """Join the oldest open game of another player; none: open one."""
    for game in api.get("/api/games/open/"):
        if all(p.get("username") != me for p in game.get("players", [])):
            try:
                return join_game(api, int(game["id"]))
            except ApiRefused as err:
                log.info("could not join game %s: %s", game["id"], err)
    return open_game(api, options)


def challenges_supported(api: Api) -> bool:
    """Whether the server has challenges (`GET /api/challenges/`; 404 without)."""
    try:
        api.get("/api/challenges/")
    except ApiRefused as err:
        if err.status == 404:
            return False
        raise
    return True


def accept_next_challenge(api: Api, me: str) -> int | None:
    """Accept the oldest open challenge sent to me; the game it started, or None (none
    waiting). `GET /api/challenges/` lists {"incoming", "outgoing"}; the accept answers
    {"game": id, "challenge": ...}."""
    for challenge in api.get("/api/challenges/")["incoming"]:
        if challenge["status"] == "open" and challenge["challenged"]["username"] == me:
            return int(api.post(f"/api/challenges/{challenge['id']}/accept/")["game"])
    return None
