"""A player following another: the lobby lists the players I follow, who of them is online,
and a challenge button for each (follows.services)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class Follow(models.Model):
    """`follower` follows `followed`. Gone when either blocks the other (follows.apps)."""

    follower = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="follows_made"
    )
    followed = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="followers"
    )
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="one_follow_per_pair"),
            models.CheckConstraint(
                condition=~models.Q(follower=models.F("followed")), name="no_self_follow"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.follower} follows {self.followed}"
