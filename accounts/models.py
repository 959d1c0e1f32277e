"""A player's profile: the name other players see and how they want to be told it is their turn."""

from django.conf import settings
from django.db import models


class Profile(models.Model):
    class Notify(models.TextChoices):
        OFF = "off", "uit"
        TURN = "turn", "elke beurt"
        DAILY = "daily", "dagelijks overzicht"

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(max_length=40)
    notify = models.CharField(max_length=8, choices=Notify.choices, default=Notify.TURN)
    # What the player reads: the client, refusals, notifications and mails. Set at signup
    # from the browser's Accept-Language; "" (older accounts) means: the request's language,
    # and Dutch for mail.
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, blank=True, default="")
    # A deleted account keeps its row (its games stay) under a blank name: see
    # accounts.services.account_delete.
    deleted_at = models.DateTimeField(null=True, blank=True)
    # Vacation (docs/clocks.md, "Vacation"; accounts.vacation): a running balance of whole
    # days, `vacation_days` as of `vacation_accrued_at` (null: the account's start, with
    # VACATION_START days), plus one day for every further 7 days of membership, at most 30.
    # While `vacation_until` is set the player is on vacation (since `vacation_started_at`,
    # `vacation_charged` days taken off the balance); `vacation_used` counts every day used.
    vacation_days = models.PositiveSmallIntegerField(default=7)
    vacation_accrued_at = models.DateTimeField(null=True, blank=True)
    vacation_started_at = models.DateTimeField(null=True, blank=True)
    vacation_until = models.DateTimeField(null=True, blank=True, db_index=True)
    vacation_charged = models.PositiveSmallIntegerField(default=0)
    vacation_used = models.PositiveIntegerField(default=0)
    # A bot account (bots/, docs/api.md "Bot accounts"): plays only through the API with a
    # token, on its own leaderboard. Set once, never cleared.
    is_bot = models.BooleanField(default=False)

    def __str__(self) -> str:
        return self.display_name


DELETED_NAME = "verwijderde speler"


def is_bot(user) -> bool:
    """Whether `user` is a bot account (marked `"bot": true` wherever a player is shown)."""
    if user is None:
        return False
    try:
        return bool(user.profile.is_bot)
    except Profile.DoesNotExist:
        return False


def language_of(user) -> str:
    """The language `user` reads (their profile's, else the site's default, Dutch)."""
    try:
        return user.profile.language or settings.LANGUAGE_CODE
    except Profile.DoesNotExist:
        return settings.LANGUAGE_CODE


def display_name(user) -> str:
    """The name shown to other players (the username until the player chose one)."""
    try:
        if user.profile.deleted_at is not None:
            return DELETED_NAME
        return user.profile.display_name or user.username
    except Profile.DoesNotExist:
        return user.username


class OutgoingMail(models.Model):
    """A mail waiting for the worker (accounts.outbox): verification, password reset, notices
    of a changed password or address. A request stores it; it never waits for a mail server.
    The body is blanked once sent (a reset link must not linger in the database)."""

    to = models.CharField(max_length=320)
    subject = models.CharField(max_length=300)
    body = models.TextField(blank=True)
    html = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True, db_index=True)
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"{self.subject} -> {self.to}"


# The mail rhythms as the API writes them (the profile's `notify`, the preferences' `mail`).
NOTIFY_CHOICES = Profile.Notify.values
