"""Why a request about a game was refused. The API turns each into its status and code."""

from __future__ import annotations

from dwaalhof_site.api.errors import ApiError


class GameError(ApiError):
    """A request about a game was refused."""


class InvalidMoveError(GameError):
    status, code = 400, "invalid_move"


class NotAPlayer(GameError):
    status, code, detail = 403, "not_a_player", "Je speelt niet mee in deze partij."


class NotYourTurn(GameError):
    status, code, detail = 403, "not_your_turn", "Je bent niet aan de beurt."


class NotFinished(GameError):
    status, code, detail = 403, "not_finished", "De partij is nog niet voorbij."


class GameNotFound(GameError):
    status, code, detail = 404, "not_found", "Die partij bestaat niet."


class StaleSeq(GameError):
    status, code, detail = 409, "stale_seq", "De partij is intussen verder gegaan."


class NotActive(GameError):
    status, code, detail = 409, "not_active", "De partij is niet bezig."


class ClientMoveIdReused(GameError):
    status, code = 409, "client_move_id_reused"
    detail = "Deze client_move_id hoort bij een andere zet."


class CannotJoin(GameError):
    status, code, detail = 409, "cannot_join", "Je kunt niet aan deze partij meedoen."


class CannotLeave(GameError):
    status, code, detail = 409, "cannot_leave", "Deze partij kun je niet meer verlaten."


class CannotRematch(GameError):
    status, code, detail = 409, "cannot_rematch", "Een revanche kan pas na afloop."


class IllegalMoveError(GameError):
    status, code = 422, "illegal_move"
