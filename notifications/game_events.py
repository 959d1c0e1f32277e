"""Which notifications a game event gives, and their text in the recipient's language
(Django's gettext: the Dutch is the msgid, locale/en has the English; games.signals are
connected to these in NotificationsConfig.ready()).

Every function here is idempotent: it looks at the committed game and notifies only what was
not notified yet (per turn for 'your turn', once per game for 'game over'), so a hook that
runs twice, or both after a move and after a status change, never notifies twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.models import display_name, language_of
from chat.models import ChatMessage, ChatMute
from games.models import Game, Seat

from .models import Notification
from .pipeline import deliver, settle_past
from .services import already_notified

Kind = Notification.Kind
log = logging.getLogger(__name__)


def _why(reason: str, you: bool, name: str) -> str:
    """Why a game ended early, said of you or of the opponent (`name`)."""
    if reason == "timeout":
        return (
            _("je hebt niet op tijd gezet")
            if you
            else _("%(name)s heeft niet op tijd gezet") % {"name": name}
        )
    if reason == "resign":
        return _("je hebt opgegeven") if you else _("%(name)s heeft opgegeven") % {"name": name}
    return ""


def receiver_for(event: Callable[[int], None]) -> Callable[..., None]:
    """A games.signals receiver that runs `event` for the signal's game."""

    def receive(sender, *, game_id: int, **kwargs) -> None:
        event(game_id)

    receive.__name__ = f"on_{event.__name__}"
    return receive


def listen(signal: Signal, event: Callable[[int], None]) -> None:
    """Run `event` for the game of every `signal`: one receiver per event, named after it
    (so a test can take it off and put the same back)."""
    signal.connect(receiver_for(event), weak=False, dispatch_uid=event.__name__)


def _seats(game: Game) -> list[Seat]:
    """The game's seats with their players and profiles (language, name): one query."""
    return list(game.seats.select_related("user__profile"))


def _human_seats(game: Game, seats: list[Seat] | None = None) -> list[Seat]:
    """The seats of players (not the computer's); `seats`: the game's, when already read."""
    return [s for s in (seats if seats is not None else _seats(game)) if s.user_id is not None]


def _opponent_name(game: Game, seat_index: int, seats: list[Seat] | None = None) -> str:
    for seat in seats if seats is not None else _seats(game):
        if seat.index != seat_index:
            return _("de computer") if seat.is_computer else display_name(seat.user)
    return _("je tegenspeler")


@transaction.atomic
def turn_and_end(game_id: int, now: datetime | None = None) -> None:
    """After a move or a status change: 'your turn' for the seat to move, 'game over' for all."""
    game = Game.objects.get(pk=game_id)
    now = now or timezone.now()
    if game.status == Game.Status.FINISHED:
        settle_past(game, None, now)
        seats = _seats(game)
        for seat in _human_seats(game, seats):
            if not already_notified(seat.user, Kind.GAME_OVER, game, None):
                with translation.override(language_of(seat.user)):
                    text = game_over_text(game, seat.index, seats)
                deliver(seat.user, Kind.GAME_OVER, text, game=game, now=now)
    elif game.status == Game.Status.ACTIVE and game.current_seat is not None:
        seats = _seats(game)  # one query for seat and opponent
        mover = next(
            (s for s in seats if s.user_id is not None and s.index == game.current_seat), None
        )
        settle_past(game, mover.user_id if mover is not None else None, now)
        if mover is not None and not already_notified(
            mover.user, Kind.YOUR_TURN, game, game.turn_started_at
        ):
            with translation.override(language_of(mover.user)):
                text = _("Je bent aan de beurt in partij %(game)s tegen %(opponent)s.") % {
                    "game": game.pk,
                    "opponent": _opponent_name(game, mover.index, seats),
                }
            deliver(mover.user, Kind.YOUR_TURN, text, game=game, now=now)


