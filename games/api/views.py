"""The games API: thin views over games.services (writes) and games.selectors (reads)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

import engine
from dwaalhof_site.api.errors import ErrorSerializer
from dwaalhof_site.api.language import request_language
from dwaalhof_site.api.requests import player, valid
from dwaalhof_site.api.throttles import MoveThrottle
from games import selectors, services
from games.content import content
from games.errors import (
    IllegalMoveError,
    InvalidMoveError,
    NotActive,
    NotFinished,
    NotYourTurn,
)
from games.models import Game

from . import serializers as s
from . import time_controls
from .bot_accounts import BotsPlayByToken

log = logging.getLogger(__name__)


def _answers(ok: dict[int, Any], *codes: int) -> dict[int, Any]:
    # (401, 429 and an unsafe method's 403 the schema adds itself: dwaalhof_site.api.schema)
    return {**ok, **{c: ErrorSerializer for c in codes}}


class GameListView(APIView):
    permission_classes = [IsAuthenticated, BotsPlayByToken]

    @extend_schema(
        parameters=[s.MyGamesQuerySerializer],
        responses=_answers({200: s.GameSummarySerializer(many=True)}, 400, 403),
    )
    def get(self, request: Request) -> Response:
        """My games: my turn first, then other running games, open ones, finished ones.
        `turn=mine` keeps the games where it is my turn; `order=time_left` puts those first by
        my time left (the games that need me soonest first)."""
        query = valid(s.MyGamesQuerySerializer, request.query_params)
        return Response(selectors.my_game_summaries(player(request), **query))

    @extend_schema(
        request=s.CREATE_REQUEST,
        responses=_answers({201: s.GameSerializer}, 400, 403),
    )
    def post(self, request: Request) -> Response:
        """Create a game against an invited friend, anyone from the lobby, or the computer."""
        data = valid(s.GameCreateSerializer, request.data)
        game = services.game_create(user=player(request), **data)
        return _game_response(game.pk, request, status.HTTP_201_CREATED)


class OpenGamesView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[s.OpenGamesQuerySerializer],
        responses=_answers({200: s.GameSummarySerializer(many=True)}, 400),
    )
    def get(self, request: Request) -> Response:
        """The lobby: open games waiting for an opponent, oldest first; a live one only while
        its creator is online; none of a player in a block with me. `kind`: only games of that
        time control's kind."""
        query = valid(s.OpenGamesQuerySerializer, request.query_params)
        now = timezone.now()
        games = selectors.open_games(request.user, kind=query.get("kind"), now=now)
        return Response([selectors.game_summary(g, request.user, now=now) for g in games])


class InviteView(APIView):
    # A friend opens the link before signing up: who invites is shown to anyone holding the
    # code. The summary holds nothing hidden (no engine state, the seed only once finished, the
    # invite code only for a seated player); taking the seat still needs an account.
    permission_classes = [AllowAny]

    @extend_schema(responses=_answers({200: s.GameSummarySerializer}, 404))
    def get(self, request: Request, code: str) -> Response:
        """What an invite code leads to (also for a visitor not logged in)."""
        return Response(selectors.game_summary(selectors.game_by_invite(code), request.user))


class InviteJoinView(APIView):
    permission_classes = [IsAuthenticated, BotsPlayByToken]

    @extend_schema(request=None, responses=_answers({200: s.GameSerializer}, 403, 404, 409))
    def post(self, request: Request, code: str) -> Response:
        """Take the free seat of the game this invite code belongs to."""
        game = selectors.game_by_invite(code)
        services.game_join(game=game, user=player(request), code=code)
        return _game_response(game.pk, request)


class GameDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=_answers({200: s.GameSerializer}, 404))
    def get(self, request: Request, game_id: int) -> Response:
        """My view of the game (spectators of a public game: both hands hidden)."""
        return _game_response(game_id, request)


class GameJoinView(APIView):
    permission_classes = [IsAuthenticated, BotsPlayByToken]

    @extend_schema(request=None, responses=_answers({200: s.GameSerializer}, 403, 404, 409))
    def post(self, request: Request, game_id: int) -> Response:
        """Take the free seat of an open lobby game; the game starts."""
        game = selectors.game_for_viewer(game_id, request.user)
        services.game_join(game=game, user=player(request))
        return _game_response(game.pk, request)


