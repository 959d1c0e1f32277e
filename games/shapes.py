"""The JSON objects games.selectors builds for the API, as TypedDicts.

The API's response serializers (games.api.serializers) describe the same objects for the
OpenAPI schema: each shape here has the serializer that renders it, and
tests/server/test_payload_shapes.py checks that the two name the same keys. The engine's
JSON (a view, a move, a result) is passed on as it is: `dict[str, Any]`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypedDict

from clocks import ClockStateJson, Reading, TimeControlJson


class ShownRating(TypedDict):
    """The part of a player's rating a game shows (None for the computer)."""

    rating: int | None
    provisional: bool


class Player(TypedDict):
    """A seat and who holds it (PlayerSerializer)."""

    seat: int
    display_name: str
    username: str | None  # None: the computer, or a deleted account
    is_computer: bool
    bot: bool  # a bot account (a program playing through the API), not the computer
    rating: int | None
    provisional: bool
    vacation_until: datetime | None  # the seat's clock stands still until then (vacation)


class Timeout(TypedDict):
    """A seat's time is out and the game waits for the opponent to claim or give time
    (on_timeout "claim"; TimeoutSerializer)."""

    seat: int
    claim_until: int  # ms since the epoch: the claim happens by itself then
    extra_time: int  # s: what "wait" gives the seat that ran out


class GameFields(TypedDict):
    """The fields of a game that are the same for whoever asks (the start of GameSummary)."""

    id: int
    status: str
    opponent: str
    computer_level: str | None
    public: bool
    rated: bool
    rating_min: int | None
    rating_max: int | None
    rating_changes: list[dict[str, Any]] | None  # ratings.services.change_payload
    turn_seconds: int
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    turn_started_at: datetime | None
    deadline_at: datetime | None
    seq: int
    round: int
    phase: str
    current: int | None
    rules_version: str
    seed_commitment: str
    seed: str | None  # revealed when the game is finished
    result: dict[str, Any] | None
    rematch_id: int | None
    time_control: TimeControlJson | None  # None: against the computer (TimeControlSerializer)
    clock: Reading | None  # clocks.reading at the server's now (ClockReadingSerializer)
    timeout: Timeout | None


class GameSummary(GameFields):
    """What lists show of a game, for one user (GameSummarySerializer)."""

    your_seat: int | None
    your_turn: bool
    players: list[Player]
    invite_code: str | None
    invite_url: str | None


class GameDetail(GameSummary):
    """The summary with the engine's view for the user's seat (GameSerializer)."""

    state: dict[str, Any] | None  # None before the game starts
    legal_moves: list[dict[str, Any]]


class LogEntry(TypedDict):
    """One entry of a game's move log as a viewer may see it (LogEntrySerializer)."""

    seq: int
    seat: int | None
    move: dict[str, Any]
    auto: bool
    created: datetime


class ClockEventEntry(TypedDict):
    """A ClockEvent row in the export (ClockEventSerializer)."""

    seq: int  # log entries before it
    at: datetime
    seat: int
    kind: str  # time_given, claimed, paused, resumed
    ms: int | None  # time given


class ClockExport(TypedDict):
    """What the export carries to verify the clock offline (the end of GameExport)."""

    time_control: TimeControlJson | None
    started_at: datetime | None
    clock_seq: int
    clock_events: list[ClockEventEntry]
    clock: ClockStateJson | None


class GameExport(ClockExport):
    """Everything needed to verify a finished game (ExportSerializer)."""

    game_id: int
    rules_version: str
    seed: str
    seed_commitment: str
    players: list[Player]
    log: list[LogEntry]
    result: dict[str, Any] | None
    created_at: datetime
    finished_at: datetime | None
