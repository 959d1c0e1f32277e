"""A game's time control: a frozen, always valid value with one canonical JSON form.

Three kinds (docs/clocks.md): `live` (a bank of minutes plus seconds per completed turn),
`correspondence` (a bank of days plus hours per turn, never above a cap) and `per_turn`
(the same fixed time for every turn, the stored games' `turn_seconds`). The settings are
whole seconds; the clock itself counts integer milliseconds (`clocks.clock`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, TypedDict

from .errors import InvalidTimeControl

Kind = Literal["live", "correspondence", "per_turn"]
OnTimeout = Literal["claim", "auto"]

LIVE: Final = "live"
CORRESPONDENCE: Final = "correspondence"
PER_TURN: Final = "per_turn"
KINDS: Final[tuple[Kind, ...]] = ("live", "correspondence", "per_turn")
ON_TIMEOUT: Final[tuple[OnTimeout, ...]] = ("claim", "auto")

MINUTE: Final = 60
HOUR: Final = 3600
DAY: Final = 24 * HOUR


@dataclass(frozen=True, slots=True)
class Bound:
    """The allowed values of one setting: `low..high` inclusive, in steps of `step`."""

    low: int
    high: int
    step: int

    def allows(self, value: int) -> bool:
        return self.low <= value <= self.high and value % self.step == 0


# The bounds of each kind's settings, in seconds (docs/clocks.md, "Bounds").
SECONDS: Final[Mapping[Kind, Bound]] = {
    "live": Bound(3 * MINUTE, 60 * MINUTE, MINUTE),
    "correspondence": Bound(1 * DAY, 14 * DAY, HOUR),
    "per_turn": Bound(1 * HOUR, 14 * DAY, 1),  # today's TURN_SECONDS_MIN..MAX, any second
}
INCREMENT: Final[Mapping[Kind, Bound]] = {
    "live": Bound(0, 60, 1),
    "correspondence": Bound(0, 3 * DAY, HOUR),
    "per_turn": Bound(0, 0, 1),  # each turn has its own fixed time: nothing to add
}
CAP_MAX: Final = 14 * DAY  # a correspondence cap: at least the bank, at most 14 days, whole hours

# What the opponent may give when the clock has run out, and how long they have to choose
# before the claim happens by itself (seconds).
EXTRA_TIME: Final[Mapping[Kind, int]] = {
    "live": 2 * MINUTE,
    "correspondence": DAY,
    "per_turn": DAY,
}
GRACE: Final[Mapping[Kind, int]] = {"live": 60, "correspondence": 72 * HOUR, "per_turn": 72 * HOUR}


class TimeControlJson(TypedDict):
    """The canonical JSON form: every key, always, in this order."""

    kind: Kind
    seconds: int
    increment: int
    cap: int | None
    vacation: bool
    on_timeout: OnTimeout


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A time control. Building one validates it (raises `InvalidTimeControl`), so a
    `TimeControl` in hand is always within the bounds.

    - `seconds`: the bank at the start (live, correspondence), or each turn's time (per_turn);
    - `increment`: added to the seat's bank when it completes a turn (0 for per_turn);
    - `cap`: correspondence only, the most a bank may hold after an increment (None otherwise);
    - `vacation`: whether a seat's vacation stops its clock (always False for live);
    - `on_timeout`: `claim` (the opponent claims the win or gives more time, within a grace
      period) or `auto` (the seat that ran out loses at once, as before).
    """

    kind: Kind
    seconds: int
    increment: int = 0
    cap: int | None = None
    vacation: bool = False
    on_timeout: OnTimeout = "claim"

    def __post_init__(self) -> None:
        _validate(self)

    @classmethod
    def live(
        cls, minutes: int, increment: int = 0, *, on_timeout: OnTimeout = "claim"
    ) -> TimeControl:
        return cls(LIVE, minutes * MINUTE, increment, None, False, on_timeout)

    @classmethod
    def correspondence(
        cls,
        days: int,
        increment_hours: int = 0,
        cap_days: int | None = None,
        *,
        vacation: bool = True,
        on_timeout: OnTimeout = "claim",
    ) -> TimeControl:
        """A bank of `days`, `increment_hours` per turn, capped at `cap_days` (default: the
        bank, so an increment only gives back what the turn used)."""
        cap = (cap_days if cap_days is not None else days) * DAY
        return cls(CORRESPONDENCE, days * DAY, increment_hours * HOUR, cap, vacation, on_timeout)

    @classmethod
    def per_turn(
        cls, seconds: int, *, vacation: bool = True, on_timeout: OnTimeout = "claim"
    ) -> TimeControl:
        return cls(PER_TURN, seconds, 0, None, vacation, on_timeout)

    @classmethod
    def stored(cls, turn_seconds: int) -> TimeControl:
        """A game stored before time controls: its `turn_seconds` per turn, no vacation, and
        the automatic loss on timeout, exactly the rules it was created under."""
        return cls(PER_TURN, turn_seconds, 0, None, False, "auto")

    @property
    def extra_time(self) -> int:
        """Seconds the opponent gives with "give more time" after a timeout."""
        return EXTRA_TIME[self.kind]

    @property
    def grace(self) -> int:
        """Seconds the opponent has to claim or give time before the claim happens by itself."""
        return GRACE[self.kind]

    def to_json(self) -> TimeControlJson:
        return {
            "kind": self.kind,
            "seconds": self.seconds,
            "increment": self.increment,
            "cap": self.cap,
            "vacation": self.vacation,
            "on_timeout": self.on_timeout,
        }

    @classmethod
    def from_json(cls, data: object) -> TimeControl:
        """Read a time control from JSON. `kind` and `seconds` are required; `increment`
        defaults to 0, `cap` to the bank (correspondence) or null, `vacation` to true
        (false for live), `on_timeout` to "claim". Refuses unknown keys and wrong types."""
        if not isinstance(data, dict):
            raise InvalidTimeControl("time_control_shape", field=None)
        unknown = sorted(str(key) for key in data if key not in TimeControlJson.__annotations__)
        if unknown:
            raise InvalidTimeControl("time_control_shape", field=unknown[0])
        kind = data.get("kind")
        if kind not in KINDS:
            raise InvalidTimeControl("time_control_kind", kind=_plain(kind), allowed=list(KINDS))
        seconds = _integer(data, "seconds", None)
        increment = _integer(data, "increment", 0)
        cap = data.get("cap", seconds if kind == CORRESPONDENCE else None)
        if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool)):
            raise InvalidTimeControl("time_control_shape", field="cap")
        vacation = data.get("vacation", kind != LIVE)
        if not isinstance(vacation, bool):
            raise InvalidTimeControl("time_control_shape", field="vacation")
        on_timeout = data.get("on_timeout", "claim")
        if on_timeout not in ON_TIMEOUT:
            raise InvalidTimeControl(
                "time_control_on_timeout", on_timeout=_plain(on_timeout), allowed=list(ON_TIMEOUT)
            )
        return cls(kind, seconds, increment, cap, vacation, on_timeout)


