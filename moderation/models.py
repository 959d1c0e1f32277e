"""Blocks between players, players' reports, and the moderators' sanctions.

A Sanction row is the record of a moderator's action (silence, suspend, close): never
deleted, and never changed but for being lifted once. Standing is what is in force for an
account now, kept beside the record so that a request reads it in the query that loads the
user (dwaalhof_site.api.gate)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

TEXT_MAX = 500


class Block(models.Model):
    """`blocker` wants nothing more to do with `blocked`: no new game between them, and the
    blocked player's chat hidden from the blocker (moderation.services.blocked_between)."""

    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks_made"
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks_received"
    )
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="one_block_per_pair"),
            models.CheckConstraint(
                condition=~models.Q(blocker=models.F("blocked")), name="no_self_block"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.blocker} blocks {self.blocked}"


class Report(models.Model):
    class Reason(models.TextChoices):
        ABUSE = "abuse", "beledigend of bedreigend"
        CHEATING = "cheating", "valsspelen"
        SPAM = "spam", "spam of reclame"
        NAME = "name", "ongepaste naam"
        OTHER = "other", "iets anders"

    class Status(models.TextChoices):
        OPEN = "open", "open"
        HANDLED = "handled", "afgehandeld"

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made"
    )
    target = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_received"
    )
    # The reported chat line (chat.ChatMessage) and its game, when a message is reported.
    message = models.ForeignKey(
        "chat.ChatMessage", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reason = models.CharField(max_length=16, choices=Reason.choices)
    text = models.CharField(max_length=TEXT_MAX, blank=True)
    created = models.DateTimeField(default=timezone.now, db_index=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    handled_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["status", "created"], name="report_queue")]
        permissions = [("moderate", "Can handle reports and silence, suspend or close accounts")]

    def __str__(self) -> str:
        return f"report {self.pk}: {self.target} ({self.reason})"


REPORT_REASONS = Report.Reason.values  # the API's reasons (its schema's ReportReasonEnum)


class Sanction(models.Model):
    class Kind(models.TextChoices):
        SILENCE = "silence", "zwijgen (geen chat)"
        SUSPEND = "suspend", "geschorst"
        CLOSE = "close", "gesloten"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sanctions"
    )
    kind = models.CharField(max_length=8, choices=Kind.choices)
    until = models.DateTimeField(null=True, blank=True, help_text="empty: until lifted")
    reason = models.CharField(max_length=TEXT_MAX)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    report = models.ForeignKey(
        Report, null=True, blank=True, on_delete=models.SET_NULL, related_name="sanctions"
    )
    created = models.DateTimeField(default=timezone.now)
    lifted_at = models.DateTimeField(null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.kind} {self.user} ({self.created:%Y-%m-%d})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """A new row, or an existing one lifted once: the record is not rewritten."""
        if self.pk is not None:
            before = Sanction.objects.get(pk=self.pk)
            changed = [
                f.attname
                for f in self._meta.concrete_fields
                if getattr(before, f.attname) != getattr(self, f.attname)
            ]
            if before.lifted_at is not None or set(changed) - {"lifted_at", "lifted_by_id"}:
                raise ValueError("a sanction is a record: it is only ever lifted, once")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise ValueError("a sanction is a record: it is never deleted")

    def in_force(self, now: datetime | None = None) -> bool:
        now = now or timezone.now()
        return self.lifted_at is None and (self.until is None or self.until > now)


class Standing(models.Model):
    """The sanctions in force on an account now (none: no row). Written with each Sanction
    (moderation.services); read in the join that loads the user."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        primary_key=True,
        on_delete=models.CASCADE,
        related_name="moderation_standing",
    )
    silenced = models.BooleanField(default=False)
    silenced_until = models.DateTimeField(null=True, blank=True)  # None: until lifted
    suspended = models.BooleanField(default=False)
    suspended_until = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"standing of {self.user_id}"

    def silenced_now(self, now: datetime) -> bool:
        return self.silenced and (self.silenced_until is None or self.silenced_until > now)

    def suspended_now(self, now: datetime) -> bool:
        return self.suspended and (self.suspended_until is None or self.suspended_until > now)
