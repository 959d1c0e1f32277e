"""Instants as integer milliseconds since the Unix epoch, exactly (no float on the way)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Final

EPOCH: Final = datetime(1970, 1, 1, tzinfo=UTC)
ONE_MS: Final = timedelta(milliseconds=1)


def to_ms(moment: datetime) -> int:
    """An aware datetime as ms since the epoch (sub-millisecond parts are dropped)."""
    if moment.tzinfo is None:
        raise ValueError("a naive datetime has no instant")
    return (moment - EPOCH) // ONE_MS


def from_ms(ms: int) -> datetime:
    """The UTC datetime of `ms` since the epoch."""
    return EPOCH + timedelta(milliseconds=ms)