def _integer(data: dict[Any, Any], field: str, default: int | None) -> int:
    """The integer at `field` (`default` when missing; None: required)."""
    value = data.get(field, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidTimeControl("time_control_shape", field=field)
    return value


def _plain(value: object) -> object:
    """A refused value as a refusal parameter: JSON scalars pass, anything else by its type."""
    return (
        value
        if isinstance(value, str | int | float | bool) or value is None
        else type(value).__name__
    )


def _out_of(field: str, kind: Kind, bound: Bound, value: int) -> InvalidTimeControl:
    return InvalidTimeControl(
        f"time_control_{field}",
        kind=kind,
        value=value,
        min=bound.low,
        max=bound.high,
        step=bound.step,
    )


def _validate(control: TimeControl) -> None:
    kind = control.kind
    if kind not in KINDS:
        raise InvalidTimeControl("time_control_kind", kind=_plain(kind), allowed=list(KINDS))
    if control.on_timeout not in ON_TIMEOUT:
        raise InvalidTimeControl(
            "time_control_on_timeout",
            on_timeout=_plain(control.on_timeout),
            allowed=list(ON_TIMEOUT),
        )
    for field, value in (("seconds", control.seconds), ("increment", control.increment)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidTimeControl("time_control_shape", field=field)
    if not SECONDS[kind].allows(control.seconds):
        raise _out_of("seconds", kind, SECONDS[kind], control.seconds)
    if not INCREMENT[kind].allows(control.increment):
        raise _out_of("increment", kind, INCREMENT[kind], control.increment)
    if kind == CORRESPONDENCE:
        cap_bound = Bound(control.seconds, CAP_MAX, HOUR)
        if control.cap is None:
            raise InvalidTimeControl("time_control_shape", field="cap")
        if not cap_bound.allows(control.cap):
            raise _out_of("cap", kind, cap_bound, control.cap)
    elif control.cap is not None:
        raise InvalidTimeControl("time_control_not_for_kind", kind=kind, field="cap")
    if kind == LIVE and control.vacation:
        raise InvalidTimeControl("time_control_not_for_kind", kind=kind, field="vacation")
    if not isinstance(control.vacation, bool):
        raise InvalidTimeControl("time_control_shape", field="vacation")


# The presets offered at creation, by a stable name (docs/clocks.md, "Presets").
PRESETS: Final[Mapping[str, TimeControl]] = {
    "live_5_10": TimeControl.live(5, 10),
    "live_10_20": TimeControl.live(10, 20),
    "live_20_30": TimeControl.live(20, 30),
    "live_45_45": TimeControl.live(45, 45),
    "correspondence_1d_12h_3d": TimeControl.correspondence(1, 12, 3),
    "correspondence_3d_1d_7d": TimeControl.correspondence(3, 24, 7),
    "correspondence_7d_2d_14d": TimeControl.correspondence(7, 48, 14),
    "per_turn_1d": TimeControl.per_turn(DAY),
    "per_turn_3d": TimeControl.per_turn(3 * DAY),
}
