"""The blocks and reports API: my blocks (list, block a player, lift a block) and reporting
a player or one of their chat lines. Moderators work in the admin (moderation.admin)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from dwaalhof_site.api.fields import StrictCharField, StrictIntegerField
from dwaalhof_site.api.requests import error_answers, player
from dwaalhof_site.api.throttles import MoveThrottle

from . import services
from .models import REPORT_REASONS, TEXT_MAX

USERNAME_HELP = "the player's username (any case)"


class BlockSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    created = serializers.DateTimeField()


class BlockCreateSerializer(serializers.Serializer):
    username = StrictCharField(max_length=150, help_text=USERNAME_HELP)


class ReportCreateSerializer(serializers.Serializer):
    username = StrictCharField(max_length=150, help_text=USERNAME_HELP)
    message = StrictIntegerField(
        min_value=1,
        max_value=2**63 - 1,
        required=False,
        help_text="a chat line of that player I can see (its id, as the chat gives it)",
    )
    reason = serializers.ChoiceField(choices=REPORT_REASONS)
    text = StrictCharField(
        max_length=TEXT_MAX, required=False, default="", allow_blank=True, help_text="optional"
    )


class ReportSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField(help_text='"open" until a moderator handles it')


class BlocksView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: BlockSerializer(many=True), **error_answers(401, 403)})
    def get(self, request: Request) -> Response:
        """The players I blocked, newest first."""
        return Response(services.blocks_of(player(request)))

    @extend_schema(
        request=BlockCreateSerializer,
        responses={201: BlockSerializer, **error_answers(400, 401, 403, 404, 409)},
    )
    def post(self, request: Request) -> Response:
        """Block a player: no new game between us (invitations, the lobby, rematches) and
        their chat hidden from me. Running games go on."""
        data = BlockCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        block = services.block_create(
            blocker=player(request), username=data.validated_data["username"]
        )
        return Response(services.block_payload(block), status=status.HTTP_201_CREATED)


class BlockView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None, **error_answers(401, 403, 404)})
    def delete(self, request: Request, username: str) -> Response:
        """Lift my block of a player."""
        services.block_delete(blocker=player(request), username=username)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ReportsView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [MoveThrottle]

    @extend_schema(
        request=ReportCreateSerializer,
        responses={201: ReportSerializer, **error_answers(400, 401, 403, 404, 409, 429)},
    )
    def post(self, request: Request) -> Response:
        """Report a player, or one of their chat lines, to the moderators."""
        data = ReportCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        report = services.report_create(
            reporter=player(request),
            username=fields["username"],
            message_id=fields.get("message"),
            reason=fields["reason"],
            text=fields["text"].strip(),
        )
        return Response({"id": report.pk, "status": report.status}, status=status.HTTP_201_CREATED)
