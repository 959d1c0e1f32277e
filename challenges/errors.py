"""Why a challenge request was refused. Each detail is a Dutch gettext msgid (locale/en has
the English); the API answers it in the request's language."""

from __future__ import annotations

from django.utils.translation import gettext_noop as _

from dwaalhof_site.api.errors import ApiError


class ChallengeRefused(ApiError):
    """A new challenge that cannot be sent (400): `code` says why."""

    status = 400


class UnknownPlayer(ChallengeRefused):
    code, detail = "unknown_player", _("Er is geen speler met die naam.")


class ChallengeSelf(ChallengeRefused):
    code, detail = "challenge_self", _("Jezelf uitdagen kan niet.")


class BlockedPlayer(ChallengeRefused):
    code = "blocked"
    detail = _("Een van jullie heeft de ander geblokkeerd: uitdagen kan niet.")


class PlayerSuspended(ChallengeRefused):
    code, detail = "player_suspended", _("Deze speler is geschorst en kan nu niet spelen.")


class OpponentSuspended(ApiError):
    """Accepting a challenge from a player suspended since they sent it."""

    status, code = 409, "player_suspended"
    detail = PlayerSuspended.detail


class AlreadyChallenged(ChallengeRefused):
    code = "already_challenged"
    detail = _("Je hebt deze speler al uitgedaagd; wacht op het antwoord.")


class ChallengeNotFound(ApiError):
    status, code, detail = 404, "challenge_not_found", _("Die uitdaging bestaat niet.")


class NotYours(ApiError):
    """Only the challenged may accept or decline, only the challenger may cancel."""

    status, code = 403, "not_yours"


class NotOpen(ApiError):
    """The challenge was answered, cancelled or expired already; `status` says which."""

    status, code = 409, "challenge_not_open"
    detail = _("Deze uitdaging staat niet meer open.")


class Expired(NotOpen):
    code, detail = "challenge_expired", _("Deze uitdaging is verlopen.")
