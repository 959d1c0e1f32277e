"""Request validation and the response shapes (for the OpenAPI schema).

Responses are built by games.selectors as dicts; these serializers describe them.
"""

from __future__ import annotations

import copy
from typing import Any

from django.conf import settings
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

import clocks
import engine
from dwaalhof_site.api.fields import (
    ClosedSerializer,
    QueryIntegerField,
    QuerySerializer,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
)
from games import selectors, services
from games.models import Game
from games.services import TURN_SECONDS_MAX, TURN_SECONDS_MIN

from . import move_schema
from .time_controls import TimeControlField

SEQ_MAX = 2**31 - 1  # a seq is a 32-bit integer in the database

# --- requests -----------------------------------------------------------------------------------
# Shape only: types, bounds and choices, as the schema states them. Which options go with which
# opponent, and whether a move is allowed now, is for games.services and the engine.

TURN_SECONDS_HELP = (
    "the turn deadline in seconds; left out: the server's default "
    f"({settings.DWAALHOF_TURN_SECONDS_DEFAULT} here)"
)
RATING_MIN, RATING_MAX = 0, 4000  # the bounds of an open game's rating range


class GameCreateSerializer(ClosedSerializer):
    """A new game's options; left out: the default. games.services.game_create refuses the
    options that do not go with the opponent (GAME_OPTIONS), as the schema's one request per
    opponent shows (CREATE_REQUEST)."""

    opponent = serializers.ChoiceField(choices=Game.Opponent.values)
    turn_seconds = StrictIntegerField(
        min_value=TURN_SECONDS_MIN,
        max_value=TURN_SECONDS_MAX,
        required=False,
        help_text=TURN_SECONDS_HELP,
    )
    time_control = TimeControlField(
        required=False,
        help_text="a preset's name (clocks.PRESETS) or {kind, seconds, increment?, cap?, "
        "on_timeout?}; left out: turn_seconds per turn with the loss on time (not with "
        "turn_seconds; never against the computer)",
    )
    public = StrictBooleanField(required=False, help_text="anyone may watch; default true")
    rated = StrictBooleanField(
        required=False,
        help_text="Glicko-2 rated (between accounts only; not vs the computer); default false",
    )
    level = serializers.ChoiceField(
        choices=Game.Level.choices,
        required=False,
        help_text="The computer's level (easy, normal, strong); only with opponent=computer; "
        "default normal.",
    )
    rating_min = StrictIntegerField(
        min_value=RATING_MIN,
        max_value=RATING_MAX,
        required=False,
        allow_null=True,
        help_text="open games: the lowest rating that may join (null: none)",
    )
    rating_max = StrictIntegerField(
        min_value=RATING_MIN,
        max_value=RATING_MAX,
        required=False,
        allow_null=True,
        help_text="open games: the highest rating that may join, not below rating_min",
    )


def _create_variant(opponent: str, label: str) -> type[ClosedSerializer]:
    """The schema's request for one kind of opponent: its GAME_OPTIONS, as the full request
    states them (a game against the computer is never rated: `rated` is false or left out)."""
    doc = f"A new game against {label.lower()}: the options it takes; left out: the default."
    fields: dict[str, Any] = {"__doc__": doc}
    fields |= {
        name: copy.deepcopy(field)
        for name, field in GameCreateSerializer().fields.items()
        if name == "opponent" or name in services.GAME_OPTIONS[opponent]
    }
    fields["opponent"] = serializers.ChoiceField(choices=[opponent])
    if opponent == Game.Opponent.COMPUTER:
        fields["rated"] = NeverRatedField(required=False, help_text="false: never rated")
    return type(f"{label}GameCreateSerializer", (ClosedSerializer,), fields)


@extend_schema_field({"type": "boolean", "enum": [False]})
class NeverRatedField(StrictBooleanField):
    """For the schema only: `rated` of a game against the computer."""


CREATE_REQUEST = PolymorphicProxySerializer(
    component_name="GameCreate",
    serializers={
        "invite": _create_variant(Game.Opponent.INVITE, "Invite"),
        "open": _create_variant(Game.Opponent.OPEN, "Open"),
        "computer": _create_variant(Game.Opponent.COMPUTER, "Computer"),
    },
    resource_type_field_name="opponent",
)


