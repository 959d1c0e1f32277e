"""Realtime fan-out: group names and what is pushed to game and notification sockets.

A game's sockets listen in one group per audience (seat 0, seat 1, spectators:
`audience_group`). After a commit each audience's group gets its own message with the new
seq and that audience's finished text (the entries since `first` and its engine view), so a
seat's socket never receives the opponent's hand, and a process receives, through Redis,
only the texts of the audiences its sockets hold (one group message carrying all three
texts, ~17 kB each, went to every process with a socket of the game). Each audience's text
is built only if its group has members: a game nobody spectates never builds the spectators'
view (the layer's `group_send_each` reads the members first). What every socket of
the game hears (a chat line, the game withdrawn) goes to all three groups (`send_to_game`).
A socket that finds a gap (its last seq is before `first`) reads the log from the database
instead (`resync`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.core.serializers.json import DjangoJSONEncoder

import engine
from dwaalhof_site.api import fast_json
from engine.view import Views

from . import selectors, state_cache
from .models import Game, Move
from .shapes import LogEntry

log = logging.getLogger(__name__)

SPECTATOR = "spectator"
AUDIENCES = state_cache.AUDIENCES


def audience_group(game_id: int, seat: int | None) -> str:
    """The group of the game's sockets that see what `seat` (None: a spectator) sees."""
    return f"game.{game_id}.{audience_key(seat)}"


def game_groups(game_id: int) -> list[str]:
    """All of a game's groups: together, every socket of the game."""
    return [audience_group(game_id, seat) for seat in AUDIENCES]


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def account_group(user_id: int) -> str:
    """Every socket of a logged-in user, of any kind: what ends the account's access."""
    return f"account.{user_id}"


def close_sockets_of(user_id: int) -> None:
    """Close every open socket of a user (a suspended or closed account)."""
    _group_send(account_group(user_id), {"type": "account.barred"})


def audience_key(seat: int | None) -> str:
    return SPECTATOR if seat is None else str(seat)


def jsonable(data: Any) -> Any:
    """Datetimes and the like as the REST API writes them (ISO 8601), safe for any layer."""
    return json.loads(json.dumps(data, cls=DjangoJSONEncoder))


# The game fields a socket client needs to refresh its header (same names as `Game`).
META_FIELDS = (
    "id", "status", "seq", "round", "phase", "current", "turn_started_at", "deadline_at",
    "result", "seed", "rematch_id", "time_control", "clock", "timeout",
)  # fmt: skip


def game_meta(game: Game, *, rematch: bool = True) -> dict[str, Any]:
    """`rematch=False`: the game cannot have one yet (a move just changed it): no query."""
    fields: Mapping[str, object] = selectors.game_fields(
        game, rematch=rematch, rating_changes=False
    )
    return {k: fields[k] for k in META_FIELDS}


class Snapshot:
    """Everything each audience needs to be current from `first`: the game's fields, the
    log rows from `first` and the engine state after them. Each audience's entries, view
    and the legal moves are built when asked for: an audience nobody watches costs nothing."""

    def __init__(
        self,
        seq: int,
        first: int,
        game: dict[str, Any],
        rows: list[Move],
        state: engine.State | None,
        views: Views | None,
    ):
        self.seq, self.first, self.game = seq, first, game
        self.rows, self.state, self.views = rows, state, views
        self._legal: list[dict[str, Any]] | None = None

    def entries(self, seat: int | None, since: int) -> list[LogEntry]:
        return [selectors.log_entry(m, seat) for m in self.rows if m.seq >= since]

    def view(self, seat: int | None) -> dict[str, Any] | None:
        return None if self.views is None else self.views[seat]

    def legal_moves(self) -> list[dict[str, Any]]:
        """The moves of the seat at turn (for_audience gives them to that seat only)."""
        if self._legal is None:
            self._legal = _legal_now(self.state)
        return self._legal


def snapshot(game: Game, since: int) -> Snapshot:
    """What each audience needs to be current from `since`, read from the database."""
    state = None if game.status == Game.Status.OPEN else selectors.game_state(game)
    # Only the entries up to the game row's seq: moves committed after the row was read (the
    # worker's computer keeps moving while a push is built) belong to the next message, which
    # starts at this one's seq; taking them here too sent them twice.
    moves = list(Move.objects.filter(game=game, seq__gte=since, seq__lt=game.seq).order_by("seq"))
    views = None if state is None else state_cache.views(game.pk, state)
    return Snapshot(game.seq, since, game_meta(game), moves, state, views)


