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
    # A deleted account keeps its row (its games stay) under a blank name: see
    # accounts.services.account_delete.
    deleted_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return self.display_name


DELETED_NAME = "verwijderde speler"


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
