"""Request validation and the response shapes (for the OpenAPI schema).

Responses are built by games.selectors as dicts; these serializers describe them.
"""

from __future__ import annotations

from rest_framework import serializers

import engine
from games.models import Game
from games.services import TURN_SECONDS_MAX, TURN_SECONDS_MIN

# --- requests -----------------------------------------------------------------------------------


class GameCreateSerializer(serializers.Serializer):
    opponent = serializers.ChoiceField(choices=Game.Opponent.values)
    turn_seconds = serializers.IntegerField(
        min_value=TURN_SECONDS_MIN, max_value=TURN_SECONDS_MAX, default=24 * 3600
    )
    public = serializers.BooleanField(default=True)
    level = serializers.ChoiceField(
        choices=Game.Level.choices,
        default=Game.Level.NORMAL,
        help_text="The computer's level (easy, normal, strong); only with opponent=computer.",
    )
    rated = serializers.BooleanField(
        default=False, help_text="Glicko-2 rated (between accounts only; not vs the computer)."
    )
    rating_min = serializers.IntegerField(
        min_value=0, max_value=4000, required=False, allow_null=True, default=None
    )
    rating_max = serializers.IntegerField(
        min_value=0, max_value=4000, required=False, allow_null=True, default=None
    )

    def validate(self, data):
        if "level" in self.initial_data and data["opponent"] != Game.Opponent.COMPUTER:
            raise serializers.ValidationError(
                {"level": "Alleen voor een partij tegen de computer."}
            )
        if data["rated"] and data["opponent"] == Game.Opponent.COMPUTER:
            raise serializers.ValidationError(
                {"rated": "Partijen tegen de computer tellen niet voor de rating."}
            )
        lo, hi = data.get("rating_min"), data.get("rating_max")
        if (lo is not None or hi is not None) and data["opponent"] != Game.Opponent.OPEN:
            raise serializers.ValidationError(
                {"rating_min": "Een ratinggrens kan alleen bij een open partij."}
            )
        if lo is not None and hi is not None and lo > hi:
            raise serializers.ValidationError(
                {"rating_max": "De bovengrens ligt onder de ondergrens."}
            )
        return data


class MoveSubmitSerializer(serializers.Serializer):
    move = serializers.JSONField(help_text="One move of the notation, e.g. {'type': 'roll'}.")
    expected_seq = serializers.IntegerField(min_value=0, max_value=2**31 - 1)
    client_move_id = serializers.CharField(
        min_length=1, max_length=64, required=False, allow_null=True, default=None
    )


class PreviewSerializer(serializers.Serializer):
    pawn = serializers.IntegerField(min_value=1, max_value=3)
    plan = serializers.ListField(
        child=serializers.JSONField(), min_length=0, max_length=engine.MAX_PLAN_STEPS
    )


class SinceSerializer(serializers.Serializer):
    since = serializers.IntegerField(min_value=0, max_value=2**31 - 1, default=0)


# --- responses ----------------------------------------------------------------------------------


class PlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    display_name = serializers.CharField()
    username = serializers.CharField(allow_null=True)
    is_computer = serializers.BooleanField()
    rating = serializers.IntegerField(allow_null=True, help_text="null for the computer")
    provisional = serializers.BooleanField(help_text="the rating is still unsure")


class RatingChangeSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    user_id = serializers.IntegerField()
    score = serializers.FloatField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    diff = serializers.IntegerField()
    deviation_after = serializers.IntegerField()
    provisional = serializers.BooleanField()


class GameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.values)
    opponent = serializers.ChoiceField(choices=Game.Opponent.values)
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
