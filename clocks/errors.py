"""The clocks' refusals: a stable code and its parameters, as the engine's are
(`engine/errors.py`). The words belong to whoever shows them: the server translates the code.
"""

from __future__ import annotations

from typing import Any


class ClockError(Exception):
    """Base of every error the clocks raise on purpose: `code` and `params`."""

    def __init__(self, code: str, /, **params: Any):
        super().__init__(code)
        self.code = code
        self.params = params

    def __str__(self) -> str:
        return f"{self.code} {self.params}"

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and isinstance(other, ClockError)
            and (self.code, self.params) == (other.code, other.params)
        )

    def __hash__(self) -> int:
        return hash(self.code)


class InvalidTimeControl(ClockError):
    """A time control outside the bounds, or a JSON form that is not one."""


class ClockEventError(ClockError):
    """An event the clock cannot take now (a move after the time ran out, a pause in a live
    game, a timeout before the deadline, time going backwards ...)."""
