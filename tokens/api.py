"""The account's personal access tokens: list, make, revoke. Session only (tokens.scopes
closes these endpoints to tokens), so a leaked token cannot make itself a successor."""

from __future__ import annotations

from django.utils import translation
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from dwaalhof_site.api.errors import ErrorSerializer
from dwaalhof_site.api.requests import error_answers, player, valid

from . import scopes, services
from .errors import NoSuchToken
from .serializers import NewTokenSerializer, TokenCreateSerializer, TokenSerializer

ERR = error_answers(400, 401, 403)


def _scope_texts() -> dict[str, str]:
    return {name: translation.gettext(text) for name, text in scopes.SCOPES.items()}


class TokenListView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={
            200: inline_serializer(
                "TokenList",
                {
                    "tokens": TokenSerializer(many=True),
                    "scopes": serializers.DictField(
                        child=serializers.CharField(), help_text="each scope and what it allows"
                    ),
                },
            ),
            **ERR,
        }
    )
    def get(self, request: Request) -> Response:
        """My live tokens, newest first, with their last use (never their secrets)."""
        tokens = TokenSerializer(services.live_tokens(player(request)), many=True).data
        return Response({"tokens": tokens, "scopes": _scope_texts()})

    @extend_schema(request=TokenCreateSerializer, responses={201: NewTokenSerializer, **ERR})
    def post(self, request: Request) -> Response:
        """Make a token with a name and scopes. Its secret is in this answer only."""
        data = valid(TokenCreateSerializer, request.data)
        token, secret = services.issue(player(request), data["name"], data["scopes"])
        body = {**TokenSerializer(token).data, "token": secret}
        return Response(body, status=status.HTTP_201_CREATED)


class TokenDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None, 404: ErrorSerializer, **ERR})
    def delete(self, request: Request, token_id: int) -> Response:
        """Revoke one of my tokens: programs using it are refused from now on."""
        if not services.revoke(player(request), token_id):
            raise NoSuchToken()
        return Response(status=status.HTTP_204_NO_CONTENT)
