"""`?since=N`, where a stream resumes: a game's seq, or the account's last notice id."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext_noop

from dwaalhof_site.api.errors import ApiError


class BadSince(ApiError):
    code = "invalid"
    detail = gettext_noop("`since` moet een geheel getal van 0 of meer zijn.")


def parse(request: HttpRequest) -> int | None:
    raw = request.GET.get("since")
    if raw is None:
        return None
    if not raw.isdigit():
        raise BadSince()
    return int(raw)
