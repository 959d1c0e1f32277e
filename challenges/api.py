"""The challenges API: send one, list my open ones, and accept, decline or cancel one. Thin
views over challenges.services."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from dwaalhof_site.api.errors import ErrorSerializer
from dwaalhof_site.api.fields import ClosedSerializer, StrictBooleanField, StrictCharField
from dwaalhof_site.api.requests import player, valid
from games.api.time_controls import TimeControlField

from . import services
from .models import CHALLENGE_STATUSES, DECLINE_REASON_CHOICES


class ChallengeCreateSerializer(ClosedSerializer):
    to = StrictCharField(max_length=150, help_text="the challenged player's username (any case)")
    time_control = TimeControlField(
        help_text="as a new game takes it: a preset's name (clocks.PRESETS) or {kind, seconds, "
        "increment?, cap?, vacation?, on_timeout?}"
    )
    rated = StrictBooleanField(required=False, default=False, help_text="default false")


class DeclineSerializer(ClosedSerializer):
    reason = serializers.ChoiceField(
        choices=DECLINE_REASON_CHOICES,
        required=False,
        default="none",
        help_text="why (shown to the challenger in their language); default none",
    )


class ChallengePlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()


class ChallengeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    challenger = ChallengePlayerSerializer()
    challenged = ChallengePlayerSerializer()
    time_control = serializers.DictField(help_text="the game's time control (TimeControlJson)")
    rated = serializers.BooleanField()
    status = serializers.ChoiceField(choices=CHALLENGE_STATUSES)
    decline_reason = serializers.ChoiceField(choices=DECLINE_REASON_CHOICES)
    decline_text = serializers.CharField(help_text="the reason in the request's language")
    created = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    game = serializers.IntegerField(allow_null=True, help_text="the game, once accepted")


class ChallengeListSerializer(serializers.Serializer):
    incoming = ChallengeSerializer(many=True)
    outgoing = ChallengeSerializer(many=True)


class AcceptedSerializer(serializers.Serializer):
    game = serializers.IntegerField(help_text="the game that started (GET /api/games/{id}/)")
    challenge = ChallengeSerializer()


def _answers(ok: dict[int, Any], *codes: int) -> dict[int, Any]:
    return {**ok, **{c: ErrorSerializer for c in codes}}


class ChallengeListView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=_answers({200: ChallengeListSerializer}))
    def get(self, request: Request) -> Response:
        """My open challenges: to me (incoming) and from me (outgoing), newest first."""
        return Response(services.open_for(player(request)))

    @extend_schema(
        request=ChallengeCreateSerializer,
        responses=_answers({201: ChallengeSerializer}, 400, 403),
    )
    def post(self, request: Request) -> Response:
        """Challenge a player to a game with this time control; they are notified. Refused
        (400): an unknown player, yourself, a block either way, a suspended player, a
        challenge to them still open, a bad time control."""
        data = valid(ChallengeCreateSerializer, request.data)
        challenge = services.challenge_create(
            challenger=player(request),
            username=data["to"],
            time_control=data["time_control"],
            rated=data["rated"],
        )
        return Response(services.payload(challenge), status=status.HTTP_201_CREATED)


class ChallengeAcceptView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses=_answers({200: AcceptedSerializer}, 403, 404, 409))
    def post(self, request: Request, challenge_id: int) -> Response:
        """The challenged accepts: the game starts (both seats; who moves first is drawn).
        Accepting twice answers the same game; an expired or answered challenge is 409."""
        game = services.accept(challenge_id=challenge_id, user=player(request))
        challenge = services.find(challenge_id)
        return Response({"game": game.pk, "challenge": services.payload(challenge)})


class ChallengeDeclineView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=DeclineSerializer,
        responses=_answers({200: ChallengeSerializer}, 400, 403, 404, 409),
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        """The challenged declines, with a reason (or none); the challenger is told it."""
        data = valid(DeclineSerializer, request.data)
        challenge = services.decline(
            challenge_id=challenge_id, user=player(request), reason=data["reason"]
        )
        return Response(services.payload(challenge))


class ChallengeCancelView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses=_answers({200: ChallengeSerializer}, 403, 404, 409))
    def post(self, request: Request, challenge_id: int) -> Response:
        """The challenger takes the challenge back; the challenged is told."""
        challenge = services.cancel(challenge_id=challenge_id, user=player(request))
        return Response(services.payload(challenge))
