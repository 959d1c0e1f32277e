"""Seeing the game: its history in facts, its state after any step, and the live games.

- history: every log entry as facts (games.history), as the asker may see it;
- replay: the state after any seq (a finished game with both hands shown, a running game as
  the asker's seat, or a spectator, saw it then);
- live: public games in progress, to watch.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

import engine
from dwaalhof_site.api.errors import ErrorSerializer
from dwaalhof_site.api.fields import QueryIntegerField, QuerySerializer
from dwaalhof_site.api.requests import valid
from games import history, selectors
from games.errors import NotActive
from games.models import Game

from . import serializers as s

LIVE_LIMIT = 50


class SeqSerializer(QuerySerializer):
    seq = QueryIntegerField(
        min_value=0, max_value=s.SEQ_MAX, required=False, help_text="default: now"
    )


class HistorySerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    status = serializers.CharField()
    viewer = serializers.IntegerField(allow_null=True)
    revealed = serializers.BooleanField()
    steps = serializers.ListField(child=serializers.DictField())


class ReplayStateSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="the state shown: after this many log entries")
    last = serializers.IntegerField(help_text="the game's seq now")
    revealed = serializers.BooleanField()
    view = serializers.DictField()


def _answers(ok: dict[int, Any], *codes: int) -> dict[int, Any]:
    return {**ok, **{c: ErrorSerializer for c in codes}}


class HistoryView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=_answers({200: HistorySerializer}, 404))
    def get(self, request: Request, game_id: int) -> Response:
        """Every log entry as facts, grouped in steps (a move and the entries the engine added
        after it), within what the asker may see: the opponent's card taken from the market
        is `card: null` until it is played or the game is over."""
        game = selectors.game_for_viewer(game_id, request.user)
        seat = selectors.seat_of(game, request.user)
        finished = game.status == Game.Status.FINISHED
        steps = (
            history.timeline(
                game.seed, selectors.game_log(game, upto=game.seq), viewer=seat, reveal=finished
            )
            if game.status != Game.Status.OPEN
            else []
        )
        return Response(
            {
                "seq": game.seq,
                "status": game.status,
                "viewer": seat,
                "revealed": finished,
                "steps": steps,
            }
        )


class ReplayStateView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[SeqSerializer],
        responses=_answers({200: ReplayStateSerializer}, 400, 404, 409),
    )
    def get(self, request: Request, game_id: int) -> Response:
        """The state after `seq` log entries (default: now; the entries the engine adds by
        itself after a move are included). A finished game shows both hands; a running one
        shows what the asker's seat (or a spectator) saw then."""
        wanted = valid(SeqSerializer, request.query_params).get("seq")
        game = selectors.game_for_viewer(game_id, request.user)
        if game.status == Game.Status.OPEN:
            raise NotActive()
        seq = game.seq if wanted is None else min(wanted, game.seq)
        state = selectors.state_at(game, seq)
        finished = game.status == Game.Status.FINISHED
        view = (
            history.revealed_view(state)
            if finished
            else engine.view(state, selectors.seat_of(game, request.user))
        )
        return Response({"seq": state.seq, "last": game.seq, "revealed": finished, "view": view})


class LiveGamesView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.GameSummarySerializer(many=True)})
    def get(self, request: Request) -> Response:
        """Public games in progress, to watch; the most recently moved first."""
        games = (
            selectors.games_with_seats()
            .filter(status=Game.Status.ACTIVE, public=True)
            .order_by("-turn_started_at", "-id")[:LIVE_LIMIT]
        )
        return Response([selectors.game_summary(g, request.user) for g in games])
