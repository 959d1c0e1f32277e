"""A game's chat between its two players: stored with the game, never in its move log."""

from django.conf import settings
from django.db import models

MAX_LENGTH = 500


class ChatMessage(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    seat = models.PositiveSmallIntegerField()
    text = models.CharField(max_length=MAX_LENGTH)
    created = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["game", "id"]
        indexes = [models.Index(fields=["user", "created"], name="chat_user_recent")]

    def __str__(self) -> str:
        return f"game {self.game_id}, seat {self.seat}: {self.text[:60]}"


class ChatMute(models.Model):
    """`user` does not want to read their opponent in `game` any more."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="one_mute_per_game")]

    def __str__(self) -> str:
        return f"{self.user} muted the opponent in game {self.game_id}"
