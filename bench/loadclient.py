"""Scripted players for the load test and the fault tests: two accounts play a game over
REST (through the proxy) with a websocket per seat, like two browsers would.

Each socket reconnects on its own after any drop (`?since=` the seq it holds, as the web
client does) and checks what it receives: every `game.update` must carry exactly the
entries from the seq it held to the new seq, nothing skipped, nothing twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
import uuid
from dataclasses import dataclass, field

import aiohttp
import orjson  # the client shares the machine with the server it measures: cheap parsing
import websockets

SOCKET_WAIT = 5.0  # seconds a player waits for its socket to show the opponent's move
RETRY_FOR = 30.0  # seconds a request is retried while the server answers 502/503 or is away
REQUEST_TIMEOUT = 20.0


@dataclass
class Arrival:
    seq: int
    server_time: float  # when the server pushed it (the after-commit hook)
    arrival: float  # when this socket received it (same clock: loopback)


class SeatSocket:
    """One seat's websocket to a game, reconnecting until stopped."""

    def __init__(self, ws_base: str, game_id: int, token: str, seat: int):
        self.url = f"{ws_base}/ws/games/{game_id}/?token={token}"
        self.seat = seat
        self.held: int | None = None  # the seq this client holds
        self.arrivals: list[Arrival] = []
        self.legal: tuple[int, list] = (-1, [])  # (seq, this seat's moves) of the last update
        self.problems: list[str] = []  # skipped or doubled entries
        self.connects = 0
        self.closes: list[str] = []
        self._changed = asyncio.Event()
        self._stopping = False
        self._ws: websockets.ClientConnection | None = None
        self.task: asyncio.Task | None = None

    def start(self) -> SeatSocket:
        self.task = asyncio.create_task(self._run())
        return self

    async def _run(self) -> None:
        while not self._stopping:
            url = self.url if self.held is None else f"{self.url}&since={self.held}"
            try:
                async with websockets.connect(url, open_timeout=5, max_size=2**22) as ws:
                    self._ws = ws
                    self.connects += 1
                    async for raw in ws:
                        self._take(orjson.loads(raw), time.time())
                    self.closes.append(f"closed {ws.close_code}")
            except (OSError, TimeoutError, websockets.WebSocketException) as err:
                self.closes.append(type(err).__name__)
            finally:
                self._ws = None
            if not self._stopping:
                await asyncio.sleep(0.2)

    def _take(self, msg: dict, arrival: float) -> None:
        if msg.get("type") != "game.update":
            return
        seqs = [e["seq"] for e in msg.get("entries", [])]
        if self.held is not None and seqs != list(range(self.held, msg["seq"])):
            self.problems.append(f"seat {self.seat} held {self.held}, got {seqs} to {msg['seq']}")
        elif self.held is None and seqs:
            self.problems.append(f"seat {self.seat}: a fresh socket got entries {seqs}")
        if self.held is None or msg["seq"] >= self.held:
            self.held = msg["seq"]
        if msg.get("legal_moves"):
            self.legal = (msg["seq"], msg["legal_moves"])
        if seqs:
            self.arrivals.append(Arrival(msg["seq"], msg.get("server_time", arrival), arrival))
        self._changed.set()

    async def wait_for(self, seq: int, timeout: float = SOCKET_WAIT) -> bool:
        """True once this socket holds `seq` (or later)."""
        end = time.monotonic() + timeout
        while self.held is None or self.held < seq:
            left = end - time.monotonic()
            if left <= 0:
                return False
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)
        return True

    async def stop(self) -> None:
        self._stopping = True
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
        if self.task:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task


@dataclass
class Stats:
    submit: list[float] = field(default_factory=list)  # seconds, POST /moves/
    moves: int = 0
    errors: list[str] = field(default_factory=list)
    late: list[str] = field(default_factory=list)  # socket updates slower than SOCKET_WAIT
    retried: int = 0  # answers 502/503 or refused connections that were retried
    statuses: dict[int, int] = field(default_factory=dict)


class Api:
    """REST calls with a token through one connection pool. Answers 502/503 and refused
    connections are retried for a while (a process restarting, the database away); anything
    else that is not 2xx is an error."""

    def __init__(self, session: aiohttp.ClientSession, base: str, stats: Stats):
        self.session, self.base, self.stats = session, base, stats

    async def call(
        self, method: str, path: str, token: str, body: dict | None = None, *, retry: bool = True
    ) -> tuple[int, dict]:
        end = time.monotonic() + RETRY_FOR
        while True:
            try:
                async with self.session.request(
                    method,
                    self.base + path,
                    json=body,
                    headers={"Authorization": f"Token {token}"},
                    timeout=aiohttp.ClientTimeout(total=REQUEST_TIMEOUT),
                ) as answer:
                    status = answer.status
                    self.stats.statuses[status] = self.stats.statuses.get(status, 0) + 1
                    kind = answer.headers.get("Content-Type", "")
                    if not kind.startswith("application/json"):
                        text = (await answer.text())[:200]
                        self.stats.errors.append(f"{method} {path}: {status} not JSON: {text}")
                        raise AssertionError(self.stats.errors[-1])
                    data = await answer.json(loads=orjson.loads)
            except (aiohttp.ClientConnectionError, TimeoutError) as err:
                status, data = 0, {"detail": repr(err)}
            if status in (0, 502, 503) and retry and time.monotonic() < end:
                self.stats.retried += 1
                await asyncio.sleep(0.2)
                continue
            return status, data


class Player:
    def __init__(self, name: str, token: str):
        self.name, self.token = name, token


