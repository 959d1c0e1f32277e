"""Players API: a player's public profile and their games."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.serializers import ErrorSerializer
from ratings.api import RatingSerializer

from . import selectors


class HistoryPointSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    at = serializers.DateTimeField()
    rating = serializers.IntegerField()
    deviation = serializers.IntegerField()


class TallySerializer(serializers.Serializer):
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    shared = serializers.IntegerField(help_text="both had the best score")


class RecordSerializer(serializers.Serializer):
    people = TallySerializer()
    computer = TallySerializer()


class PlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    joined = serializers.DateTimeField()
    rating = RatingSerializer()
    history = HistoryPointSerializer(many=True)
    record = RecordSerializer()


class OpponentSerializer(serializers.Serializer):
    username = serializers.CharField(allow_null=True)
    display_name = serializers.CharField()
    is_computer = serializers.BooleanField()


class PlayerGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField()
    opponent_kind = serializers.CharField()
    opponent = OpponentSerializer(allow_null=True)
    seat = serializers.IntegerField()
    outcome = serializers.ChoiceField(choices=["won", "lost", "shared"], allow_null=True)
    reason = serializers.CharField(allow_null=True)
    rated = serializers.BooleanField()
    rating_diff = serializers.IntegerField(allow_null=True)
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    url = serializers.CharField(help_text="the web client's page of the game (its replay)")


class BeforeSerializer(serializers.Serializer):
    before = serializers.IntegerField(min_value=1, max_value=2**63 - 1, required=False)


class PlayerView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: PlayerSerializer, 404: ErrorSerializer})
    def get(self, request, username: str):
        """A player's profile: rating, its history, wins and losses vs people and the computer."""
        return Response(selectors.profile(selectors.player(username)))


class PlayerGamesView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("before", int, description="only games with a lower id")],
        responses={
            200: PlayerGameSerializer(many=True),
            400: ErrorSerializer,
            404: ErrorSerializer,
        },
    )
    def get(self, request, username: str):
        """A player's games, newest first, 50 at a time (private ones only to their players)."""
        query = BeforeSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        user = selectors.player(username)
        return Response(
            selectors.player_games(user, request.user, query.validated_data.get("before"))
        )