def game_over_text(game: Game, seat: int, seats: list[Seat] | None = None) -> str:
    result = game.result or {}
    winners = result.get("winners") or []
    opponent = _opponent_name(game, seat, seats)
    if len(winners) > 1:
        outcome = _("gelijkspel")
    elif seat in winners:
        outcome = _("je hebt gewonnen")
    else:
        outcome = _("je hebt verloren")
    why = _why(result.get("reason") or "", result.get("loser") == seat, opponent)
    return _("Partij %(game)s tegen %(opponent)s is voorbij: %(outcome)s%(why)s.") % {
        "game": game.pk,
        "opponent": opponent,
        "outcome": outcome,
        "why": f" ({why})" if why else "",
    }


@transaction.atomic
def opponent_joined(game_id: int, now: datetime | None = None) -> None:
    """The players already seated hear who took the free seat (the joiner does not)."""
    game = Game.objects.get(pk=game_id)
    seats = _human_seats(game)
    if len(seats) < 2:
        return
    newest = max(seats, key=lambda s: (s.joined_at, s.index))
    for seat in seats:
        if seat is not newest and not already_notified(seat.user, Kind.OPPONENT_JOINED, game, None):
            with translation.override(language_of(seat.user)):
                text = _("%(name)s is aangeschoven in partij %(game)s.") % {
                    "name": display_name(newest.user),
                    "game": game.pk,
                }
            deliver(seat.user, Kind.OPPONENT_JOINED, text, game=game, now=now)


@transaction.atomic
def rematch_offered(game_id: int, now: datetime | None = None) -> None:
    """`game_id` is the old game or the new one; the other player is offered the new one."""
    game = Game.objects.get(pk=game_id)
    new = game if game.rematch_of_id else Game.objects.filter(rematch_of=game).first()
    if new is None:
        return
    for seat in _human_seats(new):
        if seat.user_id == new.created_by_id:
            continue
        if not already_notified(seat.user, Kind.REMATCH_OFFER, new, None):
            with translation.override(language_of(seat.user)):
                by = display_name(new.created_by) if new.created_by else _("Je tegenspeler")
                text = _("%(name)s biedt je een revanche aan: partij %(game)s.") % {
                    "name": by,
                    "game": new.pk,
                }
            deliver(seat.user, Kind.REMATCH_OFFER, text, game=new, now=now)


def deadline_near_text(game: Game, user) -> str:
    """'Your time is nearly up', in `user`'s language."""
    when = timezone.localtime(game.deadline_at).strftime("%d-%m %H:%M")
    with translation.override(language_of(user)):
        return _(
            "Je bedenktijd in partij %(game)s is bijna om: zet vóór %(when)s, "
            "anders verlies je op tijd."
        ) % {"game": game.pk, "when": when}


CHAT_PREVIEW = 80  # characters of the line in the notice


@transaction.atomic
def chat_posted(message_id: int, now: datetime | None = None) -> None:
    """A chat line: the other player hears of it (nothing but the bell while they watch the
    game, nothing at all when they muted the chat)."""
    message = ChatMessage.objects.select_related("game", "user").filter(pk=message_id).first()
    if message is None:
        return
    game = message.game
    muted = set(ChatMute.objects.filter(game=game).values_list("user_id", flat=True))
    for seat in _human_seats(game):
        if seat.user_id == message.user_id or seat.user_id in muted:
            continue
        line = message.text if len(message.text) <= CHAT_PREVIEW else message.text[:79] + "…"
        with translation.override(language_of(seat.user)):
            text = _("%(name)s in partij %(game)s: “%(line)s”") % {
                "name": display_name(message.user),
                "game": game.pk,
                "line": line,
            }
        deliver(seat.user, Kind.CHAT_MESSAGE, text, game=game, now=now)


def on_chat_saved(sender, *, instance, created: bool, **kwargs) -> None:
    """chat's post_save: the notice goes out after the line is committed, and a notice that
    fails never costs the player their line."""
    if created:
        transaction.on_commit(lambda: _chat_posted_safely(instance.pk))


def _chat_posted_safely(message_id: int) -> None:
    try:
        chat_posted(message_id)
    except Exception:
        log.exception("chat notice for message %s failed", message_id)
