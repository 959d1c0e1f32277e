"""How many streams one reader may hold open in one web process (docs/api.md, "Streams"):
per token or session (DWAALHOF_STREAMS_PER_HOLDER), and per player over all their tokens and
sessions (DWAALHOF_STREAMS_PER_USER). Counted in the process, so a proxy spreading one
reader over N processes allows N times as many; enough to stop a program that forgets to
close them. A stream counts from its admission to its end (streams.consumers)."""

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
    return f"token:{token.pk}" if token is not None else f"session:{user.pk}"


def player(user: Any) -> str:
    return f"user:{user.pk}"


def limit() -> int:
    return int(settings.DWAALHOF_STREAMS_PER_HOLDER)


def user_limit() -> int:
    return int(settings.DWAALHOF_STREAMS_PER_USER)


def refusal(user: Any, token: Any) -> TooManyStreams | None:
    """The refusal of one more stream for this reader, or None."""
    for who, most in ((holder(user, token), limit()), (player(user), user_limit())):
        if _open[who] >= most:
            return TooManyStreams(params={"max": most})
    return None


def take(user: Any, token: Any) -> str:
    """Count one more stream of this reader; the key to give it back with."""
    who = holder(user, token)
    _open[who] += 1
    _open[player(user)] += 1
    return f"{who}|{player(user)}"


def give_back(taken: str) -> None:
    for who in taken.split("|"):
        _open[who] -= 1
        if _open[who] <= 0:
            del _open[who]


def open_count(who: str) -> int:
    return _open[who]
