"""The daily summary's when and what (notifications.emails sends it).

When: at the player's own hour (Preferences.summary_hour; default 08:00,
preferences.SUMMARY_HOUR) in their own time zone, at most once per local day. The hour is found per local date, so daylight saving
cannot make it twice or never: an hour that does not exist on a spring-forward day (02:00 in
Europe/Amsterdam) is taken as the moment the clocks jump (03:00 summer time), and an hour
that comes twice in autumn counts once, its first time (the date, not the instant, is what
is stored: DigestLog.local_day). A worker that was down sends the missed summary when it
is back, once.

What: the games waiting for the player (their turn), one line each with the time left, and
the notices collected for the summary.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from django.db.models import F
from django.utils.translation import gettext as _

from accounts.models import Profile, display_name
from games.models import Game, Seat

from .models import DigestLog, Notification, Preferences
from .preferences import SUMMARY_HOUR, zone_of


def hour_of(stored: Preferences | None) -> int:
    return stored.summary_hour if stored is not None else SUMMARY_HOUR


def moment_of(now: datetime, stored: Preferences | None) -> tuple[datetime, date]:
    """The latest summary moment at or before `now` (in UTC) and the player's local date
    it belongs to."""
    zone, hour = zone_of(stored), hour_of(stored)
    today = now.astimezone(zone).date()
    for day in (today, today - timedelta(days=1)):
        # fold=0: in a gap, the offset before the jump (the jump's instant); in a doubled
        # hour, its first time. Compared in UTC: aware datetimes of one zone compare by wall
        # time, which is wrong across a change.
        moment = datetime.combine(day, time(hour), tzinfo=zone).astimezone(UTC)
        if moment <= now:
            return moment, day
    raise AssertionError("yesterday's hour is always past")  # pragma: no cover


def is_due(last: DigestLog | None, moment: datetime, day: date) -> bool:
    """Has this local day's summary not gone out yet?"""
    if last is None:
        return True
    if last.local_day is not None:
        return last.local_day < day
    return last.sent_at < moment  # a row from before local days were kept


def candidates() -> set[int]:
    """Who may have a summary to get: notices wait for it, or a game waits for them while
    they chose the daily summary."""
    waiting = Notification.objects.filter(email=Notification.Email.DIGEST).values_list(
        "user_id", flat=True
    )
    at_turn = Seat.objects.filter(
        game__status=Game.Status.ACTIVE,
        index=F("game__current_seat"),
        user__profile__notify=Profile.Notify.DAILY,
    ).values_list("user_id", flat=True)
    return {uid for uid in (*waiting, *at_turn) if uid is not None}


def waiting_games(user_id: int) -> list[Game]:
    """The active games where it is this player's turn, the nearest deadline first."""
    games = Game.objects.filter(
        status=Game.Status.ACTIVE, seats__user_id=user_id, seats__index=F("current_seat")
    ).prefetch_related("seats__user__profile")
    return sorted(games, key=lambda g: (g.deadline_at is None, g.deadline_at or g.pk, g.pk))


def _opponent(game: Game, user_id: int) -> str:
    for seat in game.seats.all():
        if seat.user_id != user_id:
            return _("de computer") if seat.is_computer else display_name(seat.user)
    return _("je tegenspeler")


def time_left(left: timedelta) -> str:
    """'nog 6 u': whole units, rounded down (never more time than there is)."""
    seconds = int(left.total_seconds())
    if seconds <= 0:
        return _("de tijd is om")
    if seconds >= 48 * 3600:
        return _("nog %(n)s d") % {"n": seconds // 86400}
    if seconds >= 3600:
        return _("nog %(n)s u") % {"n": seconds // 3600}
    return _("nog %(n)s min") % {"n": max(1, seconds // 60)}


def game_line(game: Game, user_id: int, now: datetime) -> str:
    """'Partij 12 tegen anna — ronde 3, nog 6 u', in the active language."""
    line = _("Partij %(game)s tegen %(opponent)s — ronde %(round)s") % {
        "game": game.pk,
        "opponent": _opponent(game, user_id),
        "round": game.round,
    }
    if game.deadline_at is not None:
        line += ", " + time_left(game.deadline_at - now)
    return line


def notices_to_list(notes: list[Notification], games: list[Game]) -> list[Notification]:
    """The collected notices, less 'your turn' and 'time running low' of a game that is
    listed already with its time left."""
    listed = {g.pk for g in games}
    turn_kinds = (Notification.Kind.YOUR_TURN, Notification.Kind.DEADLINE_NEAR)
    return [n for n in notes if not (n.kind in turn_kinds and n.game_id in listed)]
