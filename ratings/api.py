"""Ratings API: the leaderboard."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import display_name

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


class LeaderboardView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: LeaderboardRowSerializer(many=True)})
    def get(self, request: Request) -> Response:
        """Players with a rated game, best first (at most 100)."""
        rows = []
        for rank, row in enumerate(services.leaderboard(), start=1):
            rows.append(
                {
                    "rank": rank,
                    "username": row.user.username,
                    "display_name": display_name(row.user),
                    **services.rating_payload(row),
                }
            )
        return Response(rows)
