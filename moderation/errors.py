"""Why a block, a report, a chat line or a new game between two players was refused. Each
detail is a Dutch gettext msgid (moderation/locale/en has the English)."""

from __future__ import annotations

from django.utils.translation import gettext_noop as _

from dwaalhof_site.api.errors import ApiError
from dwaalhof_site.api.gate import AccountBarred


class PlayerNotFound(ApiError):
    status, code, detail = 404, "player_not_found", _("Die speler bestaat niet.")


class CannotBlockSelf(ApiError):
    status, code, detail = 400, "cannot_block_self", _("Jezelf blokkeren kan niet.")


class AlreadyBlocked(ApiError):
    status, code, detail = 409, "already_blocked", _("Je hebt deze speler al geblokkeerd.")


class NotBlocked(ApiError):
    status, code, detail = 404, "not_blocked", _("Je hebt deze speler niet geblokkeerd.")


class Blocked(ApiError):
    """A new game, an invitation or chat between two players one of whom blocked the other."""

    status, code = 409, "blocked"
    detail = _("Een van jullie heeft de ander geblokkeerd: samen spelen of chatten kan niet.")


class CannotReportSelf(ApiError):
    status, code, detail = 400, "cannot_report_self", _("Jezelf melden kan niet.")


class MessageNotFound(ApiError):
    status, code = 404, "message_not_found"
    detail = _("Dat bericht bestaat niet, of je kunt het niet zien.")


class AlreadyReported(ApiError):
    status, code = 409, "already_reported"
    detail = _("Je hebt dit al gemeld; een moderator kijkt ernaar.")


class TooManyReports(ApiError):
    status, code = 429, "reports_throttled"
    detail = _("Je hebt vandaag al veel meldingen gedaan. Probeer het morgen weer.")


class Silenced(ApiError):
    """A chat line from an account a moderator silenced (or suspended); `until`: when it
    ends (ISO 8601), or null: until a moderator lifts it."""

    status, code = 403, "account_silenced"
    detail = _("Een moderator heeft je het chatten voorlopig ontzegd.")


class Suspended(AccountBarred):
    """A request (login, session, token) of a suspended account; `until` as for Silenced."""

    status = status_code = 403
    code = "account_suspended"
    detail = _("Je account is geschorst door een moderator.")  # type: ignore[assignment]
