"""A player's notification preferences: per kind of notice, the ways it goes (the bell is
always on: it is where every notice is kept; push and email can be chosen), the mail's rhythm
(the profile's `notify`: a mail per notice, a daily summary, or none), the summary's hour
and quiet hours in the player's own time zone, and that time zone. The defaults are written down in docs/api.md
(Notifications) and here, once."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.db import transaction

from accounts.models import Profile
from accounts.services import profile_update

from .models import Notification, Preferences

Kind = Notification.Kind
WAYS = ("push", "email")
# Push (once a device is on) for what needs an answer; email for 'your turn' and 'time
# running low' (as before: the profile's `notify` says whether one by one or in the daily
# summary).
DEFAULTS: dict[str, dict[str, bool]] = {
    Kind.YOUR_TURN: {"push": True, "email": True},
    Kind.DEADLINE_NEAR: {"push": True, "email": True},
    Kind.REMATCH_OFFER: {"push": True, "email": False},
    Kind.GAME_OVER: {"push": True, "email": False},
    Kind.OPPONENT_JOINED: {"push": False, "email": False},
    Kind.CHAT_MESSAGE: {"push": False, "email": False},
    Kind.CHALLENGE: {"push": True, "email": False},
    Kind.CHALLENGE_ANSWERED: {"push": True, "email": False},
}


# The daily summary's hour in the player's time zone (notifications.summary).
SUMMARY_HOUR = 8


class BadPreferences(ValueError):
    """`field` is wrong: `message` says how."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.field, _, self.message = message.partition(": ")
        self.field = self.field.split(".")[0].split(" ")[0]


def _stored(user: Any) -> Preferences | None:
    return Preferences.objects.filter(user=user).first()


class _NotLookedUp:
    """`stored` was not given: look it up. (None means looked up and absent: the defaults;
    telling the two apart saves a query per call for the many players without a row.)"""


NOT_LOOKED_UP = _NotLookedUp()
Stored = Preferences | None | _NotLookedUp


def stored_of(user: Any, stored: Stored = NOT_LOOKED_UP) -> Preferences | None:
    return _stored(user) if isinstance(stored, _NotLookedUp) else stored


def wants(user: Any, kind: str, way: str, stored: Stored = NOT_LOOKED_UP) -> bool:
    """Does the player want notices of `kind` to go by `way` ("push" or "email")?"""
    stored = stored_of(user, stored)
    chosen = (stored.ways if stored is not None else {}).get(kind, {})
    value = chosen.get(way)
    return bool(value) if value is not None else DEFAULTS.get(kind, {}).get(way, False)


def zone_of(stored: Preferences | None) -> ZoneInfo:
    name = stored.time_zone if stored is not None and stored.time_zone else settings.TIME_ZONE
    return ZoneInfo(name)


def quiet_until(user: Any, now: datetime, stored: Stored = NOT_LOOKED_UP) -> datetime | None:
    """The end of the player's quiet hours when `now` is inside them, else None."""
    stored = stored_of(user, stored)
    if stored is None or stored.quiet_start is None or stored.quiet_end is None:
        return None
    start, end = stored.quiet_start, stored.quiet_end
    if start == end:
        return None
    local = now.astimezone(zone_of(stored))
    t = local.time().replace(tzinfo=None)
    inside = start <= t < end if start < end else (t >= start or t < end)
    if not inside:
        return None
    ends = datetime.combine(local.date(), end, tzinfo=local.tzinfo)
    if ends <= local:
        ends += timedelta(days=1)
    return ends.astimezone(ZoneInfo("UTC"))


def _hhmm(value: time | None) -> str | None:
    return value.strftime("%H:%M") if value is not None else None


def as_json(user: Any) -> dict[str, Any]:
    stored = _stored(user)
    profile = Profile.objects.filter(user=user).first()
    return {
        "ways": {
            kind: {"bell": True, **{way: wants(user, kind, way, stored) for way in WAYS}}
            for kind in DEFAULTS
        },
        "mail": profile.notify if profile is not None else Profile.Notify.OFF,
        "time_zone": stored.time_zone if stored is not None else "",
        "quiet_start": _hhmm(stored.quiet_start) if stored is not None else None,
        "quiet_end": _hhmm(stored.quiet_end) if stored is not None else None,
        "summary_hour": stored.summary_hour if stored is not None else SUMMARY_HOUR,
    }


def _time(value: Any, field: str) -> time | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise BadPreferences(f"{field}: HH:MM")
    try:
        return time.fromisoformat(value).replace(second=0, microsecond=0)
    except ValueError as err:
        raise BadPreferences(f"{field}: HH:MM") from err


@transaction.atomic
def update(user: Any, data: dict[str, Any]) -> dict[str, Any]:
    """Change what `data` names (the shape of as_json; each part optional). Raises
    BadPreferences and changes nothing when any part is wrong."""
    stored, _ = Preferences.objects.select_for_update().get_or_create(user=user)
    if "ways" in data:
        ways = data["ways"]
        if not isinstance(ways, dict):
            raise BadPreferences("ways: {kind: {way: true|false}}")
        merged = dict(stored.ways)
        for kind, chosen in ways.items():
            if kind not in DEFAULTS or not isinstance(chosen, dict):
                raise BadPreferences(f"ways: unknown kind {kind!r}")
            for way, value in chosen.items():
                if way == "bell" and value is True:
                    continue  # the bell is always on
                if way not in WAYS or not isinstance(value, bool):
                    raise BadPreferences(f"ways.{kind}: push/email true|false")
                merged.setdefault(kind, {})[way] = value
        stored.ways = merged
    if "time_zone" in data:
        name = data["time_zone"]
        if not isinstance(name, str) or len(name) > 64:
            raise BadPreferences("time_zone: an IANA name such as Europe/Amsterdam")
        if name:
            try:
                ZoneInfo(name)
            except (ZoneInfoNotFoundError, ValueError) as err:
                raise BadPreferences("time_zone: an IANA name such as Europe/Amsterdam") from err
        stored.time_zone = name
    if "quiet_start" in data or "quiet_end" in data:
        start = _time(data.get("quiet_start", _hhmm(stored.quiet_start)), "quiet_start")
        end = _time(data.get("quiet_end", _hhmm(stored.quiet_end)), "quiet_end")
        if (start is None) != (end is None):
            raise BadPreferences("quiet_end: both quiet_start and quiet_end, or neither")
        stored.quiet_start, stored.quiet_end = start, end
    if "summary_hour" in data:
        hour = data["summary_hour"]
        if isinstance(hour, bool) or not isinstance(hour, int) or not 0 <= hour <= 23:
            raise BadPreferences("summary_hour: a whole hour from 0 to 23, in time_zone")
        stored.summary_hour = hour
    if "mail" in data:
        if data["mail"] not in Profile.Notify.values:
            raise BadPreferences(f"mail: one of {', '.join(Profile.Notify.values)}")
        profile_update(user=user, notify=data["mail"])
    stored.save()
    return as_json(user)