class Pacer:
    """Hands out move slots at a fixed rate over all games (`make loadtest` with --rate):
    the latency at a given load, not only at the most the server can take. A slot missed
    (every player busy) is not made up later by a burst."""

    def __init__(self, rate: float):
        self.interval = 1.0 / rate
        self.next = time.monotonic()

    async def turn(self) -> None:
        now = time.monotonic()
        slot = max(self.next, now)
        self.next = slot + self.interval
        await asyncio.sleep(slot - now)


class ScriptedGame:
    """Two players play one game: the one at turn reads its legal moves and submits one
    (seeded random choice, with a client_move_id so that a retry is never applied twice);
    when the turn passes, the other waits for its socket to show the move, then plays."""

    def __init__(self, api: Api, ws_base: str, players: tuple[Player, Player], seed: str):
        self.api, self.ws_base, self.players = api, ws_base, players
        self.rng = random.Random(seed)  # noqa: S311 — a load pattern replayable from its seed, not for security
        self.game_id: int | None = None
        self.sockets: list[SeatSocket] = []
        self.seq = 0
        self.status = "open"
        self.current: int | None = None
        self.moves: list[tuple[int, int]] = []  # (seq after the move, seat that moved)
        self.answered_legal: tuple[int, list] = (-1, [])  # (seq, moves) from the last answer
        self.legal_reads = 0  # GET legal/ requests: only when no answer or update had them

    async def create(self) -> None:
        first, second = self.players
        status, game = await self.api.call(
            "POST", "/api/games/", first.token, {"opponent": "invite", "public": False}
        )
        self._expect(status, 201, "create", game)
        status, game = await self.api.call(
            "POST", f"/api/games/invite/{game['invite_code']}/join/", second.token
        )
        self._expect(status, 200, "join", game)
        self.game_id = game["id"]
        status, game = await self.api.call("GET", f"/api/games/{self.game_id}/", first.token)
        self._expect(status, 200, "read", game)
        self.seq, self.status, self.current = game["seq"], game["status"], game["current"]
        # The seat of each player: the creator is seat 0.
        self.sockets = [
            SeatSocket(self.ws_base, self.game_id, p.token, i).start()
            for i, p in enumerate(self.players)
        ]
        for sock in self.sockets:
            if not await sock.wait_for(0):
                self.api.stats.errors.append(f"game {self.game_id}: socket did not open")

    def _expect(self, status: int, wanted: int, what: str, body: dict) -> None:
        if status != wanted:
            message = f"{what}: {status} {str(body)[:200]}"
            self.api.stats.errors.append(message)
            raise AssertionError(message)

    async def play_one(self) -> None:
        """The player at turn makes one move; then the next player waits for its socket."""
        seat = self.current
        assert seat is not None  # play_until plays active games only
        player = self.players[seat]
        moves = await self._legal_moves(seat)
        body = {
            "move": self.rng.choice(moves),
            "expected_seq": self.seq,
            "client_move_id": uuid.uuid4().hex,
        }
        started = time.perf_counter()
        status, answer = await self.api.call(
            "POST", f"/api/games/{self.game_id}/moves/", player.token, body
        )
        elapsed = time.perf_counter() - started
        if status != 200:  # 200: a retry the server had already applied (client_move_id)
            self._expect(status, 201, "move", answer)
        self.api.stats.submit.append(elapsed)
        self.api.stats.moves += 1
        self.moves.append((answer["seq"], seat))
        self.seq, self.status = answer["seq"], answer["game"]["status"]
        self.current = answer["game"]["current"]
        self.answered_legal = (answer["game"]["seq"], answer["game"].get("legal_moves") or [])
        if self.current is not None and self.current != seat:
            # As a browser would: the next player acts on what its socket showed.
            if not await self.sockets[self.current].wait_for(self.seq):
                # Late, not lost: settle() checks that it arrives in the end.
                self.api.stats.late.append(
                    f"game {self.game_id}: seq {self.seq} not on seat {self.current}'s "
                    f"socket after {SOCKET_WAIT} s"
                )

    async def _legal_moves(self, seat: int) -> list:
        """As the web client does: the moves the last answer or socket update of this seq
        carried; a `GET legal/` only when neither did (e.g. after a reconnect)."""
        for seq, moves in (self.answered_legal, self.sockets[seat].legal):
            if seq == self.seq and moves:
                return moves
        self.legal_reads += 1
        status, legal = await self.api.call(
            "GET", f"/api/games/{self.game_id}/legal/", self.players[seat].token
        )
        self._expect(status, 200, "legal", legal)
        if not legal["moves"]:
            raise AssertionError(f"game {self.game_id}: no legal move for seat {seat}")
        self.seq = legal["seq"]
        return legal["moves"]

    async def play_until(self, deadline: float, pacer: Pacer | None = None) -> None:
        while self.status == "active" and time.monotonic() < deadline:
            if pacer is not None:
                await pacer.turn()
            await self.play_one()

    def opponent_latencies(self) -> list[float]:
        """commit -> the opponent's socket, for every move of this game."""
        found = []
        for seq, seat in self.moves:
            other = self.sockets[1 - seat]
            found += [a.arrival - a.server_time for a in other.arrivals if a.seq == seq]
        return found

    async def settle(self, timeout: float = SOCKET_WAIT) -> list[str]:
        """Both sockets reach the final seq; then they are closed. Returns the problems."""
        problems = []
        for sock in self.sockets:
            if not await sock.wait_for(self.seq, timeout):
                problems.append(
                    f"game {self.game_id} seat {sock.seat}: socket holds "
                    f"{sock.held}, the game is at {self.seq}"
                )
            problems += [f"game {self.game_id}: {p}" for p in sock.problems]
        for sock in self.sockets:
            await sock.stop()
        return problems
