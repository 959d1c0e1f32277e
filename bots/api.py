"""POST /api/account/bot/: turn my account into a bot (docs/api.md, "Bot accounts")."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils.translation import gettext_noop
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api import MeSerializer, me_payload
from dwaalhof_site.api.errors import ApiError, ErrorSerializer
from dwaalhof_site.api.fields import StrictCharField

from . import services


class BotConfirmSerializer(serializers.Serializer):
    confirm = StrictCharField(
        max_length=30,
        help_text="your username, to confirm: a bot account can never become a person's again",
    )


class NotConfirmed(ApiError):
    status = 400
    code = "not_confirmed"
    detail = gettext_noop("Bevestig met je gebruikersnaam in het veld confirm.")


class BotAccountView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=BotConfirmSerializer,
        responses={
            200: MeSerializer,
            400: ErrorSerializer,
            401: ErrorSerializer,
            403: ErrorSerializer,
            409: ErrorSerializer,
        },
    )
    def post(self, request: Request) -> Response:
        """Turn my account into a bot, for good: it then plays only through the API with a
        token that has `bot:play`, is marked `"bot": true` wherever it is shown and ranks on
        the bots' leaderboard. `confirm` must be my username (400 `not_confirmed`); 409
        `has_rated_games` once it has begun a rated game as a person. Repeating it changes
        nothing (200)."""
        ser = BotConfirmSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        user = request.user
        assert isinstance(user, User), "IsAuthenticated lets only a player through"
        if ser.validated_data["confirm"] != user.username:
            raise NotConfirmed(errors={"confirm": NotConfirmed.detail})
        services.make_bot(user)
        return Response(me_payload(user))