def _legal_now(state: engine.State | None) -> list[dict[str, Any]]:
    if state is None or state.over:
        return []
    return selectors.legal_moves_for(state, state.current)


def for_audience(snap: Snapshot, seat: int | None, since: int) -> dict[str, Any]:
    """The client message for one socket: entries from `since` on, the view for its seat."""
    your_turn = seat is not None and snap.game["current"] == seat
    game = dict(snap.game, your_seat=seat, your_turn=your_turn)
    return {
        "type": "game.update",
        "seq": snap.seq,
        "entries": snap.entries(seat, since),
        "view": snap.view(seat),
        "game": game,
        "legal_moves": snap.legal_moves() if your_turn else [],
    }


def read_update(game_id: int, seat: int | None, since: int) -> tuple[int, str]:
    """A socket's resync, straight from the database: (seq, the message as JSON text)."""
    game = Game.objects.get(pk=game_id)
    since = max(0, min(since, game.seq))
    update = for_audience(snapshot(game, since), seat, since)
    update["server_time"] = time.time()
    return update["seq"], fast_json.socket_text(update)


# The ASGI server's event loop, set while games.hooks runs a push on its own thread.
server_loop = threading.local()


# A group message, or a function that builds it: the layer calls it only for a group with
# members (a move's update for an audience nobody watches is never built).
Message = dict[str, Any] | Callable[[], dict[str, Any]]


def _group_send(group: str, message: dict[str, Any]) -> None:
    _group_send_each({group: message})


