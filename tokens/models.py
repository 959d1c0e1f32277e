from __future__ import annotations

from django.conf import settings
from django.db import models


class PersonalToken(models.Model):
    """A token a player made for a program. Only the SHA-256 of the secret is kept (the
    secret is shown once, when it is made); `prefix` is its first characters, to tell tokens
    apart in a list. A token is never deleted, only revoked, so its use stays explained."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="personal_tokens"
    )
    name = models.CharField(max_length=60)
    prefix = models.CharField(max_length=12)
    digest = models.CharField(max_length=64, unique=True, help_text="SHA-256 of the secret")
    scopes = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)
    revoked = models.DateTimeField(null=True, blank=True)
    # Made by POST /api/auth/token (a script's password login), not by hand.
    from_password = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["user", "revoked"])]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"