@extend_schema_field(move_schema.PLAYER_MOVE)
class MoveField(serializers.JSONField):
    """A move of the notation; the engine's parser refuses a malformed one (400)."""


@extend_schema_field(move_schema.STEP)
class StepField(serializers.JSONField):
    """A step of a walk plan; the engine's parser refuses a malformed one (400)."""


class MoveSubmitSerializer(serializers.Serializer):
    move = MoveField()
    expected_seq = StrictIntegerField(min_value=0, max_value=SEQ_MAX)
    client_move_id = StrictCharField(
        min_length=1, max_length=64, required=False, allow_null=True, default=None
    )


class PreviewSerializer(serializers.Serializer):
    pawn = StrictIntegerField(min_value=1, max_value=3)
    plan = serializers.ListField(child=StepField(), min_length=0, max_length=engine.MAX_PLAN_STEPS)


class ClaimSerializer(ClosedSerializer):
    choice = serializers.ChoiceField(
        choices=services.CLAIM_CHOICES,
        help_text="win: log the timeout (the game is over); wait: give the seat that ran out "
        "time_control.extra_time seconds more",
    )


class MyGamesQuerySerializer(QuerySerializer):
    turn = serializers.ChoiceField(
        choices=[selectors.TURN_MINE],
        required=False,
        help_text="mine: only the running games where it is my turn",
    )
    order = serializers.ChoiceField(
        choices=[selectors.ORDER_TIME_LEFT],
        required=False,
        help_text="time_left: the games where it is my turn first, my time left ascending "
        "(games without a clock, against the computer, after the clocked ones), then the rest "
        "in the default order",
    )
    kind = serializers.ChoiceField(
        choices=clocks.KINDS, required=False, help_text="only games of this time control's kind"
    )


class OpenGamesQuerySerializer(QuerySerializer):
    kind = serializers.ChoiceField(
        choices=clocks.KINDS, required=False, help_text="only games of this time control's kind"
    )


class SinceSerializer(QuerySerializer):
    since = QueryIntegerField(
        min_value=0, max_value=SEQ_MAX, default=0, help_text="the first seq to send"
    )


# --- responses ----------------------------------------------------------------------------------


class PlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    display_name = serializers.CharField()
    username = serializers.CharField(allow_null=True)
    is_computer = serializers.BooleanField()
    bot = serializers.BooleanField(
        help_text="a bot account: a program playing through the API (not the computer)"
    )
    rating = serializers.IntegerField(allow_null=True, help_text="null for the computer")
    provisional = serializers.BooleanField(help_text="the rating is still unsure")
    vacation_until = serializers.DateTimeField(
        allow_null=True,
        help_text="the player is on vacation until then and this seat's clock stands still "
        '(docs/clocks.md, "Vacation"); null otherwise',
    )


class RatingChangeSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    user_id = serializers.IntegerField()
    score = serializers.FloatField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    diff = serializers.IntegerField()
    deviation_after = serializers.IntegerField()
    provisional = serializers.BooleanField()


class TimeControlSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=clocks.KINDS)
    seconds = serializers.IntegerField(help_text="the bank (per_turn: each turn's time), s")
    increment = serializers.IntegerField(help_text="added per completed turn, s")
    cap = serializers.IntegerField(
        allow_null=True, help_text="correspondence: the most a bank holds"
    )
    vacation = serializers.BooleanField(help_text="a seat's vacation stops its clock")
    on_timeout = serializers.ChoiceField(choices=["claim", "auto"])


class ClockReadingSerializer(serializers.Serializer):
    at = serializers.IntegerField(help_text="the server's now, ms since the epoch")
    remaining = serializers.ListField(
        child=serializers.IntegerField(), help_text="each seat's time left at `at`, ms"
    )
    running = serializers.IntegerField(allow_null=True, help_text="the seat whose clock runs")
    deadline = serializers.IntegerField(
        allow_null=True, help_text="when the running seat runs out, ms since the epoch"
    )
    paused = serializers.ListField(child=serializers.BooleanField())


class TimeoutSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="the seat whose time ran out")
    claim_until = serializers.IntegerField(
        help_text="ms since the epoch: the claim happens by itself then"
    )
    extra_time = serializers.IntegerField(
        help_text='seconds that "wait" gives the seat that ran out (time_control.extra_time)'
    )


class GameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.values)
    opponent = serializers.ChoiceField(choices=Game.Opponent.choices)
    computer_level = serializers.ChoiceField(choices=Game.Level.choices, allow_null=True)
    public = serializers.BooleanField()
    rated = serializers.BooleanField()
    rating_min = serializers.IntegerField(allow_null=True)
    rating_max = serializers.IntegerField(allow_null=True)
    rating_changes = RatingChangeSerializer(
        many=True, allow_null=True, help_text="a finished rated game: how it moved each rating"
    )
    turn_seconds = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    turn_started_at = serializers.DateTimeField(allow_null=True)
    deadline_at = serializers.DateTimeField(allow_null=True)
    seq = serializers.IntegerField()
    round = serializers.IntegerField()
    phase = serializers.CharField()
    current = serializers.IntegerField(allow_null=True)
    your_seat = serializers.IntegerField(allow_null=True)
    your_turn = serializers.BooleanField()
    players = PlayerSerializer(many=True)
    rules_version = serializers.CharField()
    seed_commitment = serializers.CharField()
    seed = serializers.CharField(allow_null=True)
    result = serializers.JSONField(allow_null=True)
    invite_code = serializers.CharField(allow_null=True)
    invite_url = serializers.CharField(allow_null=True)
    rematch_id = serializers.IntegerField(allow_null=True)
    time_control = TimeControlSerializer(
        allow_null=True, help_text="null: against the computer (no clock)"
    )
    clock = ClockReadingSerializer(
        allow_null=True, help_text="both clocks at the server's now; null: no clock, not started"
    )
    timeout = TimeoutSerializer(
        allow_null=True,
        help_text="a seat's time is out and the opponent may claim the win or wait (claim/)",
    )


class GameSerializer(GameSummarySerializer):
    state = serializers.JSONField(allow_null=True, help_text="engine view for your seat")
    legal_moves = serializers.ListField(
        child=serializers.JSONField(),
        help_text="the moves you may send now, as GET legal/ lists them (empty unless it is "
        "your turn)",
    )


class LogEntrySerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    move = serializers.JSONField()
    auto = serializers.BooleanField()
    created = serializers.DateTimeField()


class LogSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    entries = LogEntrySerializer(many=True)


class SubmitAnswerSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    entries = LogEntrySerializer(many=True)
    game = GameSerializer()


class LegalSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    your_turn = serializers.BooleanField()
    moves = serializers.ListField(child=serializers.JSONField())


class ClockEventSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="the log entries before it")
    at = serializers.DateTimeField()
    seat = serializers.IntegerField(
        help_text="the seat whose time ran out, or whose vacation starts or ends"
    )
    kind = serializers.ChoiceField(choices=["time_given", "claimed", "paused", "resumed"])
    ms = serializers.IntegerField(allow_null=True, help_text="time_given: the time given, ms")


class ClockStateSerializer(serializers.Serializer):
    """The clock folded to its last event (clocks.ClockState.to_json; docs/clocks.md)."""

    control = TimeControlSerializer()
    banks = serializers.ListField(child=serializers.IntegerField(), help_text="ms at `since`")
    since = serializers.IntegerField(help_text="the last event's instant, ms since the epoch")
    at_turn = serializers.IntegerField(allow_null=True)
    paused = serializers.ListField(child=serializers.BooleanField())
    turn_bank = serializers.IntegerField()
    flagged = serializers.IntegerField(allow_null=True)


class ExportSerializer(serializers.Serializer):
    game_id = serializers.IntegerField()
    rules_version = serializers.CharField()
    seed = serializers.CharField()
    seed_commitment = serializers.CharField()
    players = PlayerSerializer(many=True)
    log = LogEntrySerializer(many=True)
    result = serializers.JSONField(allow_null=True)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    time_control = TimeControlSerializer(allow_null=True, help_text="null: no clock ran")
    started_at = serializers.DateTimeField(allow_null=True)
    clock_seq = serializers.IntegerField(
        help_text="entries logged before the clock ran from the log (0: the clock verifies)"
    )
    clock_events = ClockEventSerializer(
        many=True, help_text="time given, claims and vacations, between the log's entries"
    )
    clock = ClockStateSerializer(allow_null=True, help_text="the clock as it stood at the end")
