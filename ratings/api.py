"""Ratings API: the leaderboard."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import display_name, is_bot
from dwaalhof_site.api.errors import ErrorSerializer
from dwaalhof_site.api.fields import QuerySerializer

from . import services


class RatingSerializer(serializers.Serializer):
    rating = serializers.IntegerField()
    deviation = serializers.IntegerField()
    provisional = serializers.BooleanField(help_text="still unsure: deviation above 110")
    games = serializers.IntegerField(help_text="rated games played")


class LeaderboardRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    display_name = serializers.CharField()
    rating = serializers.IntegerField()
    deviation = serializers.IntegerField()
    provisional = serializers.BooleanField()
    games = serializers.IntegerField()
    bot = serializers.BooleanField(help_text="a bot account (on the bots' leaderboard)")


class LeaderboardQuerySerializer(QuerySerializer):
    kind = serializers.ChoiceField(
        choices=services.LEADERBOARD_KINDS,
        default=services.PEOPLE,
        help_text="people (the default) or bots: bot accounts rank on their own board",
    )


class LeaderboardView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[LeaderboardQuerySerializer],
        responses={200: LeaderboardRowSerializer(many=True), 400: ErrorSerializer},
    )
    def get(self, request: Request) -> Response:
        """Players with a rated game, best first (at most 100): people, or with `kind=bots`
        the bot accounts."""
        query = LeaderboardQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        rows = []
        board = services.leaderboard(kind=query.validated_data["kind"])
        for rank, row in enumerate(board, start=1):
            rows.append(
                {
                    "rank": rank,
                    "username": row.user.username,
                    "display_name": display_name(row.user),
                    "bot": is_bot(row.user),
                    **services.rating_payload(row),
                }
            )
        return Response(rows)
