"""The refusals of a token (the API's error envelope)."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from dwaalhof_site.api.errors import ApiError


class ClosedToTokens(ApiError):
    status = 403
    code = "token_not_allowed"
    detail = gettext_noop("Dit kan niet met een token; log in op de site.")


class ScopeMissing(ApiError):
    status = 403
    code = "scope_missing"
    detail = gettext_noop("Dit token mist de bevoegdheid %(scope)s.")


class NoSuchToken(ApiError):
    status = 404
    code = "not_found"
    detail = gettext_noop("Dit token bestaat niet (meer).")


class RateLimited(ApiError):
    """Too many requests with one token (dwaalhof_site.api.throttles.TokenThrottle): `kind`
    "read" or "write", `retry_after` whole seconds (also the Retry-After header)."""

    status = 429
    code = "token_rate_limited"
    detail = gettext_noop(
        "Te veel verzoeken met dit token. Probeer het over %(retry_after)s seconden opnieuw."
    )
