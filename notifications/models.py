"""In-app notifications, their email state, and who is connected right now."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class Notification(models.Model):
    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", "jouw beurt"
        OPPONENT_JOINED = "opponent_joined", "tegenspeler aangeschoven"
        GAME_OVER = "game_over", "partij voorbij"
        DEADLINE_NEAR = "deadline_near", "bedenktijd bijna om"
        REMATCH_OFFER = "rematch_offer", "revanche aangeboden"
        CHAT_MESSAGE = "chat_message", "bericht in de chat"
        CHALLENGE = "challenge", "uitdaging ontvangen"
        CHALLENGE_ANSWERED = "challenge_answered", "uitdaging beantwoord"

    class Email(models.TextChoices):
        NONE = "none", "geen e-mail"
        PENDING = "pending", "wacht op verzending"
        SENDING = "sending", "wordt verzonden"
        DIGEST = "digest", "in het dagelijkse overzicht"
        SENT = "sent", "verzonden"
        SKIPPED = "skipped", "overgeslagen (al gelezen)"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    text = models.CharField(max_length=300)
    created = models.DateTimeField(default=timezone.now, db_index=True)
    read_at = models.DateTimeField(null=True, blank=True)
    # When the notice stopped holding ('your turn' once the turn passed): it is then read
    # too, the bell shows it as past and no mail or push of it goes out any more.
    past_at = models.DateTimeField(null=True, blank=True)
    # The email outbox lives on the notification itself: the worker sends what is pending.
    email = models.CharField(max_length=8, choices=Email.choices, default=Email.NONE)
    emailed_at = models.DateTimeField(null=True, blank=True)
    # When a worker claimed the mail (email = sending); an old claim is a dead worker's.
    email_claimed_at = models.DateTimeField(null=True, blank=True)
    # Not before (the end of the player's quiet hours); None = at once.
    send_after = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [
            models.Index(fields=["user", "read_at"], name="notif_user_unread"),
            models.Index(fields=["email"], name="notif_email_state"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.kind}: {self.text}"


class DigestLog(models.Model):
    """When a player last got the daily summary (one row per player)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    sent_at = models.DateTimeField()
    # The player's own date (their time zone) of the summary that went out: at most one a
    # local day, also when they move their hour or a daylight-saving change doubles it.
    local_day = models.DateField(null=True, blank=True)
    # Set while a worker sends the summary (so no other worker sends it too).
    claimed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"summary for {self.user} at {self.sent_at}"


class DeadlineReminder(models.Model):
    """One row per turn and threshold whose 'time running low' reminder went out: the unique
    constraint is what makes each reminder happen once, even with two workers or after a
    restart. `threshold_ms`: the time left it warns of (clocks.reminder_thresholds)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    turn_started_at = models.DateTimeField()
    threshold_ms = models.PositiveBigIntegerField(default=0)
    sent_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "turn_started_at", "threshold_ms"], name="one_reminder_per_turn"
            )
        ]

    def __str__(self) -> str:
        return f"reminder for game {self.game_id}, turn of {self.turn_started_at}"


class Presence(models.Model):
    """One row per open websocket of a logged-in user. A socket refreshes `seen_at` while it
    is open and deletes its row when it closes; rows of a crashed server simply go stale.
    A game's socket also says which game it shows (`watching`)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    channel_name = models.CharField(max_length=200, unique=True)
    seen_at = models.DateTimeField(db_index=True)
    # The game this socket shows while its page is visible (a game's socket; None for the
    # notifications socket, or a game's page in a hidden tab). Nothing but the bell reaches
    # a player about the game they are watching.
    watching = models.BigIntegerField(null=True, blank=True, db_index=True)

    def __str__(self) -> str:
        return f"{self.user} on {self.channel_name}"


class Preferences(models.Model):
    """A player's choice of the ways each kind of notice goes, their quiet hours and their
    time zone (one row per player; without one, the defaults of notifications.preferences).
    The mail's rhythm (a mail per notice, a daily summary, or none) stays the profile's
    `notify`."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_preferences"
    )
    # {kind: {"push": bool, "email": bool}}: only what differs from the defaults matters.
    ways = models.JSONField(default=dict, blank=True)
    # IANA name, e.g. "Europe/Amsterdam" (the browser offers it); "" = the site's time zone.
    time_zone = models.CharField(max_length=64, blank=True, default="")
    # Quiet hours in that time zone: nothing but the bell from `quiet_start` to `quiet_end`
    # (may run past midnight); both None = none.
    quiet_start = models.TimeField(null=True, blank=True)
    quiet_end = models.TimeField(null=True, blank=True)
    # The hour (0-23, in that time zone) the daily summary goes out.
    summary_hour = models.PositiveSmallIntegerField(default=8)

    def __str__(self) -> str:
        return f"notification preferences of {self.user}"


class UsedLink(models.Model):
    """A one-click game link (notifications.links) that was opened: each opens once."""

    nonce = models.CharField(max_length=32, unique=True)
    used_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"link {self.nonce} used at {self.used_at}"
