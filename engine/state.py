"""The game state.

`apply` never mutates the state it is given: it clones it (`State.clone`) and changes the
clone. Containers are copied one level deep; what they hold is immutable (Tile is frozen,
hexes are tuples), so a clone is cheap. Rules modules mutate only a fresh clone.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

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


_T = TypeVar("_T")


def _copy(obj: _T) -> _T:
    """A copy of a slotted dataclass with every list and dict field copied one level deep.

    Faster than copy.copy plus per-field copies; every field added later is covered too.
    """
    copier = _COPIERS.get(type(obj))
    if copier is None:
        copier = _COPIERS[type(obj)] = _make_copier(type(obj))
    result: _T = copier(obj)
    return result


_COPIERS: dict[type, Callable[[Any], Any]] = {}


def _make_copier(cls: type[Any]) -> Callable[[Any], Any]:
    """`cls`'s copier, compiled once (as dataclasses compiles __init__): one plain attribute
    read and write per slot instead of getattr/setattr calls in a loop. Cloning was half the
    time of a random game (apply clones the state; a state holds ~12 houses and players)."""
    lines = ["def copier(obj):", "    new = new_object(cls)"]
    for name in cls.__slots__:
        lines.append(f"    v = obj.{name}")
        lines.append(f"    new.{name} = v.copy() if type(v) is list or type(v) is dict else v")
    lines.append("    return new")
    namespace: dict[str, Any] = {"new_object": object.__new__, "cls": cls}
    exec("\n".join(lines), namespace)  # the slot names are our own
    copier: Callable[[Any], Any] = namespace["copier"]
    return copier


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
        return self.kind in ("path", "bridge", "house", "plaza")

    @property
    def rotatable(self) -> bool:
        return self.kind == "path" and self.shape != "cross"


@dataclass(slots=True)
class House:
    key: str  # gilde, poorterij, ...
    hex: Hex
    court_action: str  # key into content.court_actions
    supply: int = HOUSE_SUPPLY
    posts: list[int] = field(default_factory=list)  # seats with a trading post here, in order
    acted_this_round: bool = False

    def clone(self) -> House:
        return _copy(self)


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
        return _copy(self)  # every field is a value, a list or a flat dict


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
        c = _copy(self)
        if self.report:  # the only nested field
            c.report = copy.deepcopy(self.report)
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
    cards: dict[str, str] = field(default_factory=dict)  # card instance id -> card key
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
        c = _copy(self)  # board, tokens, decks, log ...: their items are immutable
        c.houses = {k: h.clone() for k, h in self.houses.items()}
        c.players = [p.clone() for p in self.players]
        c.turn = self.turn.clone()
        if self.result is not None:
            c.result = copy.deepcopy(self.result)
        return c
