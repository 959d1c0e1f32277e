"""Dwaalhof's clocks: the time controls and the clock they run, pure Python, no Django.

These are the site's rules, not the hofreglement's (docs/clocks.md). The server, the worker,
`verify_game` and the client's display all follow this one model:

- `TimeControl` (kinds live, correspondence, per_turn; `PRESETS`; `to_json`/`from_json`);
- the events `TurnStarted`, `TurnEnded`, `Paused`, `Resumed`, `TimeGiven`, `Flagged`, folded
  into a `ClockState` by `start`, `advance`, `advance_all` and `fold` (a state keeps as
  JSON: `ClockState.to_json`/`from_json`);
- the readings `remaining`, `deadline`, `expired`, `grace_deadline`, `timeout_due`,
  `may_claim`, `reminder_thresholds`, `reminders`, `reading`;
- `to_ms`/`from_ms` between datetimes and the clock's integer milliseconds;
- the refusals `InvalidTimeControl` and `ClockEventError` (a code and its parameters).
"""

from .clock import (
    MS,
    SEATS,
    ClockState,
    ClockStateJson,
    Event,
    Flagged,
    Paused,
    Resumed,
    TimeGiven,
    TurnEnded,
    TurnStarted,
    advance,
    advance_all,
    fold,
    start,
)
from .control import (
    CORRESPONDENCE,
    KINDS,
    LIVE,
    PER_TURN,
    PRESETS,
    Kind,
    OnTimeout,
    TimeControl,
    TimeControlJson,
)
from .errors import ClockError, ClockEventError, InvalidTimeControl
from .instants import from_ms, to_ms
from .readings import (
    Reading,
    deadline,
    expired,
    grace_deadline,
    may_claim,
    reading,
    remaining,
    reminder_thresholds,
    reminders,
    timeout_due,
)

__all__ = [
    "CORRESPONDENCE",
    "KINDS",
    "LIVE",
    "MS",
    "PER_TURN",
    "PRESETS",
    "SEATS",
    "ClockError",
    "ClockEventError",
    "ClockState",
    "ClockStateJson",
    "Event",
    "Flagged",
    "InvalidTimeControl",
    "Kind",
    "OnTimeout",
    "Paused",
    "Reading",
    "Resumed",
    "TimeControl",
    "TimeControlJson",
    "TimeGiven",
    "TurnEnded",
    "TurnStarted",
    "advance",
    "advance_all",
    "deadline",
    "expired",
    "fold",
    "from_ms",
    "grace_deadline",
    "may_claim",
    "reading",
    "reminder_thresholds",
    "reminders",
    "remaining",
    "start",
    "timeout_due",
    "to_ms",
]
