"""Why a follow was refused. Each detail is a Dutch gettext msgid (locale/en has the English)."""

from __future__ import annotations

from django.utils.translation import gettext_noop as _

from dwaalhof_site.api.errors import ApiError


class CannotFollowSelf(ApiError):
    status, code, detail = 400, "cannot_follow_self", _("Jezelf volgen kan niet.")


class FollowBlocked(ApiError):
    status, code = 409, "blocked"
    detail = _("Een van jullie heeft de ander geblokkeerd: volgen kan niet.")


class TooManyFollows(ApiError):
    """`max`: the most players one account may follow (services.FOLLOWS_MAX)."""

    status, code = 409, "too_many_follows"
    detail = _("Je volgt al %(max)s spelers; ontvolg er eerst een.")
