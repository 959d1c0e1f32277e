"""A player's vacation (docs/clocks.md, "Vacation"): the allowance, starting and stopping.

The allowance is a running balance of whole days: VACATION_START for a new account, one
more for every VACATION_EVERY days of membership, never above VACATION_MAX. Starting a
vacation of n days takes n days off the balance at once; stopping early gives back the whole
days not begun (a vacation uses at least one day); the worker ends a vacation at its end.
What a vacation does to the clocks is the games' business: they follow the signals sent
inside each transaction (accounts.signals.vacation_started / vacation_ended).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop as _

from dwaalhof_site.api.errors import ApiError

from . import signals
from .models import Profile

VACATION_START = 7  # days a new account has
VACATION_EVERY = 7  # one more day for every this many days of membership
VACATION_MAX = 30  # the balance never grows above this
DAY = timedelta(days=1)


class VacationRefused(ApiError):
    status = 409
    code = "vacation_refused"


class OnVacation(VacationRefused):
    code = "on_vacation"
    detail = _("Je bent al op vakantie.")


class NotOnVacation(VacationRefused):
    code = "not_on_vacation"
    detail = _("Je bent niet op vakantie.")


@dataclass(frozen=True)
class Balance:
    days: int  # whole days that may be taken now
    accrued_at: datetime  # the instant up to which the weeks of membership are counted


def accrued(days: int, accrued_at: datetime, now: datetime) -> Balance:
    """The balance at `now`: one day more for every whole VACATION_EVERY days since
    `accrued_at`, capped at VACATION_MAX (a day that would go above it is not kept)."""
    periods = max(0, (now - accrued_at) // (VACATION_EVERY * DAY))
    return Balance(
        min(VACATION_MAX, max(days, 0) + periods) if periods else days,
        accrued_at + periods * VACATION_EVERY * DAY,
    )


def days_used(started_at: datetime, ended_at: datetime, charged: int) -> int:
    """The whole days a vacation from `started_at` stopped at `ended_at` used: every day
    begun counts, and at least one (so starting and stopping is never free); at most what
    was charged."""
    begun = -((started_at - ended_at) // DAY)  # the ceiling of the days passed
    return min(charged, max(1, begun))


def _instant(now: datetime | None = None) -> datetime:
    """In whole milliseconds, as the clocks count (docs/clocks.md, "Units")."""
    at = now or timezone.now()
    return at.replace(microsecond=at.microsecond // 1000 * 1000)


def _profile(user: User, *, lock: bool) -> Profile:
    query = Profile.objects.select_for_update() if lock else Profile.objects
    profile, _created = query.get_or_create(user=user, defaults={"display_name": user.username})
    return profile


def _balance(profile: Profile, user: User, now: datetime) -> Balance:
    return accrued(profile.vacation_days, profile.vacation_accrued_at or user.date_joined, now)


def vacation_payload(user: User, now: datetime | None = None) -> dict[str, Any]:
    """The allowance and its use, as the account page shows them."""
    now = _instant(now)
    profile = _profile(user, lock=False)
    balance = _balance(profile, user, now)
    return {
        "days": balance.days,
        "max_days": VACATION_MAX,
        "next_day_at": None
        if balance.days >= VACATION_MAX
        else balance.accrued_at + VACATION_EVERY * DAY,
        "used": profile.vacation_used,
        "started_at": profile.vacation_started_at,
        "until": profile.vacation_until,
        "charged": profile.vacation_charged,
    }


def vacation_start(*, user: User, days: int, now: datetime | None = None) -> Profile:
    """Go on vacation for `days` whole days from now: they leave the balance at once."""
    now = _instant(now)
    with transaction.atomic():
        profile = _profile(user, lock=True)
        if profile.vacation_until is not None:
            raise OnVacation()
        balance = _balance(profile, user, now)
        if not 1 <= days <= balance.days:
            raise ApiError(
                params={"days": days, "max": balance.days},
                errors={"days": _("Kies 1 tot en met zoveel dagen als je nog hebt.")},
            )
        profile.vacation_days = balance.days - days
        profile.vacation_accrued_at = balance.accrued_at
        profile.vacation_started_at = now
        profile.vacation_until = now + days * DAY
        profile.vacation_charged = days
        profile.save()
        signals.vacation_started.send(sender=Profile, user=user, at=now)
    return profile


def vacation_stop(*, user: User, now: datetime | None = None) -> Profile:
    """Come back early: the whole days not begun go back to the balance."""
    now = _instant(now)
    with transaction.atomic():
        profile = _profile(user, lock=True)
        if profile.vacation_until is None:
            raise NotOnVacation()
        _end(profile, user, min(now, profile.vacation_until))
    return profile


def vacations_due(now: datetime) -> list[int]:
    """The users whose vacation ends at or before `now`."""
    return list(Profile.objects.filter(vacation_until__lte=now).values_list("user_id", flat=True))


def vacation_end_due(user_id: int, now: datetime) -> bool:
    """The worker ends the vacation of `user_id` if it is over at `now`, once: the profile
    is locked and checked again, so two workers (or a stop at the same moment) end it once.
    It ends at its own end instant, also when the worker comes late (an outage)."""
    with transaction.atomic():
        profile = Profile.objects.select_for_update().select_related("user").get(user_id=user_id)
        if profile.vacation_until is None or profile.vacation_until > now:
            return False
        _end(profile, profile.user, profile.vacation_until)
    return True


def _end(profile: Profile, user: User, at: datetime) -> None:
    assert profile.vacation_started_at is not None
    used = days_used(profile.vacation_started_at, at, profile.vacation_charged)
    balance = _balance(profile, user, at)
    profile.vacation_days = min(VACATION_MAX, balance.days + profile.vacation_charged - used)
    profile.vacation_accrued_at = balance.accrued_at
    profile.vacation_used += used
    profile.vacation_started_at = None
    profile.vacation_until = None
    profile.vacation_charged = 0
    profile.save()
    signals.vacation_ended.send(sender=Profile, user=user, at=at)
