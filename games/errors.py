"""Why a request about a game was refused. The API turns each into its status and code.

A move the engine refuses keeps the engine's refusal code and parameters
(`IllegalMoveError.of(err)`); its words come from the refusal catalogue in the language of
the request (`engine.refusals`). The other errors carry a Dutch detail that is also their
gettext msgid (`ApiError.text` answers it in the request's language; locale/en).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_noop

import engine
from dwaalhof_site.api.errors import ApiError
from engine import refusals

_ = gettext_noop  # the details are msgids: translated per request by ApiError.text


class GameError(ApiError):
    """A request about a game was refused."""


class RefusedMove(GameError):
    """A move refused with a code of the refusal catalogue: `code`, `params`, and `kind`."""

    kind = "invalid_move"

    def __init__(self, code: str, /, **params: Any) -> None:
        super().__init__(refusals.text(code, params))
        self.code = code
        self.params = params

    @classmethod
    def of(cls, err: engine.EngineError) -> RefusedMove:
        return cls(err.code, **err.params)

    def text(self, lang: str) -> str:
        return refusals.text(self.code, self.params, lang)


class InvalidMoveError(RefusedMove):
    status, kind = 400, "invalid_move"


class GameOptionsRefused(GameError):
    """A new game's options that do not go together; `errors` names each field and why."""


class NotAPlayer(GameError):
    status, code, detail = 403, "not_a_player", _("Je speelt niet mee in deze partij.")


class NotYourTurn(GameError):
    status, code, detail = 403, "not_your_turn", _("Je bent niet aan de beurt.")


class NotFinished(GameError):
    status, code, detail = 403, "not_finished", _("De partij is nog niet voorbij.")


class GameNotFound(GameError):
    status, code, detail = 404, "not_found", _("Die partij bestaat niet.")


class StaleSeq(GameError):
    status, code, detail = 409, "stale_seq", _("De partij is intussen verder gegaan.")


class NotActive(GameError):
    status, code, detail = 409, "not_active", _("De partij is niet bezig.")


class ClientMoveIdReused(GameError):
    status, code = 409, "client_move_id_reused"
    detail = _("Deze client_move_id hoort bij een andere zet.")


class CannotJoin(GameError):
    status, code, detail = 409, "cannot_join", _("Je kunt niet aan deze partij meedoen.")


class CannotLeave(GameError):
    status, code, detail = 409, "cannot_leave", _("Deze partij kun je niet meer verlaten.")


class CannotRematch(GameError):
    status, code, detail = 409, "cannot_rematch", _("Een revanche kan pas na afloop.")


class IllegalMoveError(RefusedMove):
    status, kind = 422, "illegal_move"


class OutOfTime(GameError):
    """The mover's clock ran out (at or after the deadline): the timeout wins the race."""

    status, code, detail = 409, "out_of_time", _("Je bedenktijd is om.")


class NotClaimable(GameError):
    """No timeout is pending, or the caller is the seat whose time ran out."""

    status, code = 409, "not_claimable"
    detail = _("Er is geen time-out om op te eisen of tijd voor te geven.")
