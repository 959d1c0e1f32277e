"""What the staff guard keeps: who opened a game's hidden state in the admin (the audit), and
each login lockout (for growing delays and the owner's notice). Both are written once and
never changed or deleted, neither one by one nor through a queryset; the admin lists them
read-only (staffguard.admin)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from appendonly.models import AppendOnly, AppendOnlyQuerySet


class HiddenStateView(AppendOnly):
    """A staff member opened what players may not see: the full state of a game (its hands,
    decks, the seed) on the admin's inspection page, or its export before the end."""

    class What(models.TextChoices):
        INSPECT = "inspect", "inspection page (full state, hands, board)"
        EXPORT = "export", "export (seed and log)"
        RECORD = "record", "the game's record (seed, snapshot)"

    at = models.DateTimeField(default=timezone.now, db_index=True)
    # The account, and its name at the time (kept if the account is later renamed or deleted).
    staff = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    staff_username = models.CharField(max_length=150)
    # The game's id, not a foreign key: the record outlives anything done to the game.
    game_id = models.PositiveBigIntegerField(db_index=True)
    what = models.CharField(max_length=16, choices=What.choices)
    seq = models.PositiveIntegerField(null=True, blank=True, help_text="the state after this seq")
    game_status = models.CharField(max_length=16, blank=True)
    address = models.CharField(max_length=64, blank=True)

    objects = AppendOnlyQuerySet["HiddenStateView"].as_manager()

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = "hidden state opened"
        verbose_name_plural = "hidden state opened"

    def __str__(self) -> str:
        return f"{self.staff_username} opened game {self.game_id} ({self.what}) at {self.at:%Y-%m-%d %H:%M}"


class LoginLockout(AppendOnly):
    """Logins for an account name, or from an address, were refused from `started` until
    `until` after too many failed passwords (staffguard.login_limits). The number of recent
    lockouts of the same key makes the next one longer."""

    class Kind(models.TextChoices):
        ACCOUNT = "account", "account"
        ADDRESS = "address", "address"

    kind = models.CharField(max_length=8, choices=Kind.choices)
    key = models.CharField(max_length=255, help_text="the account name (lower case) or address")
    started = models.DateTimeField(default=timezone.now, db_index=True)
    until = models.DateTimeField()
    failures = models.PositiveIntegerField()

    objects = AppendOnlyQuerySet["LoginLockout"].as_manager()

    class Meta:
        ordering = ["-started", "-id"]
        indexes = [models.Index(fields=["kind", "key", "started"])]

    def __str__(self) -> str:
        return f"{self.kind} {self.key} locked until {self.until:%Y-%m-%d %H:%M:%S}"
