"""How many streams one reader may hold open in one web process (docs/api.md, "Streams"):
a token or a session's player. Counted in the process, so a proxy spreading one reader over
N processes allows N times as many; enough to stop a program that forgets to close them."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.conf import settings
from django.utils.translation import gettext_noop

from dwaalhof_site.api.errors import ApiError

_open: Counter[str] = Counter()


class TooManyStreams(ApiError):
    status = 429
    code = "too_many_streams"
    detail = gettext_noop("Te veel open streams (hoogstens %(max)s per token of speler).")


def holder(user: Any, token: Any) -> str:
    return f"token:{token.pk}" if token is not None else f"user:{user.pk}"


def limit() -> int:
    return int(settings.DWAALHOF_STREAMS_PER_HOLDER)


def full(who: str) -> bool:
    return _open[who] >= limit()


def take(who: str) -> None:
    """Counted from the stream's first step (its generator), given back in its `finally`:
    a response never iterated holds nothing."""
    _open[who] += 1


def give_back(who: str) -> None:
    _open[who] -= 1
    if _open[who] <= 0:
        del _open[who]


def open_count(who: str) -> int:
    return _open[who]
