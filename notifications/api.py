"""Notifications REST API: list, unread count, mark read. Thin views over services."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from dwaalhof_site.api.errors import ErrorSerializer
from dwaalhof_site.api.fields import QuerySerializer

from . import services
from .models import Notification


class NotificationSerializer(serializers.ModelSerializer):
    class Meta:
        model = Notification
        fields = ["id", "kind", "game", "text", "created", "read_at", "past"]

    past = serializers.SerializerMethodField(help_text="no longer holds (the turn has passed)")

    def get_past(self, note: Notification) -> bool:
        return note.past_at is not None


class MarkReadSerializer(serializers.Serializer):
    ids = serializers.ListField(
        # The upper bound is the database's (64-bit ids): a larger number is a 400, not a 500.
        child=serializers.IntegerField(min_value=1, max_value=2**63 - 1),
        required=False,
        max_length=500,
        help_text="Which notifications; leave out (and `game`) to mark all of them read.",
    )
    game = serializers.IntegerField(
        min_value=1,
        max_value=2**63 - 1,
        required=False,
        help_text="Mark the notifications of this game read (the player opened it).",
    )


class ListQuerySerializer(QuerySerializer):
    unread = serializers.BooleanField(required=False, help_text="only unread ones")


UnreadSerializer = inline_serializer("Unread", {"unread": serializers.IntegerField()})
ListSerializer = inline_serializer(
    "NotificationList",
    {"unread": serializers.IntegerField(), "notifications": NotificationSerializer(many=True)},
)
MarkedSerializer = inline_serializer(
    "NotificationsMarked",
    {"marked": serializers.IntegerField(), "unread": serializers.IntegerField()},
)

# Every view needs a signed-in player: without one the answer is 403 (session auth comes
# first, so DRF answers 403, not 401). Both are listed so the schema holds either way.
NOT_SIGNED_IN = {401: ErrorSerializer, 403: ErrorSerializer}


class NotificationListView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[ListQuerySerializer],
        responses={200: ListSerializer, 400: ErrorSerializer, **NOT_SIGNED_IN},
    )
    def get(self, request: Request) -> Response:
        """My bell: one entry per game (its newest notice), newest first (at most 100)."""
        query = ListQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        unread_only = query.validated_data.get("unread", False)
        notes = services.user_notifications(request.user, unread_only=unread_only)
        return Response(
            {
                "unread": services.unread_count(request.user),
                "notifications": NotificationSerializer(notes, many=True).data,
            }
        )


class UnreadCountView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: UnreadSerializer, **NOT_SIGNED_IN})
    def get(self, request: Request) -> Response:
        """How many of my notifications are unread."""
        return Response({"unread": services.unread_count(request.user)})


class MarkReadView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=MarkReadSerializer,
        # 400: `ids` is not a list of positive integers (at most 500 of them).
        responses={200: MarkedSerializer, 400: ErrorSerializer, **NOT_SIGNED_IN},
    )
    def post(self, request: Request) -> Response:
        """Mark notifications read: those in `ids`, those of `game`, or all of mine."""
        body = MarkReadSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        marked = services.mark_read(request.user, data.get("ids"), game=data.get("game"))
        return Response({"marked": marked, "unread": services.unread_count(request.user)})
