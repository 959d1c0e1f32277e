"""A tutorial is a game against the computer marked as one: unrated, no clock, left out of
records, profiles and the leaderboard (docs/tutorial.md)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game


class Tutorial(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "bezig"  # the learner follows the script
        DONE = "done", "klaar"  # every step played: the game goes on freely
        SKIPPED = "skipped", "overgeslagen"  # left for good: the game was ended

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tutorials"
    )
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="tutorial")
    step = models.PositiveSmallIntegerField(default=0, help_text="the learner's moves played")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.ACTIVE)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"Les {self.pk} ({self.status}, stap {self.step})"
