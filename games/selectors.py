"""Reads: engine states, what a user may see of a game, lists. No writes here."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Prefetch, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_noop as _  # details are msgids

import clocks
import engine
from accounts.models import display_name, is_bot
from dwaalhof_site.api.prepared import PreparedRead
from moderation import services as moderation
from ratings import services as ratings

from . import clock, state_cache
from .errors import GameNotFound, NotAPlayer
from .models import Game, Seat
from .models import Move as MoveRow  # a row of the log; engine.Move is the move itself
from .shapes import GameDetail, GameExport, GameFields, GameSummary, LogEntry, Player, ShownRating

# --- engine state -------------------------------------------------------------------------------


def game_log(game: Game, upto: int | None = None) -> list[dict[str, Any]]:
    qs = MoveRow.objects.filter(game=game).order_by("seq")
    if upto is not None:
        qs = qs.filter(seq__lt=upto)
    return list(qs.values_list("payload", flat=True))


def game_state(game: Game) -> engine.State:
    """The engine state after the game's `seq` entries: from the cache, or rebuilt from the log
    (from the nearest cached earlier state when there is one, else replayed from the seed)."""
    state = state_cache.get(game.pk, game.seed, game.seq)
    if state is None:
        base = state_cache.nearest(game.pk, game.seed, game.seq)
        if base is None:
            state = engine.replay(
                game.seed, game_log(game, upto=game.seq), rules=game.rules_version
            )
        else:
            tail = MoveRow.objects.filter(game=game, seq__gte=base.seq, seq__lt=game.seq)
            state = engine.replay_from(base, tail.order_by("seq").values_list("payload", flat=True))
        if state.seq != game.seq:
            raise RuntimeError(f"game {game.pk}: log replays to seq {state.seq}, not {game.seq}")
        state_cache.put(game.pk, state)
    return state


def state_at(game: Game, seq: int) -> engine.State:
    """The state after the first `seq` entries (admin). Raises engine.ReplayError."""
    seq = max(0, min(seq, game.seq))
    cached = state_cache.get(game.pk, game.seed, seq)
    if cached is not None:
        return cached
    return engine.replay(game.seed, game_log(game, upto=seq), rules=game.rules_version)


# --- who may see what ---------------------------------------------------------------------------


def seats_with_users() -> QuerySet[Seat]:
    return Seat.objects.select_related("user__profile", "user__rating").order_by("index")


def games_with_seats() -> QuerySet[Game]:
    """Games with their seats, users and profiles: two queries."""
    seats = Prefetch("seats", queryset=seats_with_users())
    return Game.objects.prefetch_related(seats)


def _seats_of_game(game_id: int, lock: bool) -> QuerySet[Seat]:
    query = (
        seats_with_users()
        .select_related("game")
        .defer("game__snapshot")  # as Game.objects does: only the replay check reads it
        .filter(game_id=game_id)
    )
    return query.select_for_update(of=("game",)) if lock else query


# Compiled once per connection (dwaalhof_site.api.prepared): compiling this five-table join was
# a move's largest single cost. -1 is no game's id.
_seats_read = PreparedRead(lambda game_id: _seats_of_game(game_id, lock=False), -1)
_seats_locked = PreparedRead(lambda game_id: _seats_of_game(game_id, lock=True), -1)


def game_with_seats(game_id: int, *, lock: bool = False) -> Game | None:
    """The game with its seats, users and profiles, from ONE query: the seats joined to their
    game (every game has a seat: its creator's). Two queries and Django's prefetch machinery
    cost a game read about as much again as all the rest of it. `lock`: the game row is
    locked (FOR UPDATE OF the game only) until the end of the transaction."""
    seats = (_seats_locked if lock else _seats_read)(int(game_id))
    if not seats:
        return None
    game = seats[0].game
    for seat in seats:
        seat.game = game
    # What prefetch_related("seats") leaves behind: game.seats.all() reads no more rows.
    cached = game.seats.all()
    cached._result_cache = seats
    cached._prefetch_done = True  # type: ignore[attr-defined]  # Django's, not in the stubs
    game._prefetched_objects_cache = {"seats": cached}  # type: ignore[attr-defined]  # as above
    return game


def seat_of(game: Game, user: User | AnonymousUser | None) -> int | None:
    """The seat index `user` holds in `game`, or None."""
    if user is None or not user.is_authenticated:
        return None
    for seat in game.seats.all():
        if seat.user_id == user.pk:
            return seat.index
    return None


def game_for_viewer(game_id: int, user: User | AnonymousUser | None) -> Game:
    """A game the user may look at: a player, or anyone for a public game. Else not found."""
    game = game_with_seats(game_id)
    if game is None or (not game.public and seat_of(game, user) is None):
        raise GameNotFound()
    return game


def game_for_player(game_id: int, user: User | AnonymousUser | None) -> tuple[Game, int]:
    game = game_for_viewer(game_id, user)
    seat = seat_of(game, user)
    if seat is None:
        raise NotAPlayer()
    return game, seat


# --- lists --------------------------------------------------------------------------------------

LIST_LIMIT = 100
_STATUS_ORDER: dict[str, int] = {
    Game.Status.ACTIVE: 0,
    Game.Status.OPEN: 1,
    Game.Status.FINISHED: 2,
}
# The lists' filters and orders (the API's query parameters, docs/api.md).
TURN_MINE = "mine"
ORDER_TIME_LEFT = "time_left"

# Who is online is the notifications app's to know (its Presence rows, which the game sockets
# keep); it hands the query over in its AppConfig.ready(), as games never imports a follower.
# It answers the ids of the users connected at `now`. None: nobody told us (all are online).
OnlineUsers = Callable[[datetime], "QuerySet[Any]"]
_online_users: OnlineUsers | None = None


def use_presence(online_users: OnlineUsers | None) -> None:
    global _online_users
    _online_users = online_users


def my_games(user: User, *, turn: str | None = None, kind: str | None = None) -> list[Game]:
    """My games, the most recent first (at most LIST_LIMIT). `turn="mine"`: every running
    one, uncapped (which of them need me is read from their clocks, so the cap comes after
    that choice: my_game_summaries); `kind`: only games of that time control's kind."""
    mine: dict[str, Any] = {"seats__user": user}  # one filter(): the same seat row
    if turn == TURN_MINE:
        mine.update(status=Game.Status.ACTIVE)
    games = games_with_seats().filter(**mine).order_by("-id")
    if kind is not None:
        games = games.filter(time_control__kind=kind)
    return list(games if turn == TURN_MINE else games[:LIST_LIMIT])


def needs_me(summary: GameSummary) -> bool:
    """Whether the game waits for me: my turn, or my opponent's time is out and I choose
    (claim the win or give time; a pending claim, docs/clocks.md)."""
    if summary["your_turn"]:
        return True
    timeout, seat = summary["timeout"], summary["your_seat"]
    return timeout is not None and seat is not None and timeout["seat"] != seat


def my_game_summaries(
    user: User,
    *,
    turn: str | None = None,
    order: str | None = None,
    kind: str | None = None,
    now: datetime | None = None,
) -> list[GameSummary]:
    """My games as the list shows them, every clock read at one `now`: those that need me
    first (needs_me), then other active games, open ones, finished ones (recent first).
    `turn="mine"`: only those that need me. `order="time_left"`: those that need me first,
    by my time left (least first; games without a clock, against the computer, after every
    clocked one, most recent first), then the others in the default order. The time left is
    the payload's own reading, so the list parses each game's clock once and orders by what
    the client shows."""
    now = now or timezone.now()
    summaries = [game_summary(g, user, now=now) for g in my_games(user, turn=turn, kind=kind)]
    if turn == TURN_MINE:
        summaries = [s for s in summaries if needs_me(s)]
    # sorted() is stable: within a group the most recent first, as my_games listed them
    summaries.sort(key=lambda s: (0 if needs_me(s) else 1, _STATUS_ORDER[s["status"]]))
    if order == ORDER_TIME_LEFT:
        summaries.sort(key=_time_left_key)
    return summaries[:LIST_LIMIT]


def _time_left_key(summary: GameSummary) -> tuple[int, int]:
    if not needs_me(summary):
        return (2, 0)
    clock_now, seat, timeout = summary["clock"], summary["your_seat"], summary["timeout"]
    if clock_now is None or seat is None:
        return (1, -summary["id"])
    if not summary["your_turn"] and timeout is not None:
        # my opponent's time is out: my time to choose is what is left until the claim
        # happens by itself
        return (0, max(0, timeout["claim_until"] - clock_now["at"]))
    return (0, clock_now["remaining"][seat])


def open_games(
    viewer: User | AnonymousUser | None = None,
    *,
    kind: str | None = None,
    now: datetime | None = None,
) -> list[Game]:
    """The lobby: open games waiting for anyone, oldest first. A live game only while its
    creator is online (a live game needs both players now); `kind`: only that kind; for a
    player, not those of someone in a block with them (moderation)."""
    games = games_with_seats().filter(status=Game.Status.OPEN, opponent=Game.Opponent.OPEN)
    if kind is not None:
        games = games.filter(time_control__kind=kind)
    if _online_users is not None:
        online = _online_users(now or timezone.now())
        not_live = [k for k in clocks.KINDS if k != "live"]
        games = games.filter(
            Q(time_control__kind__in=not_live)
            | Q(time_control__isnull=True)
            | Q(created_by__in=online)
        )
    if viewer is not None and viewer.is_authenticated:
        games = games.exclude(created_by__in=moderation.blocking_either(viewer))
    return list(games.order_by("id")[:LIST_LIMIT])


def game_by_invite(code: str) -> Game:
    game = games_with_seats().filter(invite_code=code).first()
    if game is None:
        raise GameNotFound(_("Deze uitnodiging bestaat niet."))
    return game


# --- payloads -----------------------------------------------------------------------------------


def players_payload(game: Game) -> list[Player]:
    out: list[Player] = []
    for seat in sorted(game.seats.all(), key=lambda s: s.index):
        out.append(
            {
                "seat": seat.index,
                "display_name": "Computer" if seat.is_computer else display_name(seat.user),
                # No name to look up for the computer or a deleted account.
                "username": None
                if seat.is_computer or seat.user is None or not seat.user.is_active
                else seat.user.username,
                "is_computer": seat.is_computer,
                "bot": not seat.is_computer and is_bot(seat.user),
                **_rating(seat),
                "vacation_until": clock.vacation_until(game, seat.index, seat.user),
            }
        )
    return out


def _rating(seat: Seat) -> ShownRating:
    if seat.is_computer:
        return {"rating": None, "provisional": False}
    shown = ratings.rating_payload(getattr(seat.user, "rating", None))
    return {"rating": shown["rating"], "provisional": shown["provisional"]}


def game_fields(
    game: Game,
    *,
    rematch: bool = True,
    rating_changes: bool = True,
    now: datetime | None = None,
) -> GameFields:
    """The fields of a game that are the same for whoever asks (no seats needed), the clock
    read at `now` (default: the server's now).
    `rematch` / `rating_changes` False: skip those reads (the caller knows or needs none)."""
    now = now or timezone.now()
    ticking = clock.state_of(game)  # parsed once for the reading and the timeout
    finished = game.status == Game.Status.FINISHED
    rematch_id = None
    if finished and rematch:  # only a finished game has a rematch: no query for the others
        try:
            rematch_id = game.rematch.pk
        except Game.rematch.RelatedObjectDoesNotExist:
            pass
    return {
        "id": game.pk,
        "status": game.status,
        "opponent": game.opponent,
        "computer_level": game.computer_level if game.opponent == Game.Opponent.COMPUTER else None,
        "public": game.public,
        "rated": game.rated,
        "rating_min": game.rating_min,
        "rating_max": game.rating_max,
        "rating_changes": [ratings.change_payload(c) for c in game.rating_changes.all()]
        if finished and game.rated and rating_changes
        else None,
        "turn_seconds": game.turn_seconds,
        "created_at": game.created_at,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "turn_started_at": game.turn_started_at,
        "deadline_at": game.deadline_at,
        "seq": game.seq,
        "round": game.round,
        "phase": game.phase,
        "current": game.current_seat if game.status == Game.Status.ACTIVE else None,
        "rules_version": game.rules_version,
        "seed_commitment": game.seed_commitment,
        "seed": game.seed if finished else None,
        "result": game.result if finished else None,
        "rematch_id": rematch_id,
        "time_control": game.time_control,
        "clock": clock.reading(game, now, ticking),
        "timeout": clock.timeout(game, now, ticking),
    }


def game_summary(
    game: Game, user: User | AnonymousUser | None, *, now: datetime | None = None
) -> GameSummary:
    """What lists show of a game (no engine state), its clock read at `now`."""
    your_seat = seat_of(game, user)
    show_invite = game.status == Game.Status.OPEN and your_seat is not None
    return {
        **game_fields(game, now=now),
        "your_seat": your_seat,
        "your_turn": game.status == Game.Status.ACTIVE
        and your_seat is not None
        and game.current_seat == your_seat,
        "players": players_payload(game),
        "invite_code": game.invite_code if show_invite else None,
        "invite_url": f"/#/join/{game.invite_code}" if show_invite else None,
    }


def game_detail(game: Game, user: User | AnonymousUser | None) -> GameDetail:
    """The Game payload: the summary plus the engine view for the user's seat."""
    summary = game_summary(game, user)
    if game.status == Game.Status.OPEN:
        # nothing to see before the start (and no seed shopping)
        return {**summary, "state": None, "legal_moves": []}
    state = game_state(game)
    seat = summary["your_seat"]
    view = state_cache.views(game.pk, state)[seat]
    return {**summary, "state": view, "legal_moves": legal_moves_for(state, seat)}


def legal_moves_for(state: engine.State, seat: int | None) -> list[dict[str, Any]]:
    """The moves `seat` may send now, as JSON (none when it is not that seat's turn). The
    Game payload and the socket's update carry them, so a client at turn needs no
    `/legal/` request after every move."""
    if seat is None or state.over or state.current != seat:
        return []
    return state_cache.legal_moves(state)  # once for the move's answer and its push


# --- the log ------------------------------------------------------------------------------------


def public_entry(entry: object) -> dict[str, Any]:
    """The notation fields of a log entry: what every seat may know once it is applied.

    A log entry is a move, never its outcome (dice, draws and shuffles come from the secret
    seed), and every notation field is public once applied. Anything else an entry might carry
    is dropped; an entry that does not parse shows only its type.
    """
    try:
        return engine.Move.from_json(entry).to_json()
    except engine.InvalidMove:
        return {"type": entry.get("type")} if isinstance(entry, dict) else {"type": None}


def log_entry(row: MoveRow, viewer_seat: int | None) -> LogEntry:
    payload = row.payload
    mine = viewer_seat is not None and row.seat == viewer_seat and not row.auto
    return {
        "seq": row.seq,
        "seat": row.seat,
        "move": dict(payload) if mine else public_entry(payload),
        "auto": row.auto,
        "created": row.created,
    }


def game_log_for(game: Game, viewer_seat: int | None, since: int = 0) -> list[LogEntry]:
    rows = MoveRow.objects.filter(game=game, seq__gte=since).order_by("seq")
    return [log_entry(row, viewer_seat) for row in rows]


def game_export(game: Game) -> GameExport:
    """Everything needed to verify a finished game (the caller checks that it is finished)."""
    return {
        "game_id": game.pk,
        "rules_version": game.rules_version,
        "seed": game.seed,
        "seed_commitment": game.seed_commitment,
        "players": players_payload(game),
        "log": [
            {"seq": m.seq, "seat": m.seat, "move": m.payload, "auto": m.auto, "created": m.created}
            for m in MoveRow.objects.filter(game=game).order_by("seq")
        ],
        "result": game.result,
        "created_at": game.created_at,
        "finished_at": game.finished_at,
        **clock.export_fields(game),
    }


def computer_seat(game: Game) -> Seat | None:
    for seat in game.seats.all():
        if seat.is_computer:
            return seat
    return None


def games_past_deadline(now: datetime) -> list[int]:
    """Active games whose turn deadline has passed (the realtime engineer's timer uses this)."""
    return list(
        Game.objects.filter(Q(status=Game.Status.ACTIVE) & Q(deadline_at__lte=now)).values_list(
            "pk", flat=True
        )
    )
