"""The game state.

`apply` never mutates the state it is given: it clones it (`State.clone`) and changes the
clone. Containers are copied one level deep; what they hold is immutable (Tile is frozen,
hexes are tuples), so a clone is cheap. Rules modules mutate only a fresh clone.

Copy on write: a clone shares the board and the House objects with the state it came from
until one of them changes them (most moves change neither), so the rules change them only
through `State.own_board()` and `State.own_house(key)`, which copy them first when they are
shared. The card ids (`cards`) are fixed at setup and shared by every clone.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import Field, dataclass, field, fields
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .hexes import Hex
from .rulesets import CURRENT, RULESETS, Ruleset

if TYPE_CHECKING:
    from .scoring import Result

RESOURCES = ("geld", "relaties", "reputatie", "gunst")
PAWNS = (1, 2, 3)
PAWN_ROLES = {1: "koopman", 2: "klerk", 3: "kapelaan"}

START_RESOURCES = {"geld": 3, "relaties": 2, "reputatie": 0, "gunst": 0}
ROUNDS = 6
HOUSE_SUPPLY = 8
# Tile kinds a pawn may stand on (Tile.passable; hot loops test `kind in PASSABLE` directly).
PASSABLE = frozenset(("path", "bridge", "house", "plaza"))


def _make_copier(
    cls: type[Any], *, not_copied: frozenset[str] = frozenset()
) -> Callable[[Any], Any]:
    """A copier for the slotted dataclass `cls` that copies every list and dict field one
    level deep, compiled once (as dataclasses compiles __init__): one plain attribute read
    and write per field, and `.copy()` only where the field's declared type is a list or a
    dict, so no type test runs per field at copy time. Fields in `not_copied` are only
    referenced: the caller replaces or shares them. Every field added later is covered too.
    (Cloning is a large part of a random game: apply clones the state, ~9 houses, 2 players.)"""
    lines = ["def copier(obj):", "    new = new_object(cls)"]
    for f in fields(cls):
        deep = f.name not in not_copied and _is_container(f)
        lines.append(f"    new.{f.name} = obj.{f.name}{'.copy()' if deep else ''}")
    lines.append("    return new")
    namespace: dict[str, Any] = {"new_object": object.__new__, "cls": cls}
    exec("\n".join(lines), namespace)  # noqa: S102 — the code is built from our own field names
    copier: Callable[[Any], Any] = namespace["copier"]
    return copier


def _is_container(f: Field[Any]) -> bool:
    """A list or dict field (annotations are strings here: `from __future__ import annotations`)."""
    return f.default_factory in (list, dict) or str(f.type).startswith(("list[", "dict["))


_LEAVES = (str, int, float, bool, type(None))


def _copy_json(value: Any) -> Any:
    """A deep copy of JSON-like data: dicts and lists copied, str/number/None leaves shared,
    anything else by copy.deepcopy. Same result as deepcopy on the turn report, a fraction
    of its cost (the report is copied on every move of the roll phase after settling)."""
    kind = type(value)
    if kind is dict:
        return {k: _copy_json(v) for k, v in value.items()}
    if kind is list:
        return [_copy_json(v) for v in value]
    if kind in _LEAVES:
        return value
    return copy.deepcopy(value)


@dataclass(frozen=True, slots=True)
class Tile:
    """One hex of the board. kind: path, bridge, house, plaza, water, forest, empty.

    shape (path and bridge): straight, curve, t, cross. openings: 6-bit side mask.
    A cleared empty field becomes kind "path", shape "cross", cleared True.
    """

    kind: str
    openings: int = 0
    shape: str | None = None
    toll: bool = False
    house: str | None = None
    cleared: bool = False

    @property
    def passable(self) -> bool:
        return self.kind in PASSABLE

    @property
    def rotatable(self) -> bool:
        return self.kind == "path" and self.shape != "cross"

    def with_openings(self, openings: int) -> Tile:
        """This tile turned to `openings`: dataclasses.replace, written out (5x faster;
        a walk plan turns tiles often), from the shared tiles. Every field is passed on."""
        return shared_tile(self.kind, openings, self.shape, self.toll, self.house, self.cleared)


# A Tile is a frozen value, so equal tiles can be one object: a board's ~110 tiles come from a
# few dozen kinds, and looking one up costs a sixth of building it (board generation builds
# every candidate board's tiles; a walk plan turns tiles). typed: a toll of 1 and one of True
# stay two tiles, as they were.
shared_tile = lru_cache(maxsize=256, typed=True)(Tile)


@dataclass(slots=True)
class House:
    key: str  # gilde, poorterij, ...
    hex: Hex
    court_action: str  # key into content.court_actions
    supply: int = HOUSE_SUPPLY
    posts: list[int] = field(default_factory=list)  # seats with a trading post here, in order
    acted_this_round: bool = False

    def clone(self) -> House:
        return _copy_house(self)


@dataclass(slots=True)
class Player:
    seat: int
    resources: dict[str, int] = field(default_factory=lambda: dict(START_RESOURCES))
    aanzien: int = 0
    pawns: dict[int, Hex] = field(default_factory=dict)  # pawn number -> hex
    hand: list[str] = field(default_factory=list)  # card instance ids
    active: list[str] = field(default_factory=list)  # permanent cards activated (still in hand)
    tasks: list[str] = field(default_factory=list)  # task keys held
    done_tasks: list[str] = field(default_factory=list)
    offices: list[str] = field(default_factory=list)
    foundations: list[str] = field(default_factory=list)
    clears: int = 0  # fields cleared this game (max 2)
    acted_houses: list[str] = field(default_factory=list)  # distinct houses acted at
    high_houses: list[str] = field(default_factory=list)  # distinct houses of a high action
    high_rounds: list[int] = field(default_factory=list)  # rounds with a high action
    paid_rotations: list[Hex] = field(default_factory=list)  # distinct tiles a step paid for
    rotated_tiles: list[Hex] = field(default_factory=list)  # distinct tiles rotated at all
    # Temporary effects: name -> value (e.g. "laster": turns left, "extra_step": n).
    effects: dict[str, int] = field(default_factory=dict)
    # Aanzien by source, for the end screen (court, posts, tasks, cards ...).
    aanzien_sources: dict[str, int] = field(default_factory=dict)

    def clone(self) -> Player:
        return _copy_player(self)  # every field is a value, a list or a flat dict


@dataclass(slots=True)
class Turn:
    """What happened so far in the current turn. A fresh Turn starts every turn."""

    taken: bool = False  # phase 1: a card or task taken
    walk_dice: tuple[int, ...] = ()  # phase 2: () until rolled
    steps: int = 0  # steps left
    bought_steps: int = 0  # extra steps bought with relations (max 4)
    rotated: list[Hex] = field(default_factory=list)  # tiles rotated this turn
    met: list[int] = field(default_factory=list)  # own pawns that had a meeting
    rested: list[int] = field(default_factory=list)  # own pawns resting at a Herberg
    walked: list[int] = field(default_factory=list)  # own pawns moved this turn
    choices: dict[int, str | None] = field(default_factory=dict)  # phase 3: pawn -> choice
    choice_targets: dict[int, Hex] = field(default_factory=dict)  # pawn -> toll hex
    bought_dice: int = 0  # phase 4
    dice: tuple[int, ...] = ()  # () until rolled
    bends: int = 0
    locked: bool = False
    activated: list[str] = field(default_factory=list)  # card ids activated this roll
    pips: int = 0  # activation pips off the sum
    settled: bool = False
    report: dict[str, Any] = field(default_factory=dict)  # what settling yielded, for the panel

    def clone(self) -> Turn:
        c = _copy_turn(self)
        if self.report:  # the only nested field
            c.report = _copy_json(self.report)
        return c


@dataclass(slots=True)
class State:
    seed: str
    board: dict[Hex, Tile]
    houses: dict[str, House]  # house key -> House
    players: list[Player]
    start_seat: int
    current: int
    round: int = 1
    phase: str = "draw"
    turn: Turn = field(default_factory=Turn)
    tokens: dict[Hex, str] = field(default_factory=dict)  # hex -> token kind
    cards: dict[str, str] = field(default_factory=dict)  # card id -> card key (set up once)
    deck: list[str] = field(default_factory=list)  # card ids, top first (hidden)
    market: list[str | None] = field(default_factory=list)  # 4 open card ids
    discards: list[str] = field(default_factory=list)
    task_deck: list[str] = field(default_factory=list)  # hidden order
    conveyor: list[str] = field(default_factory=list)  # 4 open tasks, front first
    event: str | None = None  # this round's court event
    event_closed: str | None = None  # the house this round's event closed, if any
    event_deck: list[str] = field(default_factory=list)  # future events (hidden)
    offices: dict[str, int] = field(default_factory=dict)  # office -> holder seat
    rng_counters: dict[str, int] = field(default_factory=dict)
    scripted_dice: tuple[int, ...] | None = None  # tests: every die comes from here
    dice_used: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)  # every entry applied, JSON
    result: Result | None = None  # set when the game is over
    rules: Ruleset = RULESETS[CURRENT]  # the readings this game plays by (engine.rulesets)
    # Copy on write: what this state shares with a clone of it or the state it was cloned
    # from ("board" and house keys), so it copies them before changing them (own_board,
    # own_house). Bookkeeping, not game state: not compared, not shown.
    _shared: set[str] = field(default_factory=set, init=False, repr=False, compare=False)

    # --- convenience ----------------------------------------------------------------------
    @property
    def seq(self) -> int:
        """Number of log entries applied: the state after entry seq-1."""
        return len(self.log)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def me(self) -> Player:
        return self.players[self.current]

    @property
    def opponent(self) -> Player:
        return self.players[1 - self.current]

    def house_at(self, h: Hex) -> House | None:
        tile = self.board.get(h)
        return self.houses[tile.house] if tile is not None and tile.house else None

    def clone(self) -> State:
        c = _copy_state(self)  # tokens, decks, log ...: their items are immutable
        # The board and the House objects are shared until changed (copy on write): both
        # states now copy them before changing them.
        c.houses = dict(self.houses)
        shared = {"board", *self.houses}
        self._shared = shared
        c._shared = set(shared)
        c.players = [_copy_player(p) for p in self.players]
        c.turn = self.turn.clone()
        if self.result is not None:
            c.result = copy.deepcopy(self.result)
        return c

    def own_board(self) -> dict[Hex, Tile]:
        """The board, to change: copied first if it is shared with another state."""
        if "board" in self._shared:
            self.board = dict(self.board)
            self._shared.discard("board")
        return self.board

    def own_house(self, key: str) -> House:
        """House `key`, to change: copied first if it is shared with another state."""
        if key in self._shared:
            self.houses[key] = _copy_house(self.houses[key])
            self._shared.discard(key)
        return self.houses[key]


_copy_house: Callable[[House], House] = _make_copier(House)
_copy_player: Callable[[Player], Player] = _make_copier(Player)
_copy_turn: Callable[[Turn], Turn] = _make_copier(Turn)
# board and cards are shared between clones (see the module's docstring); clone sets the rest.
_copy_state: Callable[[State], State] = _make_copier(
    State, not_copied=frozenset({"board", "cards", "houses", "players", "turn", "_shared"})
)
