"""A challenge from one player to another: the game it asks for (time control, rated), its
answer, and the game an accept made."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_noop

import clocks

_ = gettext_noop

# How long an unanswered challenge stays open (docs/api.md, "Challenges"): a live game needs
# both players now, so ten minutes; a correspondence or per-turn game can wait a day.
LIVE_EXPIRY = timedelta(minutes=10)
SLOW_EXPIRY = timedelta(hours=24)

# Why a challenge was declined, as lichess offers them (msgids; locale/en has the English).
DECLINE_REASONS: dict[str, str] = {
    "generic": _("Ik ga nu niet op uitdagingen in."),
    "later": _("Nu niet, later graag."),
    "too_fast": _("Deze tijdsinstelling is me te snel."),
    "too_slow": _("Deze tijdsinstelling is me te langzaam."),
    "time_control": _("Ik speel niet met deze tijdsinstelling."),
    "rated": _("Ik wil liever een partij die voor de rating telt."),
    "casual": _("Ik wil liever een partij die niet voor de rating telt."),
    "no_bot": _("Ik speel niet tegen bots."),
    "only_bot": _("Ik speel alleen tegen bots."),
}
NO_REASON = "none"
DECLINE_REASON_CHOICES = [NO_REASON, *DECLINE_REASONS]  # the API's (and the schema's) enum


def expiry_after(control: clocks.TimeControl, now: datetime) -> datetime:
    return now + (LIVE_EXPIRY if control.kind == clocks.LIVE else SLOW_EXPIRY)


class Challenge(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "open"
        ACCEPTED = "accepted", "aangenomen"
        DECLINED = "declined", "afgeslagen"
        CANCELLED = "cancelled", "ingetrokken"
        EXPIRED = "expired", "verlopen"

    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_sent"
    )
    challenged = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_received"
    )
    # As a game keeps it: clocks.TimeControlJson (games.models.Game.time_control).
    time_control = models.JSONField()
    rated = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    decline_reason = models.CharField(
        max_length=16,
        default=NO_REASON,
        choices=[(NO_REASON, NO_REASON), *((key, key) for key in DECLINE_REASONS)],
    )
    created = models.DateTimeField()
    expires_at = models.DateTimeField()
    answered_at = models.DateTimeField(null=True, blank=True)
    game = models.OneToOneField(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="challenge"
    )

    class Meta:
        indexes = [
            models.Index(fields=["challenged", "status"]),
            models.Index(fields=["challenger", "status"]),
            models.Index(fields=["status", "expires_at"]),
        ]
        constraints = [
            # one open challenge per challenger and challenged (a second is refused)
            models.UniqueConstraint(
                fields=["challenger", "challenged"],
                condition=models.Q(status="open"),
                name="one_open_challenge_per_pair",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.challenger_id} -> {self.challenged_id} ({self.status})"

    def control(self) -> clocks.TimeControl:
        return clocks.TimeControl.from_json(self.time_control)

    def status_at(self, now: datetime) -> str:
        """The status as it holds at `now`: an open challenge past expires_at is expired even
        before the worker marked it."""
        if self.status == self.Status.OPEN and self.expires_at <= now:
            return self.Status.EXPIRED
        return self.status


CHALLENGE_STATUSES = Challenge.Status.values  # the schema's enum (ENUM_NAME_OVERRIDES)
