"""Glicko-2 ratings of accounts, and one row per player per rated game that says how it
moved their rating (the history graph and the end screen read these)."""

from django.conf import settings
from django.db import models

from . import glicko2

PROVISIONAL_DEVIATION = 110  # lichess: a rating this unsure is shown with a "?"


class Rating(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating"
    )
    rating = models.FloatField(default=glicko2.DEFAULT_RATING)
    deviation = models.FloatField(default=glicko2.DEFAULT_DEVIATION)
    volatility = models.FloatField(default=glicko2.DEFAULT_VOLATILITY)
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["-rating"], name="rating_leaderboard")]

    def __str__(self) -> str:
        return f"{self.user}: {self.rating:.0f} ± {self.deviation:.0f}"

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION


class RatingChange(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    seat = models.PositiveSmallIntegerField()
    score = models.FloatField(help_text="1 won, 0.5 shared the win, 0 lost")
    rating_before = models.FloatField()
    deviation_before = models.FloatField()
    rating_after = models.FloatField()
    deviation_after = models.FloatField()
    volatility_after = models.FloatField()
    created = models.DateTimeField()

    class Meta:
        ordering = ["created", "id"]
        constraints = [
            # The last line of defence for "exactly once per game".
            models.UniqueConstraint(fields=["game", "user"], name="one_rating_change_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.user} in game {self.game_id}: {self.rating_before:.0f} -> {self.rating_after:.0f}"
