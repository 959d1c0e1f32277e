"""The streams in the API's schema and url names. The streams themselves are Channels
consumers (streams.consumers) routed before the Django app (dwaalhof_site.asgi), so a
request never reaches these views there; they describe the streams to the OpenAPI schema,
name them for tokens.scopes, and answer a clear refusal where the Django app serves the path
itself (a test client, a WSGI server): with the same authentication and scope as the stream."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_noop
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from dwaalhof_site.api.errors import ApiError, ErrorSerializer
from games.api.serializers import GameSerializer

NDJSON = "application/x-ndjson"


class NotServedHere(ApiError):
    status = 404
    code = "stream_not_served"
    detail = gettext_noop("Streams komen van de ASGI-toepassing (daphne), niet van deze server.")


class AccountLineSerializer(serializers.Serializer):
    """One line of the account's stream: `account` first, then events (docs/api.md)."""

    type = serializers.CharField(
        help_text="account, game.started, game.your_turn, game.deadline_near, game.ended, "
        "game.rematch_offered, chat.message, notice (another kind) or notices.unread"
    )
    game = serializers.IntegerField(required=False, allow_null=True)
    notice = serializers.DictField(required=False, help_text="the notice, as the bell lists it")
    unread = serializers.IntegerField(required=False)
    last_notice = serializers.IntegerField(required=False, help_text="on the `account` line")


def _since(what: str) -> OpenApiParameter:
    return OpenApiParameter("since", int, required=False, description=what)


def _answers(line: Any, description: str) -> dict[Any, Any]:
    return {
        (200, NDJSON): OpenApiResponse(response=line, description=description),
        **{code: ErrorSerializer for code in (400, 403, 404)},
    }


class _Schema(APIView):
    permission_classes = [IsAuthenticated]

    def get(self, request: Request, **kwargs: Any) -> Response:
        raise NotServedHere()


class GameStreamSchema(_Schema):
    @extend_schema(
        operation_id="game_stream",
        parameters=[_since("resume after this seq: every log entry after it comes first")],
        responses=_answers(
            GameSerializer,
            "Newline-delimited JSON: the Game document, then game.update / chat.message / "
            "game.gone lines; an empty line every 20 s (docs/api.md, Streams).",
        ),
    )
    def get(self, request: Request, **kwargs: Any) -> Response:
        """A game's event stream (newline-delimited JSON, for programs)."""
        return super().get(request, **kwargs)


class AccountStreamSchema(_Schema):
    @extend_schema(
        operation_id="account_stream",
        parameters=[_since("resume after this notice id: every notice after it comes first")],
        responses=_answers(
            AccountLineSerializer,
            "Newline-delimited JSON: an `account` line, then one event per notice (game "
            "started, your turn, game ended, ...); an empty line every 20 s (docs/api.md, "
            "The account's stream).",
        ),
    )
    def get(self, request: Request, **kwargs: Any) -> Response:
        """The account's event stream (newline-delimited JSON, for programs)."""
        return super().get(request, **kwargs)