def _group_send_each(messages: Mapping[str, Message]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    loop = getattr(server_loop, "loop", None)
    if loop is not None and loop.is_running():
        # The in-memory layer's queues belong to the server's loop: send from there.
        asyncio.run_coroutine_threadsafe(send_each(layer, messages), loop).result(10)
    else:
        async_to_sync(send_each)(layer, messages)


async def send_each(layer: Any, messages: Mapping[str, Message]) -> None:
    """A message to each of several groups: in one go where the layer can (the Redis layer's
    `group_send_each`: the round trips of one group send), else one group after another.
    A message given as a function is built only for a group with members; with a layer
    that cannot tell (pub/sub), always."""
    each = getattr(layer, "group_send_each", None)
    if each is not None:
        await each(messages)
        return
    for group, message in messages.items():
        if callable(message):
            if isinstance(layer, InMemoryChannelLayer) and not layer.groups.get(group):
                continue
            message = message()
        await layer.group_send(group, message)


def to_audiences(game_id: int, messages: Mapping[str, Message]) -> dict[str, Message]:
    """Per audience key a message -> per group the message (`_changed`'s to the groups)."""
    return {audience_group(game_id, seat): messages[audience_key(seat)] for seat in AUDIENCES}


def relayed(payload: dict[str, Any], *, skip_users: Iterable[int] = ()) -> dict[str, Any]:
    """A group message that every socket of a game forwards to its client as `payload`,
    except the sockets of `skip_users`. Other apps speak on the game's socket with it (the
    chat does): the game's consumer relays it without knowing what it carries."""
    return {"type": "game.relay", "payload": jsonable(payload), "skip_users": list(skip_users)}


def send_to_game(game_id: int, message: dict[str, Any]) -> None:
    """Send a group message to every socket of the game from sync code (an on_commit)."""
    _group_send_each(dict.fromkeys(game_groups(game_id), message))


def broadcast_game(
    game_id: int, first: int | None = None, *, force: bool = False, committed: float | None = None
) -> None:
    """Tell every socket on the game what changed since `first` (default: nothing new but
    the state, e.g. a seat was taken). `force`: deliver even to sockets already at seq.

    The message carries, per audience, the finished JSON text for a socket whose client
    holds exactly `first`: the usual case costs each socket no work but sending it. A socket
    at any other seq reads its update from the database instead (see GameConsumer)."""
    committed = committed or time.time()  # when the change was committed (hooks: right after)
    game = Game.objects.get(pk=game_id)
    first = game.seq if first is None else max(0, min(first, game.seq))
    _group_send_each(to_audiences(game_id, _changed(snapshot(game, first), committed, force)))


def _changed(snap: Snapshot, committed: float, force: bool = False) -> dict[str, Message]:
    """Per audience key, a function that builds the group message with the finished text
    for a socket at `snap.first` (the layer calls it only for a group with members)."""

    def message(seat: int | None) -> Callable[[], dict[str, Any]]:
        def build() -> dict[str, Any]:
            # server_time: when the change was committed; sent_time: when this message was
            # built to go to the channel layer (the two show a socket's delay before and
            # after the layer).
            update = for_audience(snap, seat, snap.first)
            update.update(server_time=committed, sent_time=time.time())
            return {
                "type": "game.changed",
                "seq": snap.seq,
                "first": snap.first,
                "force": force,
                "text": fast_json.socket_text(update),
            }

        return build

    return {audience_key(seat): message(seat) for seat in AUDIENCES}


class MoveCommit:
    """What a commit of log entries hands to the sockets, taken from the committing request:
    the game row as written, the engine state after it and the new Move rows. Building the
    message from them needs no database read (the entries are exactly this commit's)."""

    def __init__(self, game: Game, state: engine.State, rows: list[Move], committed: float):
        self.game_id, self.seq, self.first = game.pk, game.seq, rows[0].seq
        self.meta = game_meta(game, rematch=False)  # copied now: the row object lives on
        self.state, self.rows, self.committed = state, rows, committed
        # The state's views, shared with the move's answer (the mover sees the same); each
        # is built when first asked for, by the answer or by the push of a watched audience.
        self.views = state_cache.views(game.pk, state)

    def messages(self) -> dict[str, Message]:
        return commits_messages([self])


def commits_messages(commits: list[MoveCommit]) -> dict[str, Message]:
    """Per audience key, one group message for consecutive commits of one game (each one's
    `first` is the previous one's `seq`): the entries of all, the newest state's views and
    moves.
    `server_time` is the oldest commit's, so a socket's delay is never understated."""
    newest = commits[-1]
    rows = [row for commit in commits for row in commit.rows]
    snap = Snapshot(newest.seq, commits[0].first, newest.meta, rows, newest.state, newest.views)
    return _changed(snap, commits[0].committed)


def broadcast_commit(commit: MoveCommit) -> None:
    """Send a commit's update from this thread (the worker; tests that push inline)."""
    _group_send_each(to_audiences(commit.game_id, commit.messages()))


def consecutive_runs(commits: list[MoveCommit]) -> list[list[MoveCommit]]:
    """`commits` (one game's, in the order handed over) cut where one does not start at the
    previous one's seq: each run can go as one message."""
    runs: list[list[MoveCommit]] = []
    for commit in commits:
        if runs and runs[-1][-1].seq == commit.first:
            runs[-1].append(commit)
        else:
            runs.append([commit])
    return runs


class LoopSender:
    """Sends commits' updates on the server's event loop. The request thread only hands the
    commit over (no thread to wake but the loop, which has to wake for the answer anyway,
    and no database read); the loop builds the texts and sends them.

    Per game, one task sends that game's updates in the order they were handed over; games
    send side by side. Under load a group send takes ~10-30 ms (round trips to Redis on a
    busy loop): one queue for the whole process fell seconds behind at 60 moves/s.
    Commits of a game that arrive while its send is under way go out together, as one
    message: a socket receives the same entries in fewer messages."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.waiting: dict[int, list[MoveCommit]] = {}  # game id -> not yet sent; key: a task runs
        self.tasks: set[asyncio.Task] = set()

    def put(self, commit: MoveCommit) -> None:
        waiting = self.waiting.get(commit.game_id)
        if waiting is not None:
            waiting.append(commit)  # that game's task takes it next
            return
        self.waiting[commit.game_id] = [commit]
        task = self.loop.create_task(self._send_game(commit.game_id))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _send_game(self, game_id: int) -> None:
        layer = get_channel_layer()
        try:
            while commits := self.waiting[game_id]:
                self.waiting[game_id] = []
                for run in consecutive_runs(commits):
                    try:
                        await send_each(layer, to_audiences(game_id, commits_messages(run)))
                    except Exception:
                        log.exception("update of game %s at seq %s not sent", game_id, run[-1].seq)
        finally:
            # Done (no await since the last check: nothing handed over is left) or cancelled.
            del self.waiting[game_id]


_senders: dict[asyncio.AbstractEventLoop, LoopSender] = {}


def send_on_loop(loop: asyncio.AbstractEventLoop, commit: MoveCommit) -> None:
    """Hand a commit to the loop's sender (from any thread)."""

    def put() -> None:
        sender = _senders.get(loop)
        if sender is None:
            sender = _senders[loop] = LoopSender(loop)
        sender.put(commit)

    loop.call_soon_threadsafe(put)


def push_to_user(user_id: int, payload: dict[str, Any]) -> None:
    """Push one message to every notification socket of a user."""
    _group_send(user_group(user_id), {"type": "user.push", "payload": jsonable(payload)})


def game_gone(game_id: int) -> None:
    """An open game was withdrawn by its creator: its sockets are closed."""
    send_to_game(game_id, {"type": "game.gone"})
