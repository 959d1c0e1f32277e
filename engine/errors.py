"""The engine's errors, by kind (a malformed move is not the same as an illegal one).

A refusal names a stable code and its parameters, e.g. `IllegalMove("die_price", price=4)`;
its words come from the catalogue of a language (`engine.refusals`): `err.text("en")`.
`str(err)` is the Dutch text.
"""

from __future__ import annotations

from typing import Any

from . import refusals


class Refusal:
    """Why a move (or a step of a walk plan) is refused: a code and its parameters."""

    __slots__ = ("code", "params")

    def __init__(self, code: str, /, **params: Any):
        self.code = code
        self.params = params

    def text(self, lang: str = refusals.DEFAULT_LANGUAGE) -> str:
        return refusals.text(self.code, self.params, lang)

    def illegal(self) -> IllegalMove:
        return IllegalMove(self.code, **self.params)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Refusal) and self.code == other.code and self.params == other.params
        )

    def __hash__(self) -> int:
        return hash(self.code)

    def __repr__(self) -> str:
        return f"Refusal({self.code!r}, **{self.params!r})"


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    def __init__(self, code: str, /, **params: Any):
        super().__init__(code)
        self.code = code
        self.params = params

    def text(self, lang: str = refusals.DEFAULT_LANGUAGE) -> str:
        return refusals.text(self.code, self.params, lang)

    def __str__(self) -> str:
        return self.text()


class InvalidMove(EngineError):
    """The move is malformed: unknown type, missing or ill-typed field."""


class IllegalMove(EngineError):
    """The move is well-formed but the rules do not allow it now."""


class ReplayError(EngineError):
    """A log does not replay. `index` is the first bad entry."""

    def __init__(self, index: int, reason: str):
        super().__init__("replay", index=index)
        self.index = index
        self.reason = reason

    def __str__(self) -> str:
        return f"log entry {self.index}: {self.reason}"
