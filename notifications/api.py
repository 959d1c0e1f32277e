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

from . import preferences, services
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


class WaySerializer(serializers.Serializer):
    bell = serializers.BooleanField(required=False, help_text="always true: the bell keeps all")
    push = serializers.BooleanField(required=False)
    email = serializers.BooleanField(required=False)


class WaysSerializer(serializers.Serializer):
    your_turn = WaySerializer(required=False)
    deadline_near = WaySerializer(required=False)
    rematch_offer = WaySerializer(required=False, help_text="the invitation")
    game_over = WaySerializer(required=False)
    opponent_joined = WaySerializer(required=False)
    chat_message = WaySerializer(required=False)


HH_MM = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"


class PreferencesSerializer(serializers.Serializer):
    ways = WaysSerializer(
        required=False,
        help_text="per kind, the ways it goes (400: another kind or way, or bell false)",
    )
    mail = serializers.ChoiceField(
        choices=["off", "turn", "daily"],
        required=False,
        help_text="the mail's rhythm (the profile's notify): none, one per notice, daily summary",
    )
    time_zone = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=64,
        help_text="IANA name; '' = the site's (400: a zone that does not exist)",
    )
    quiet_start = serializers.RegexField(
        HH_MM,
        required=False,
        allow_null=True,
        help_text="HH:MM in time_zone, or null: no quiet hours (400: only one of the two)",
    )
    quiet_end = serializers.RegexField(
        HH_MM, required=False, allow_null=True, help_text="HH:MM, or null"
    )
    summary_hour = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=23,
        help_text="the hour (0-23) in time_zone the daily summary goes out; default 8",
    )


class PreferencesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: PreferencesSerializer, **NOT_SIGNED_IN})
    def get(self, request: Request) -> Response:
        """My notification preferences (the defaults where I chose nothing)."""
        return Response(preferences.as_json(request.user))

    @extend_schema(
        request=PreferencesSerializer,
        # 400: an unknown kind or way, a time zone that does not exist, one quiet end only,
        # a summary hour outside 0-23.
        responses={200: PreferencesSerializer, 400: ErrorSerializer, **NOT_SIGNED_IN},
    )
    def patch(self, request: Request) -> Response:
        """Change some of my notification preferences; the answer has all of them."""
        PreferencesSerializer(data=request.data).is_valid(raise_exception=True)  # the shape
        try:
            return Response(preferences.update(request.user, dict(request.data)))
        except preferences.BadPreferences as err:  # what the shape cannot say
            raise serializers.ValidationError({err.field: [err.message]}) from err
