"""Writes: create, join, leave, move, resign, time out, rematch, and the computer's moves.

Every write that touches a running game locks the game row (`select_for_update`) for the
whole transaction, so moves of one game are applied one at a time; the unique (game, seq)
constraint is the last line of defence. Hooks (websocket push, notifications, the computer
opponent) run only after the commit (`transaction.on_commit`).
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any, TypedDict, Unpack

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_noop as _  # details are msgids

import clocks
import engine
from dwaalhof_site.api.prepared import PreparedWrites
from engine.moves import SYSTEM_MOVES
from moderation import services as moderation
from ratings import services as ratings

from . import clock, computer, hooks, selectors, state_cache, vacation
from .errors import (
    CannotJoin,
    CannotLeave,
    CannotRematch,
    ClientMoveIdReused,
    GameNotFound,
    GameOptionsRefused,
    IllegalMoveError,
    InvalidMoveError,
    NotActive,
    NotAPlayer,
    NotClaimable,
    NotYourTurn,
    OutOfTime,
    StaleSeq,
)
from .models import ClockEvent, Game, Seat
from .models import Move as MoveRow  # a row of the log; engine.Move is the move itself

log = logging.getLogger(__name__)

# A move's INSERT and UPDATE with their SQL compiled once per connection, not per move.
_move_writes = PreparedWrites(MoveRow)
_game_writes = PreparedWrites(Game)

TURN_SECONDS_MIN = 3600
TURN_SECONDS_MAX = 14 * 24 * 3600


def _instant(now: datetime | None = None) -> datetime:
    """The transaction's one instant, in whole milliseconds as the clock counts: the log rows,
    the game row and the clock then hold the very same number (docs/clocks.md)."""
    return clocks.from_ms(clocks.to_ms(now or timezone.now()))


def _instant_on(game: Game, now: datetime | None = None) -> datetime:
    """The instant of a write to a locked `game`: never before its clock's last event (the
    servers' clocks may differ by a little; the log's instants only go forward)."""
    at = _instant(now)
    ticking = clock.state_of(game)
    return at if ticking is None else max(at, clocks.from_ms(ticking.since))


def new_seed() -> str:
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


# --- creating and joining -----------------------------------------------------------------------


class GameOptions(TypedDict, total=False):
    """What a new game may be asked for besides its opponent (GAME_OPTIONS says which go with
    which); left out: the default. The values have the types and bounds the API's serializer
    states (games.api.serializers.GameCreateSerializer)."""

    turn_seconds: int  # default settings.DWAALHOF_TURN_SECONDS_DEFAULT
    time_control: clocks.TimeControl  # default: per_turn of turn_seconds, "auto" (as before)
    public: bool  # default True
    rated: bool  # default False; never against the computer
    level: str  # the computer's, default normal
    rating_min: int | None  # who may take the seat from the lobby
    rating_max: int | None


# The options each kind of opponent takes; another is refused (GameOptionsRefused).
_COMMON = frozenset({"turn_seconds", "public", "rated"})
GAME_OPTIONS: dict[str, frozenset[str]] = {
    Game.Opponent.INVITE: _COMMON | {"time_control"},
    Game.Opponent.OPEN: _COMMON | {"rating_min", "rating_max", "time_control"},
    Game.Opponent.COMPUTER: _COMMON | {"level"},
}
_NOT_FOR = {
    "time_control": _("Tegen de computer loopt geen klok."),
    "level": _("Alleen voor een partij tegen de computer."),
    "rating_min": _("Een ratinggrens kan alleen bij een open partij."),
    "rating_max": _("Een ratinggrens kan alleen bij een open partij."),
}


# Who may start a game with whom, beyond blocks: a follower app hands its check over in its
# AppConfig.ready() (games never imports a follower), e.g. the bots app's daily cap on games
# between two bot accounts (bots.limits). A check raises an ApiError to refuse; it runs in
# the transaction that seats the second player (join, rematch).
StartCheck = Callable[[User, list[int | None]], None]
_start_checks: list[StartCheck] = []


def use_start_check(check: StartCheck) -> None:
    if check not in _start_checks:
        _start_checks.append(check)


def check_may_start(user: User, others: list[int | None]) -> None:
    """Refuses (an ApiError) a game between `user` and the users with ids `others`."""
    for check in _start_checks:
        check(user, others)


def game_create(
    *, user: User, opponent: str, seed: str | None = None, **options: Unpack[GameOptions]
) -> Game:
    """A new game with `user` in seat 0; options that do not go with this opponent are
    refused with GameOptionsRefused (each field with its reason). `seed`: a chosen one (the
    tutorial's searched seed, tutorial/), else a new secret one."""
    refused = _refused_options(opponent, options)
    if refused:
        raise GameOptionsRefused(errors=refused)
    turn_seconds = options.get("turn_seconds", settings.DWAALHOF_TURN_SECONDS_DEFAULT)
    control = options.get("time_control")
    if control is None and opponent != Game.Opponent.COMPUTER:
        control = clocks.TimeControl.stored(turn_seconds)  # today's per-turn deadline
    if control is not None:
        turn_seconds = control.seconds  # per_turn: each turn's time; else the starting bank
    level = options.get("level", Game.Level.NORMAL)
    public, rated = options.get("public", True), options.get("rated", False)
    rating_min, rating_max = options.get("rating_min"), options.get("rating_max")
    seed = seed or new_seed()
    state = engine.new_game(seed)
    with transaction.atomic():
        game = Game.objects.create(
            seed=seed,
            seed_commitment=commitment(seed),
            rules_version=engine.RULES_VERSION,
            opponent=opponent,
            computer_level=level,
            public=public,
            invite_code=secrets.token_urlsafe(9),
            turn_seconds=turn_seconds,
            time_control=None if control is None else control.to_json(),
            created_by=user,
            rated=rated,
            rating_min=rating_min,
            rating_max=rating_max,
        )
        _save_state(game, state)
        Seat.objects.create(game=game, index=0, user=user)
        transaction.on_commit(partial(hooks.after_game_changed, game.pk, "created"))
        if opponent == Game.Opponent.COMPUTER:
            Seat.objects.create(game=game, index=1, is_computer=True)
            _start(game, state)
    state_cache.put(game.pk, state)
    return game


def _refused_options(opponent: str, options: GameOptions) -> dict[str, str]:
    """The options refused with this opponent: field -> why (a msgid)."""
    refused = {name: _NOT_FOR[name] for name in options if name not in GAME_OPTIONS[opponent]}
    if options.get("rated") and opponent == Game.Opponent.COMPUTER:
        refused["rated"] = _("Partijen tegen de computer tellen niet voor de rating.")
    if "time_control" in options and "turn_seconds" in options:
        refused["time_control"] = _("Geef time_control of turn_seconds, niet allebei.")
    lo, hi = options.get("rating_min"), options.get("rating_max")
    if lo is not None and hi is not None and lo > hi:
        refused.setdefault("rating_max", _("De bovengrens ligt onder de ondergrens."))
    return refused


def _save_state(game: Game, state: engine.State) -> None:
    """Save a new game's row with what lists and locks need from the engine state, and the
    state's snapshot."""
    game.seq = state.seq
    game.phase = state.phase
    game.round = state.round
    game.current_seat = None if state.over else state.current
    game.snapshot = engine.full_state(state)
    game.snapshot_seq = state.seq
    game.save()


def _start(game: Game, state: engine.State) -> None:
    now = _instant()
    game.status = Game.Status.ACTIVE
    game.started_at = now
    game.turn_started_at = now
    fields = ["status", "started_at", "turn_started_at", "deadline_at"]
    control = clock.control_of(game)
    if control is None:
        game.deadline_at = None  # against the computer: no clock runs for the person
    else:
        first = clocks.TurnStarted(clocks.to_ms(now), state.current)
        fields += clock.keep(game, clocks.advance(clocks.start(control), first))
    game.save(update_fields=list(dict.fromkeys(fields)))
    vacation.start_paused(game, now)  # a player on vacation: their clock starts paused
    transaction.on_commit(partial(hooks.after_game_changed, game.pk, "started"))
    _schedule_computer(game, state)


def _schedule_computer(game: Game, state: engine.State) -> None:
    seat = selectors.computer_seat(game)
    if seat is not None and not state.over and state.current == seat.index:
        # realtime: the worker plays it (settings.DWAALHOF_BOT_MOVES = "inline": right here).
        transaction.on_commit(partial(hooks.computer_turn_due, game.pk, bot_move))


def _lock(game_id: int) -> Game:
    """The game row, locked until the end of the transaction, with its seats, users and
    profiles (one query: selectors.game_with_seats)."""
    game = selectors.game_with_seats(game_id, lock=True)
    if game is None:
        raise GameNotFound()
    return game


def game_join(*, game: Game, user: User, code: str | None = None) -> Game:
    """Take the free seat: by invite code (any game), or from the lobby (open games only)."""
    with transaction.atomic():
        game = _lock(game.pk)
        if game.status != Game.Status.OPEN:
            raise CannotJoin(_("Deze partij is al begonnen."))
        if code is None and game.opponent != Game.Opponent.OPEN:
            raise CannotJoin(_("Voor deze partij heb je een uitnodiging nodig."))
        if code is not None and not secrets.compare_digest(code, game.invite_code):
            raise CannotJoin(_("Deze uitnodiging klopt niet."))
        if selectors.seat_of(game, user) is not None:
            raise CannotJoin(_("Je zit al aan tafel in deze partij."))
        if code is None and (why := ratings.check_can_join(game, user)):
            raise CannotJoin(why)
        # no game between two players one of whom blocked the other (409 "blocked")
        moderation.check_can_meet(user, [s.user_id for s in game.seats.all()])
        check_may_start(user, [s.user_id for s in game.seats.all()])  # e.g. the bots' cap
        taken = {s.index for s in game.seats.all()}
        free = [i for i in (0, 1) if i not in taken]
        if not free:
            raise CannotJoin(_("Deze partij is vol."))
        Seat.objects.create(game=game, index=free[0], user=user)
        transaction.on_commit(partial(hooks.after_game_changed, game.pk, "joined"))
        _start(game, selectors.game_state(game))
    return game


def game_leave(*, game: Game, user: User) -> None:
    """The creator leaves a game nobody joined: it is gone (it has no moves)."""
    with transaction.atomic():
        game = _lock(game.pk)
        if selectors.seat_of(game, user) is None:
            raise NotAPlayer()
        if game.status != Game.Status.OPEN:
            raise CannotLeave()
        game_id = game.pk
        game.seats.all().delete()
        game.delete()
        transaction.on_commit(partial(hooks.after_game_changed, game_id, "left"))


# --- moves --------------------------------------------------------------------------------------


@dataclass
class SubmitResult:
    game: Game
    entries: list[MoveRow]  # the rows this submission wrote (or wrote before, when repeated)
    repeated: bool = False  # an idempotent retry: nothing new was applied


def parse_player_move(data: object) -> engine.Move:
    try:
        return engine.Move.from_json(data, from_player=True)
    except engine.InvalidMove as err:
        raise InvalidMoveError.of(err) from err


def move_submit(
    *,
    game: Game,
    user: User | None,
    move: engine.Move | dict[str, Any],
    expected_seq: int,
    client_move_id: str | None = None,
    computer: bool = False,
    now: datetime | None = None,
) -> SubmitResult:
    """Apply one player's move, in one transaction, if it is their turn at `expected_seq`
    and their time is not out at `now` (taken once the game is locked, unless given).

    `computer=True` (with user None) moves for the game's computer seat (bot_move only).
    """
    if not isinstance(move, engine.Move):
        move = parse_player_move(move)
    elif move.type in SYSTEM_MOVES or move.auto:
        raise InvalidMoveError("system_move", type=move.type)
    try:
        with transaction.atomic():
            game = _lock(game.pk)
            seat = _acting_seat(game, user, computer)
            at = _instant_on(game, now)  # after the lock: the log's instants only go forward
            try:
                rows = _apply(game, seat, move, expected_seq, client_move_id, computer, at)
            except (NotActive, StaleSeq, NotYourTurn, IllegalMoveError, InvalidMoveError):
                # A retry of a move that was applied is refused as stale (or as a move out of
                # turn) now: answer it as the first time. Looked up only on a refusal, so an
                # accepted move costs no query for it.
                original = _original_of(game, seat, client_move_id, move)
                if original is None:
                    raise
                return original
    except IntegrityError as err:
        # Another connection wrote this seq first, or this client_move_id was used before
        # (at another seq: the move it sent then is its answer, or it was reused).
        original = _original_of(game, seat, client_move_id, move)
        if original is not None:
            return original
        current = Game.objects.filter(pk=game.pk).values_list("seq", flat=True).first()
        raise StaleSeq(seq=current) from err
    return SubmitResult(game=game, entries=rows)


def _apply(
    game: Game,
    seat: int,
    move: engine.Move,
    expected_seq: int,
    client_move_id: str | None,
    computer: bool,
    now: datetime,
) -> list[MoveRow]:
    """Check that `seat` may move now and apply the move; the rows it wrote."""
    if game.status != Game.Status.ACTIVE:
        raise NotActive()
    if expected_seq != game.seq:
        raise StaleSeq(seq=game.seq)
    if game.current_seat != seat:
        raise NotYourTurn(current=game.current_seat)
    ticking = clock.state_of(game)
    if ticking is not None and clocks.expired(ticking, clocks.to_ms(now)):
        raise OutOfTime()  # at or after the deadline: the timeout wins the race
    state = selectors.game_state(game)
    try:
        new_state = engine.apply(state, move)
    except engine.IllegalMove as err:
        raise IllegalMoveError.of(err) from err
    except engine.InvalidMove as err:
        raise InvalidMoveError.of(err) from err
    except Exception as err:  # an engine bug: refuse the move, keep the game playable
        log.exception("engine failed on %s in game %s at seq %s", move, game.pk, game.seq)
        raise IllegalMoveError("engine_failed") from err
    rows = _append(game, state, new_state, seat, now, client_move_id)
    if not computer:
        _schedule_computer(game, new_state)
    return rows


def _acting_seat(game: Game, user: User | None, computer: bool) -> int:
    if computer:
        seat = selectors.computer_seat(game)
        if seat is None:
            raise NotAPlayer()
        return seat.index
    index = selectors.seat_of(game, user)
    if index is None:
        # A private game does not admit it exists to someone who does not play in it.
        raise NotAPlayer() if game.public else GameNotFound()
    return index


def _original_of(
    game: Game, seat: int, client_move_id: str | None, move: engine.Move
) -> SubmitResult | None:
    """The earlier answer to this client_move_id, if the move was already applied; a
    different move under the same id is refused (ClientMoveIdReused)."""
    if client_move_id is None:
        return None
    first = MoveRow.objects.filter(game=game, seat=seat, client_move_id=client_move_id).first()
    if first is None:
        return None
    if first.payload != move.to_json():
        raise ClientMoveIdReused()
    rows = [first]
    for row in MoveRow.objects.filter(game=game, seq__gt=first.seq).order_by("seq"):
        if not row.auto:
            break
        rows.append(row)
    return SubmitResult(game=game, entries=rows, repeated=True)


def _append(
    game: Game,
    state: engine.State,
    new_state: engine.State,
    actor_seat: int,
    now: datetime,
    client_move_id: str | None = None,
) -> list[MoveRow]:
    """Write the entries `new_state` added to `state` and update the game row to match: the
    rows, the row's fields and its clock all at the one instant `now`."""
    entries = new_state.log[state.seq :]
    rows = []
    for i, entry in enumerate(entries):
        if entry.get("auto"):
            seat = None
        elif entry.get("type") in SYSTEM_MOVES:
            seat = entry.get("seat")
        else:
            seat = actor_seat
        rows.append(
            MoveRow(
                game=game,
                seq=state.seq + i,
                seat=seat,
                payload=entry,
                client_move_id=client_move_id if i == 0 else None,
                created=now,
            )
        )
    _move_writes.insert_rows(rows)  # most moves one row; a few add automatic entries

    fields = ["seq", "phase", "round", "current_seat"]
    game.seq = new_state.seq
    game.phase = new_state.phase
    game.round = new_state.round
    if new_state.over or new_state.current != state.current:
        # The snapshot (18 kB of JSON) is written at the end of each turn, not after every
        # move: it is a check on the log (admin replay check), never read to play.
        game.snapshot = engine.full_state(new_state)
        game.snapshot_seq = new_state.seq
        fields += ["snapshot", "snapshot_seq"]
    if new_state.over:
        game.current_seat = None
        game.status = Game.Status.FINISHED
        game.finished_at = now
        game.result = new_state.result
        game.deadline_at = None
        fields += ["status", "finished_at", "result", "deadline_at"]
        ticking = clock.state_of(game)
        if ticking is not None and entries[-1].get("type") == "timeout":
            flagged = clocks.Flagged(clocks.to_ms(now), entries[-1]["seat"])
            game.clock = dict(clocks.advance(ticking, flagged).to_json())
            fields.append("clock")
        game.save(update_fields=fields)
        fields = []
        ratings.rate_finished_game(game)  # in this transaction: exactly once per game
    else:
        game.current_seat = new_state.current
        if new_state.current != state.current:
            game.turn_started_at = now
            fields.append("turn_started_at")
            ticking = clock.state_of(game)
            if ticking is not None:
                at = clocks.to_ms(now)
                ended = clocks.advance(ticking, clocks.TurnEnded(at, state.current))
                started = clocks.advance(ended, clocks.TurnStarted(at, new_state.current))
                fields += clock.keep(game, started)
    if fields:
        _game_writes.update(game, list(dict.fromkeys(fields)))

    game_id = game.pk
    transaction.on_commit(lambda: state_cache.put(game_id, new_state))
    turn_changed = new_state.over or new_state.current != state.current
    transaction.on_commit(partial(hooks.after_move_committed, game, new_state, rows, turn_changed))
    if new_state.over:
        kind = new_state.result.get("reason", "end") if new_state.result else "end"
        transaction.on_commit(partial(hooks.after_game_changed, game_id, f"finished:{kind}"))
    return rows


def _system_move(game: Game, move: engine.Move, actor_seat: int, now: datetime) -> None:
    state = selectors.game_state(game)
    try:
        new_state = engine.apply(state, move)
    except (engine.IllegalMove, engine.InvalidMove) as err:
        raise NotActive(str(err)) from err
    _append(game, state, new_state, actor_seat, now)


def game_resign(*, game: Game, user: User) -> Game:
    """Give up: the opponent wins. Any time while the game runs, also on the other's turn."""
    with transaction.atomic():
        game = _lock(game.pk)
        seat = _acting_seat(game, user, computer=False)
        if game.status != Game.Status.ACTIVE:
            raise NotActive()
        _system_move(game, engine.Move("resign", seat=seat), seat, _instant_on(game))
    return game


def game_timeout(*, game: Game, now: datetime | None = None) -> bool:
    """The worker's turn at `deadline_at`, re-checked under the game's lock (so a move that
    came first wins, and two workers act once): True if it logged the timeout.

    On the clock: "auto" logs the timeout at the deadline; "claim" waits at the deadline (the
    opponent is told once, and `deadline_at` moves on to the grace deadline) and logs the
    timeout itself at deadline + grace. A worker that was down catches up in one go."""
    now = _instant(now)
    with transaction.atomic():
        game = _lock(game.pk)
        if game.status != Game.Status.ACTIVE or game.deadline_at is None or game.deadline_at > now:
            return False
        seat = game.current_seat
        assert seat is not None  # an active game has a current seat
        ticking = clock.state_of(game)
        at = _instant_on(game, now)
        if ticking is not None:
            moment = clocks.to_ms(at)
            due = clocks.timeout_due(ticking)
            if due is None or not clocks.expired(ticking, moment):
                game.save(update_fields=clock.keep(game, ticking))  # a stale deadline_at
                return False
            if moment < due:  # "claim": the game waits for the opponent until `due`
                game.deadline_at = clocks.from_ms(due)
                game.save(update_fields=["deadline_at"])
                transaction.on_commit(partial(hooks.after_game_changed, game.pk, "timeout"))
                return False
        _system_move(game, engine.Move("timeout", seat=seat), seat, at)
    return True


def game_abandon(*, game: Game, now: datetime | None = None) -> bool:
    """A game against the computer that the person left untouched for ABANDON_AFTER (30
    days) at their turn ends as abandoned (unrated, as every game against the computer): the
    worker logs `abandon` for the person's seat, once (the lock and the re-check here), and
    a worker that was down catches up. True if it ended the game."""
    now = _instant(now)
    with transaction.atomic():
        game = _lock(game.pk)
        robot = selectors.computer_seat(game)
        seat = game.current_seat
        if game.status != Game.Status.ACTIVE or robot is None or seat in (None, robot.index):
            return False  # over, not against the computer, or the computer's turn
        last = MoveRow.objects.filter(game=game).order_by("-seq").values_list("created", flat=True)
        touched = last.first() or game.started_at
        if touched is None or now < touched + clock.ABANDON_AFTER:
            return False
        _system_move(game, engine.Move("abandon", seat=seat), seat, _instant_on(game, now))
    return True


CLAIM_CHOICES = ("win", "wait")


def game_claim(*, game: Game, user: User, choice: str, now: datetime | None = None) -> Game:
    """The opponent of the seat whose time ran out ("claim" games) claims the win (the
    timeout is logged) or waits: gives that seat `time_control.extra_time` more, counted
    from now. Refused (NotClaimable) when no timeout is pending or the caller ran out."""
    with transaction.atomic():
        game = _lock(game.pk)
        seat = _acting_seat(game, user, computer=False)
        at = _instant_on(game, now)
        ticking = clock.state_of(game)
        moment = clocks.to_ms(at)
        if (
            game.status != Game.Status.ACTIVE
            or ticking is None
            or not clocks.may_claim(ticking, moment)
            or ticking.at_turn == seat
        ):
            raise NotClaimable()
        out = 1 - seat
        if choice == "win":
            ClockEvent.objects.create(
                game=game, seq=game.seq, at=at, seat=out, kind=ClockEvent.Kind.CLAIMED
            )
            _system_move(game, engine.Move("timeout", seat=out), out, at)
        else:
            extra = ticking.control.extra_time * clocks.MS
            ClockEvent.objects.create(
                game=game, seq=game.seq, at=at, seat=out, kind=ClockEvent.Kind.TIME_GIVEN, ms=extra
            )
            given = clocks.advance(ticking, clocks.TimeGiven(moment, out, extra))
            game.save(update_fields=clock.keep(game, given))
            transaction.on_commit(partial(hooks.after_game_changed, game.pk, "time_given"))
    return game


def game_rematch(*, game: Game, user: User) -> tuple[Game, bool]:
    """A new game with the same players, seats swapped. (game, created)."""
    with transaction.atomic():
        old = _lock(game.pk)
        if selectors.seat_of(old, user) is None:
            raise NotAPlayer()
        if old.status != Game.Status.FINISHED:
            raise CannotRematch()
        existing = Game.objects.filter(rematch_of=old).first()
        if existing is not None:
            return existing, False
        moderation.check_can_meet(user, [s.user_id for s in old.seats.all()])  # not if blocked
        check_may_start(user, [s.user_id for s in old.seats.all()])
        seed = new_seed()
        state = engine.new_game(seed)
        new = Game.objects.create(
            seed=seed,
            seed_commitment=commitment(seed),
            rules_version=engine.RULES_VERSION,
            opponent=old.opponent,
            computer_level=old.computer_level,
            public=old.public,
            invite_code=secrets.token_urlsafe(9),
            turn_seconds=old.turn_seconds,
            time_control=old.time_control,
            created_by=user,
            rematch_of=old,
            rated=old.rated,
        )
        _save_state(new, state)
        for seat in old.seats.all():
            Seat.objects.create(
                game=new, index=1 - seat.index, user_id=seat.user_id, is_computer=seat.is_computer
            )
        transaction.on_commit(partial(hooks.after_game_changed, old.pk, "rematch"))
        _start(new, state)
    state_cache.put(new.pk, state)
    return new, True


def game_between(
    *, first: User, second: User, time_control: clocks.TimeControl, rated: bool, created_by: User
) -> Game:
    """A game that starts at once with `first` in seat 0 and `second` in seat 1 (an accepted
    challenge: challenges.services), public, with this time control; refused (Blocked) when
    one of the two blocked the other, or by a start check (check_may_start). Runs in the caller's transaction when there is one."""
    seed = new_seed()
    state = engine.new_game(seed)
    with transaction.atomic():
        moderation.check_can_meet(first, [second])
        check_may_start(first, [second.pk])  # e.g. the daily cap on games between two bots
        game = Game.objects.create(
            seed=seed,
            seed_commitment=commitment(seed),
            rules_version=engine.RULES_VERSION,
            opponent=Game.Opponent.INVITE,  # two named players, as an accepted invitation
            public=True,
            invite_code=secrets.token_urlsafe(9),
            turn_seconds=time_control.seconds,
            time_control=time_control.to_json(),
            created_by=created_by,
            rated=rated,
        )
        _save_state(game, state)
        Seat.objects.create(game=game, index=0, user=first)
        Seat.objects.create(game=game, index=1, user=second)
        transaction.on_commit(partial(hooks.after_game_changed, game.pk, "created"))
        _start(game, state)
    state_cache.put(game.pk, state)
    return game


# --- the computer opponent ----------------------------------------------------------------------

BOT_MAX_MOVES = 2000


def bot_move(game: Game | int) -> int:
    """Play the computer's moves until it is a human's turn or the game is over.

    Goes through move_submit like any player. `game`: a Game or its id. Returns the number
    of moves made.
    """
    game_id = game.pk if isinstance(game, Game) else game
    made = 0
    for _turn in range(BOT_MAX_MOVES):
        game = Game.objects.prefetch_related("seats").get(pk=game_id)
        seat = selectors.computer_seat(game)
        if seat is None or game.status != Game.Status.ACTIVE or game.current_seat != seat.index:
            return made
        state = selectors.game_state(game)
        move = computer.choose_move(state, game.computer_level)
        try:
            move_submit(game=game, user=None, move=move, expected_seq=game.seq, computer=True)
        except StaleSeq:
            continue  # someone else moved (resigned?) meanwhile: look again
        except IllegalMoveError:
            log.exception(
                "computer move %s refused in game %s; playing the first legal move", move, game_id
            )
            move_submit(
                game=game,
                user=None,
                move=engine.legal_moves(state)[0],
                expected_seq=game.seq,
                computer=True,
            )
        made += 1
    log.error("computer stopped after %s moves in game %s", BOT_MAX_MOVES, game_id)
    return made
