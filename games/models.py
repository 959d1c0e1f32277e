"""Games, seats and the append-only move log.

The log (Move rows) is the truth: the game's state is `engine.replay(seed, log)`. The Game row
caches what lists and locks need (seq, whose turn, phase) and a JSON snapshot of the full
engine state at `snapshot_seq` (written at the start and at the end of every turn), which the
admin's replay check compares against the log.
Moves are never changed or deleted: the model, its queryset and the admin refuse it, and a
game with moves cannot be deleted (PROTECT).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from appendonly.models import AppendOnly, AppendOnlyQuerySet


class GameManager(models.Manager["Game"]):
    """Games without their snapshot: 18 kB of JSON that only the replay check reads (it is
    loaded on first access). Loading it cost a move request more than its lock and insert."""

    def get_queryset(self) -> models.QuerySet[Game]:
        return super().get_queryset().defer("snapshot")


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "open"
        ACTIVE = "active", "bezig"
        FINISHED = "finished", "afgelopen"

    class Opponent(models.TextChoices):
        INVITE = "invite", "uitnodiging"
        OPEN = "open", "open partij"
        COMPUTER = "computer", "computer"

    class Level(models.TextChoices):
        """How well the computer plays (engine.bots KINDS: easy, greedy, strong)."""

        EASY = "easy", "makkelijk"
        NORMAL = "normal", "normaal"
        STRONG = "strong", "sterk"

    seed = models.CharField(max_length=64, help_text="Secret until the game is finished.")
    seed_commitment = models.CharField(max_length=64, help_text="sha256 hex of the seed.")
    rules_version = models.CharField(max_length=16)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    opponent = models.CharField(max_length=10, choices=Opponent.choices)
    computer_level = models.CharField(
        max_length=8,
        choices=Level.choices,
        default=Level.NORMAL,
        help_text="How well the computer seat plays (only games against the computer).",
    )
    public = models.BooleanField(default=True)
    invite_code = models.CharField(max_length=32, unique=True)
    turn_seconds = models.PositiveIntegerField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    # community: a rated game moves both players' Glicko-2 ratings when it ends (ratings app);
    # an open game may admit only seekers within a rating range.
    rated = models.BooleanField(default=False)
    rating_min = models.PositiveSmallIntegerField(null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(null=True, blank=True)
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch"
    )

    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    deadline_at = models.DateTimeField(null=True, blank=True)

    # Cached from the engine state after the last log entry (all rebuildable from the log).
    seq = models.PositiveIntegerField(default=0)
    current_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    phase = models.CharField(max_length=10, default="draw")
    round = models.PositiveSmallIntegerField(default=1)
    result = models.JSONField(null=True, blank=True)
    snapshot = models.JSONField(
        null=True, blank=True, help_text="engine.full_state after snapshot_seq entries"
    )
    snapshot_seq = models.PositiveIntegerField(default=0)
    # The time control (clocks.TimeControlJson; null: a game against the computer, which runs
    # no clock) and the clock folded up to the last clock event (clocks.ClockStateJson; null
    # before the start), written in the transaction of the event: a cheap read, rebuildable
    # from the log's timestamps and the ClockEvent rows (games.clock, verify_game).
    time_control = models.JSONField(null=True, blank=True)
    clock = models.JSONField(null=True, blank=True)
    clock_seq = models.PositiveIntegerField(
        default=0,
        help_text="log entries written before the clock ran from the log's timestamps (a game "
        "stored before time controls: its seq then); verify_game checks the clock from the "
        "start only when 0",
    )

    objects = GameManager()

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["status", "opponent"])]

    def __str__(self) -> str:
        return f"Partij {self.pk} ({self.status})"


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="seats",
    )
    is_computer = models.BooleanField(default=False)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="seat_unique_index"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=Q(user__isnull=False), name="seat_unique_user"
            ),
            models.CheckConstraint(
                condition=Q(is_computer=True, user__isnull=True)
                | Q(is_computer=False, user__isnull=False),
                name="seat_user_or_computer",
            ),
        ]

    def __str__(self) -> str:
        who = "computer" if self.is_computer else self.user
        return f"seat {self.index} of game {self.game_id}: {who}"


class Move(AppendOnly):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="moves")
    seq = models.PositiveIntegerField(help_text="0-based position in the game's log")
    seat = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="who sent it (resign/timeout: the seat concerned)"
    )
    payload = models.JSONField()
    # NULL (not "") for "none given", so the conditional unique constraint ignores it.
    client_move_id = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001
    # The commit's instant: the service sets it, one `now` for the whole transaction, which
    # the clock reads too (docs/clocks.md, "On the server").
    created = models.DateTimeField(default=timezone.now)

    objects = AppendOnlyQuerySet["Move"].as_manager()

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="move_unique_seq"),
            models.UniqueConstraint(
                fields=["game", "seat", "client_move_id"],
                condition=Q(client_move_id__isnull=False),
                name="move_unique_client_id",
            ),
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} #{self.seq}: {self.payload}"

    @property
    def auto(self) -> bool:
        return bool(self.payload.get("auto"))


class ClockEvent(AppendOnly):
    """What changes a clock besides the log's own entries, append-only like the log: time
    given by the opponent after a timeout, the opponent's claim of the win (the timeout
    entry of the log follows at the same instant), and a seat's vacation starting (paused)
    and ending (resumed). `seq`: the number of log entries before it, so a replay puts it
    exactly between two entries (docs/clocks.md, "On the server")."""

    class Kind(models.TextChoices):
        TIME_GIVEN = "time_given", "tijd gegeven"
        CLAIMED = "claimed", "winst opgeëist"
        PAUSED = "paused", "vakantie begint"
        RESUMED = "resumed", "vakantie voorbij"

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="clock_events")
    seq = models.PositiveIntegerField(help_text="log entries before this event")
    at = models.DateTimeField()
    seat = models.PositiveSmallIntegerField(
        help_text="the seat whose time ran out, or whose vacation starts or ends"
    )
    kind = models.CharField(max_length=12, choices=Kind.choices)
    ms = models.PositiveIntegerField(null=True, blank=True, help_text="time given (ms)")

    objects = AppendOnlyQuerySet["ClockEvent"].as_manager()

    class Meta:
        ordering = ["game", "seq", "id"]

    def __str__(self) -> str:
        return f"game {self.game_id} after #{self.seq}: {self.kind} seat {self.seat}"


# The computer's levels as one choice set, so the OpenAPI schema names it once (settings).
COMPUTER_LEVELS = Game.Level.choices
# A game's status as the API writes it (the schema names this choice set StatusEnum).
GAME_STATUSES = Game.Status.values