class GameLeaveView(APIView):
    permission_classes = [IsAuthenticated, BotsPlayByToken]

    @extend_schema(request=None, responses=_answers({204: None}, 403, 404, 409))
    def post(self, request: Request, game_id: int) -> Response:
        """Leave (cancel) a game nobody joined yet."""
        game, _seat = selectors.game_for_player(game_id, request.user)
        services.game_leave(game=game, user=player(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class LegalMovesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=_answers({200: s.LegalSerializer}, 403, 404))
    def get(self, request: Request, game_id: int) -> Response:
        """The moves I may send now (none when it is not my turn)."""
        game, seat = selectors.game_for_player(game_id, request.user)
        mine = game.status == Game.Status.ACTIVE and game.current_seat == seat
        moves = selectors.legal_moves_for(selectors.game_state(game), seat) if mine else []
        return Response({"seq": game.seq, "your_turn": mine, "moves": moves})


class PreviewView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [MoveThrottle]

    @extend_schema(
        request=s.PreviewSerializer,
        responses=_answers({200: dict}, 400, 403, 404, 409, 422, 429),
    )
    def post(self, request: Request, game_id: int) -> Response:
        """Preview a walk plan (possibly empty) on my turn: costs, what it collects, where the
        pawn may go next. Nothing is logged. A plan the rules refuse still answers 200 with
        `ok: false`, its `code`, `params` and `error` (in the request's language); a
        malformed step is 400."""
        data = valid(s.PreviewSerializer, request.data)
        game, seat = selectors.game_for_player(game_id, request.user)
        if game.status != Game.Status.ACTIVE:
            raise NotActive()
        if game.current_seat != seat:
            raise NotYourTurn(current=game.current_seat)
        try:
            plan = [engine.Step.from_json(step) for step in data["plan"]]
            state = selectors.game_state(game)
            preview = engine.preview(state, data["pawn"], plan, lang=request_language(request))
        except engine.IllegalMove as err:
            raise IllegalMoveError.of(err) from err
        except engine.InvalidMove as err:
            raise InvalidMoveError.of(err) from err
        except Exception as err:  # an engine bug: say so without a 500
            log.exception("engine preview failed in game %s", game_id)
            raise IllegalMoveError("engine_failed") from err
        return Response(preview)


class MovesView(APIView):
    throttle_classes = [MoveThrottle]

    def get_permissions(self) -> Sequence[BasePermission]:
        if self.request.method == "GET":
            return [AllowAny()]
        return [IsAuthenticated(), BotsPlayByToken()]

    def get_throttles(self) -> list[BaseThrottle]:
        return super().get_throttles() if self.request.method == "POST" else []

    @extend_schema(
        parameters=[s.SinceSerializer],
        responses=_answers({200: s.LogSerializer}, 400, 404),
    )
    def get(self, request: Request, game_id: int) -> Response:
        """The move log from seq `since`, redacted for the asker."""
        since = valid(s.SinceSerializer, request.query_params)["since"]
        game = selectors.game_for_viewer(game_id, request.user)
        seat = selectors.seat_of(game, request.user)
        return Response({"seq": game.seq, "entries": selectors.game_log_for(game, seat, since)})

    @extend_schema(
        request=s.MoveSubmitSerializer,
        responses=_answers(
            {201: s.SubmitAnswerSerializer, 200: s.SubmitAnswerSerializer},
            400,
            403,
            404,
            409,
            422,
            429,
        ),
    )
    def post(self, request: Request, game_id: int) -> Response:
        """Submit a move at `expected_seq`; a repeated `client_move_id` answers the original."""
        data = valid(s.MoveSubmitSerializer, request.data)
        move = services.parse_player_move(data["move"])
        result = services.move_submit(
            game=Game(pk=game_id),  # move_submit locks and loads it
            user=player(request),
            move=move,
            expected_seq=data["expected_seq"],
            client_move_id=data["client_move_id"],
        )
        game = result.game  # locked, updated, with seats, users and profiles
        seat = selectors.seat_of(game, request.user)
        entries = [selectors.log_entry(m, seat) for m in result.entries]
        body = {
            "seq": entries[-1]["seq"] + 1,
            "entries": entries,
            "game": selectors.game_detail(game, request.user),
        }
        return Response(body, status=status.HTTP_200_OK if result.repeated else 201)


class ResignView(APIView):
    permission_classes = [IsAuthenticated, BotsPlayByToken]
    throttle_classes = [MoveThrottle]

    @extend_schema(request=None, responses=_answers({200: s.GameSerializer}, 403, 404, 409, 429))
    def post(self, request: Request, game_id: int) -> Response:
        """Resign: the opponent wins."""
        game, _seat = selectors.game_for_player(game_id, request.user)
        services.game_resign(game=game, user=player(request))
        return _game_response(game.pk, request)


class ClaimView(APIView):
    permission_classes = [IsAuthenticated, BotsPlayByToken]
    throttle_classes = [MoveThrottle]

    @extend_schema(
        request=s.ClaimSerializer, responses=_answers({200: s.GameSerializer}, 400, 403, 404, 409)
    )
    def post(self, request: Request, game_id: int) -> Response:
        """The opponent of the seat whose time ran out ("claim" games): claim the win, or
        wait (give that seat time_control.extra_time more)."""
        data = valid(s.ClaimSerializer, request.data)
        game, _seat = selectors.game_for_player(game_id, request.user)
        services.game_claim(game=game, user=player(request), choice=data["choice"])
        return _game_response(game.pk, request)


class RematchView(APIView):
    permission_classes = [IsAuthenticated, BotsPlayByToken]

    @extend_schema(
        request=None,
        responses=_answers({201: s.GameSerializer, 200: s.GameSerializer}, 403, 404, 409),
    )
    def post(self, request: Request, game_id: int) -> Response:
        """A new game with the same players, seats swapped (the existing one if there is one)."""
        game, _seat = selectors.game_for_player(game_id, request.user)
        new, created = services.game_rematch(game=game, user=player(request))
        return _game_response(new.pk, request, 201 if created else 200)


class ExportView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=_answers({200: s.ExportSerializer}, 403, 404))
    def get(self, request: Request, game_id: int) -> Response:
        """The whole finished game with its seed, to verify every die."""
        game = selectors.game_for_viewer(game_id, request.user)
        if game.status != Game.Status.FINISHED:
            raise NotFinished()
        return Response(selectors.game_export(game))


class ContentView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[type] = []

    @extend_schema(responses={200: dict})
    def get(self, request: Request) -> Response:
        """The static game content (names and texts in the request's language, numbers) by
        section and key."""
        lang = request_language(request)
        response = Response({**content(lang), "time_controls": time_controls.offered()})
        response["Cache-Control"] = "public, max-age=3600"
        return response


def _game_response(game_id: int, request: Request, code: int = status.HTTP_200_OK) -> Response:
    # Fresh from the database: the services may have changed seats and status.
    game = selectors.game_for_viewer(game_id, request.user)
    return Response(selectors.game_detail(game, request.user), status=code)
