"""The tutorial's API: GET where the learner is, POST start or resume, POST skip/."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from dwaalhof_site.api.errors import ErrorSerializer

from . import services

# The payload (docs/api.md, "Tutorial").
STATUS = ["active", "done", "skipped"]


class TutorialSerializer(serializers.Serializer):
    offer = serializers.BooleanField(help_text="no tutorial yet: the lobby offers one")
    game = serializers.IntegerField(allow_null=True)
    seq = serializers.IntegerField(allow_null=True, help_text="the game's seq this answer is of")
    status = serializers.ChoiceField(choices=STATUS, allow_null=True)
    step = serializers.IntegerField(help_text="the learner's scripted moves played")
    steps = serializers.IntegerField()
    expected = serializers.JSONField(
        allow_null=True, help_text="the move the step waits for (null: the computer plays)"
    )
    lessons = serializers.ListField(child=serializers.CharField())
    after = serializers.ListField(child=serializers.CharField(), help_text="the last step's")
    points = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))


def _payload(user: Any) -> dict[str, Any]:
    found = services.current(user)
    if found is None:
        return {
            "offer": True,
            "game": None,
            "seq": None,
            "status": None,
            "step": 0,
            "steps": len(services.script().steps),
            "expected": None,
            "lessons": [],
            "after": [],
            "points": [],
        }
    return {"offer": False, **services.progress(found)}


class TutorialView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: TutorialSerializer, 403: ErrorSerializer})
    def get(self, request: Request) -> Response:
        """Where the learner is in the tutorial (none yet: `offer`)."""
        return Response(_payload(request.user))

    @extend_schema(request=None, responses={200: TutorialSerializer, 403: ErrorSerializer})
    def post(self, request: Request) -> Response:
        """Start the tutorial, or resume the running one: its game is `game`."""
        services.start_or_resume(request.user)
        return Response(_payload(request.user))


class TutorialSkipView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: TutorialSerializer, 403: ErrorSerializer})
    def post(self, request: Request) -> Response:
        """Leave the tutorial: its game ends, counted nowhere."""
        services.skip(request.user)
        return Response(_payload(request.user))
