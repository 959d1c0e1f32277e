"""Players API: a player's public profile and their games."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from dwaalhof_site.api.errors import ErrorSerializer
from dwaalhof_site.api.fields import QueryIntegerField, QuerySerializer
from follows import services as follows
from games.api.serializers import TimeControlSerializer
from ratings.api import RatingSerializer

from . import selectors


class RatingHistoryPointSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    at = serializers.DateTimeField()
    rating = serializers.IntegerField()
    deviation = serializers.IntegerField()


class PlayerTallySerializer(serializers.Serializer):
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    shared = serializers.IntegerField(help_text="both had the best score")


class PlayerRecordSerializer(serializers.Serializer):
    people = PlayerTallySerializer()
    computer = PlayerTallySerializer()


class PlayerProfileSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    bot = serializers.BooleanField(help_text="a bot account: a program playing through the API")
    joined = serializers.DateTimeField()
    rating = RatingSerializer()
    history = RatingHistoryPointSerializer(many=True)
    record = PlayerRecordSerializer()
    following = serializers.BooleanField(
        allow_null=True,
        help_text="whether I follow this player; null when not logged in or on my own profile",
    )


class PlayerGameOpponentSerializer(serializers.Serializer):
    username = serializers.CharField(allow_null=True)
    display_name = serializers.CharField()
    is_computer = serializers.BooleanField()
    bot = serializers.BooleanField(help_text="a bot account")


class PlayerGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField()
    opponent_kind = serializers.CharField()
    opponent = PlayerGameOpponentSerializer(allow_null=True)
    seat = serializers.IntegerField()
    outcome = serializers.ChoiceField(choices=["won", "lost", "shared"], allow_null=True)
    reason = serializers.CharField(allow_null=True)
    rated = serializers.BooleanField()
    time_control = TimeControlSerializer(
        allow_null=True, help_text="null: against the computer (no clock for the person)"
    )
    rating_diff = serializers.IntegerField(allow_null=True)
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    url = serializers.CharField(help_text="the web client's page of the game (its replay)")


class PlayerGamesQuerySerializer(QuerySerializer):
    before = QueryIntegerField(
        min_value=1, max_value=2**63 - 1, required=False, help_text="only games with a lower id"
    )


class PlayerView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: PlayerProfileSerializer, 404: ErrorSerializer})
    def get(self, request: Request, username: str) -> Response:
        """A player's profile: rating, its history, wins and losses vs people and the computer."""
        player = selectors.player(username)
        following = follows.is_following(request.user, player)
        return Response({**selectors.profile(player), "following": following})


class PlayerGamesView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[PlayerGamesQuerySerializer],
        responses={
            200: PlayerGameSerializer(many=True),
            400: ErrorSerializer,
            404: ErrorSerializer,
        },
    )
    def get(self, request: Request, username: str) -> Response:
        """A player's games, newest first, 50 at a time (private ones only to their players)."""
        query = PlayerGamesQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        user = selectors.player(username)
        return Response(
            selectors.player_games(user, request.user, query.validated_data.get("before"))
        )
