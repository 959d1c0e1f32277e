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

    def __str__(self) -> str:
        return self.display_name


def display_name(user) -> str:
    """The name shown to other players (the username until the player chose one)."""
    try:
        return user.profile.display_name or user.username
    except Profile.DoesNotExist:
        return user.username
