"""A player's devices that receive web push (RFC 8030/8291/8292), and the pushes waiting
for the worker (the outbox: one row per notice and device)."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class PushSubscription(models.Model):
    """One browser on one device, as its PushSubscription.toJSON() said: where to post
    (`endpoint`, the push service's URL) and the keys to encrypt for (RFC 8291)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=100)  # the browser's P-256 public key, base64url
    auth = models.CharField(max_length=40)  # the 16-byte auth secret, base64url
    # The player's own name for it; by default from the User-Agent ("Chrome op Linux").
    name = models.CharField(max_length=60)
    created = models.DateTimeField(default=timezone.now)
    last_success = models.DateTimeField(null=True, blank=True)
    # Failed sends in a row (reset by a success); the back-off is the delivery's.
    failures = models.PositiveIntegerField(default=0)
    # Not before this (the push service failed lately); None = at once.
    next_try = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created", "id"]

    def __str__(self) -> str:
        return f"{self.name} of {self.user}"


class PushDelivery(models.Model):
    """A push to send: one notice to one device. Written by notifications.pipeline in the
    notice's transaction; sent by the worker (webpush.sender)."""

    class State(models.TextChoices):
        PENDING = "pending", "wacht op verzending"
        SENDING = "sending", "wordt verzonden"
        SENT = "sent", "verzonden"
        FAILED = "failed", "opgegeven"
        SKIPPED = "skipped", "overgeslagen (gelezen of voorbij)"

    subscription = models.ForeignKey(
        PushSubscription, on_delete=models.CASCADE, related_name="deliveries"
    )
    notification = models.ForeignKey(
        "notifications.Notification", on_delete=models.CASCADE, related_name="+"
    )
    state = models.CharField(max_length=8, choices=State.choices, default=State.PENDING)
    tries = models.PositiveSmallIntegerField(default=0)
    # Not before (the end of quiet hours, or the next try after a failure).
    next_try = models.DateTimeField(default=timezone.now)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        indexes = [models.Index(fields=["state", "next_try"], name="push_due")]

    def __str__(self) -> str:
        return f"push of notice {self.notification_id} to {self.subscription_id}: {self.state}"
