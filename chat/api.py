"""The chat API: a game's messages (players and spectators of a public game), a player's
new message, and muting the opponent. Live delivery is the game's websocket."""

from __future__ import annotations

from collections.abc import Sequence

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from dwaalhof_site.api.fields import (
    WHITESPACE,
    QueryIntegerField,
    QuerySerializer,
    StrictBooleanField,
    StrictCharField,
)
from dwaalhof_site.api.requests import error_answers
from dwaalhof_site.api.throttles import MoveThrottle
from games.api.bot_accounts import BotsChatByToken

from . import push, services
from .models import MAX_LENGTH

# What a message needs more than: whitespace and control characters (chat.services.clean
# drops those).
UNSEEN = rf"{WHITESPACE}\x00-\x1f\x7f"


class ChatMessageSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seat = serializers.IntegerField()
    display_name = serializers.CharField()
    text = serializers.CharField(help_text="plain text: show it as text, never as HTML")
    created = serializers.DateTimeField()


class ChatLogSerializer(serializers.Serializer):
    muted = serializers.BooleanField(help_text="I muted my opponent in this game")
    messages = ChatMessageSerializer(many=True)


class ChatPostSerializer(serializers.Serializer):
    text = StrictCharField(max_length=MAX_LENGTH, strip=True, blank=UNSEEN)


class ChatMuteSerializer(serializers.Serializer):
    muted = StrictBooleanField()


class ChatQuerySerializer(QuerySerializer):
    since = QueryIntegerField(
        min_value=0, max_value=2**63 - 1, default=0, help_text="only messages after this id"
    )


class ChatView(APIView):
    def get_permissions(self) -> Sequence[BasePermission]:
        if self.request.method == "GET":
            return [AllowAny()]
        return [IsAuthenticated(), BotsChatByToken()]  # a bot chats with its token only

    def get_throttles(self) -> list[BaseThrottle]:
        return [MoveThrottle()] if self.request.method == "POST" else []

    @extend_schema(
        parameters=[ChatQuerySerializer],
        responses={200: ChatLogSerializer, **error_answers(400, 404)},
    )
    def get(self, request: Request, game_id: int) -> Response:
        """The game's chat, oldest first (at most 200 from `since`)."""
        query = ChatQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        since = query.validated_data["since"]
        return Response(
            {
                "muted": services.is_muted(game_id, request.user),
                "messages": services.messages_for(game_id, request.user, since),
            }
        )

    @extend_schema(
        request=ChatPostSerializer,
        responses={201: ChatMessageSerializer, **error_answers(400, 403, 404, 409, 429)},
    )
    def post(self, request: Request, game_id: int) -> Response:
        """Say something to my opponent (players only; spectators read)."""
        data = ChatPostSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        message = push.post_and_push(
            game_id=game_id, user=request.user, text=data.validated_data["text"]
        )
        return Response(services.payload(message), status=status.HTTP_201_CREATED)


class MuteView(APIView):
    permission_classes = [IsAuthenticated, BotsChatByToken]

    @extend_schema(
        request=ChatMuteSerializer,
        responses={200: ChatMuteSerializer, **error_answers(400, 403, 404)},
    )
    def post(self, request: Request, game_id: int) -> Response:
        """Mute (or unmute) my opponent's chat in this game."""
        data = ChatMuteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        muted = services.set_muted(
            game_id=game_id, user=request.user, muted=data.validated_data["muted"]
        )
        return Response({"muted": muted})
