"""The engine's errors, by kind (a malformed move is not the same as an illegal one)."""


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class InvalidMove(EngineError):
    """The move is malformed: unknown type, missing or ill-typed field."""


class IllegalMove(EngineError):
    """The move is well-formed but the rules do not allow it now. The message is for the player."""


class ReplayError(EngineError):
    """A log does not replay. `index` is the first bad entry."""

    def __init__(self, index: int, reason: str):
        super().__init__(f"log entry {index}: {reason}")
        self.index = index
        self.reason = reason
