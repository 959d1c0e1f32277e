"""The follows API: the players I follow (with who of them is online now), follow a player
(PUT, idempotent), unfollow (DELETE, idempotent)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from dwaalhof_site.api.requests import error_answers, player
from ratings.api import RatingSerializer

from . import services


class FollowedSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    bot = serializers.BooleanField(help_text="a bot account (plays through the API)")
    online = serializers.BooleanField(help_text="connected to the site right now (a live socket)")
    rating = RatingSerializer()
    since = serializers.DateTimeField(help_text="when I started following them")


class FollowsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: FollowedSerializer(many=True), **error_answers(401, 403)})
    def get(self, request: Request) -> Response:
        """The players I follow: online ones first, then by name."""
        return Response(services.follows_of(player(request)))


class FollowView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={
            200: FollowedSerializer,
            201: FollowedSerializer,
            **error_answers(400, 401, 403, 404, 409),
        },
    )
    def put(self, request: Request, username: str) -> Response:
        """Follow a player (201; 200 when I already did). Not myself, nobody I blocked or who
        blocked me, at most 500 players."""
        row, made = services.follow(follower=player(request), username=username)
        return Response(
            services.payload_of(row), status=status.HTTP_201_CREATED if made else status.HTTP_200_OK
        )

    @extend_schema(request=None, responses={204: None, **error_answers(401, 403, 404)})
    def delete(self, request: Request, username: str) -> Response:
        """Stop following a player (204, also when I did not follow them)."""
        services.unfollow(follower=player(request), username=username)
        return Response(status=status.HTTP_204_NO_CONTENT)
