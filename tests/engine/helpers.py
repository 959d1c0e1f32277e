"""Shared engine test helpers: hand-made boards and states, pawns, tiles, and a driver that
plays the phases a test does not care about. Other test modules import these: keep it
additive (add helpers, never change what one does)."""

from __future__ import annotations

from collections import deque

import pytest

from engine import apply, full_state, legal_moves
from engine.errors import IllegalMove
from engine.game import new_game
from engine.hexes import ALL_SIDES, Hex, distance, mask, neighbours, ring, rotate_mask, spiral
from engine.moves import Move, Step
from engine.state import PAWNS, House, State, Tile, Turn

PLAZA: Hex = (0, 0)
HOUSE_KEYS = (
    "gilde",
    "poorterij",
    "gasthuys",
    "bank",
    "molens",
    "brouwerij",
    "taverne",
    "kerk",
    "bibliotheek",
)

# --- tiles ------------------------------------------------------------------------------------

SHAPE_SIDES = {"straight": (0, 3), "curve": (0, 2), "t": (0, 2, 3), "cross": tuple(range(6))}


def path(shape: str = "cross", rot: int = 0, *, toll: bool = False) -> Tile:
    """A path tile of `shape` turned `rot` sides clockwise (rechtsom)."""
    return Tile("path", rotate_mask(mask(*SHAPE_SIDES[shape]), rot), shape, toll)


def straight(rot: int = 0, *, toll: bool = False) -> Tile:
    return path("straight", rot, toll=toll)


def curve(rot: int = 0, *, toll: bool = False) -> Tile:
    return path("curve", rot, toll=toll)


def tee(rot: int = 0, *, toll: bool = False) -> Tile:
    return path("t", rot, toll=toll)


def crossroads(*, toll: bool = False) -> Tile:
    return path("cross", toll=toll)


def bridge(axis: int = 0) -> Tile:
    return Tile("bridge", mask(axis, axis + 3), "straight")


def house(key: str) -> Tile:
    return Tile("house", ALL_SIDES, house=key)


PLAZA_TILE = Tile("plaza", ALL_SIDES)
WATER = Tile("water")
FOREST = Tile("forest")
EMPTY = Tile("empty")

# --- boards and states ------------------------------------------------------------------------


def make_board(radius: int = 4, tiles: dict[Hex, Tile] | None = None) -> dict[Hex, Tile]:
    """Crossroads everywhere within `radius`, the Stadsplein at (0,0), then `tiles` on top."""
    board = {h: crossroads() for h in spiral(PLAZA, radius)}
    board[PLAZA] = PLAZA_TILE
    board.update(tiles or {})
    return board


def walk_state(
    tiles: dict[Hex, Tile] | None = None,
    *,
    radius: int = 4,
    pawns: dict[int, Hex] | None = None,
    opponent: dict[int, Hex] | None = None,
    steps: int = 10,
    dice: tuple[int, int] = (5, 5),
    rolled: bool = True,
    resources: dict[str, int] | None = None,
    tokens: dict[Hex, str] | None = None,
    houses: dict[str, Hex] | None = None,
    seed: str = "walk-helpers",
) -> State:
    """A game in phase 2 on a hand-made board (crossroads unless `tiles` says otherwise).

    Pawns default to the Stadsplein for the current player and to (1 - radius, 0) for the
    opponent. Houses not placed by `houses` (or by a house tile in `tiles`) stand
    on islands two rings outside the region, so that all nine exist. No court event is in force and no token lies unless
    `tokens` puts one. With `rolled`, the walking dice show `dice` and `steps` are left.
    """
    state = new_game(seed)
    board = make_board(radius, tiles)
    placed = {t.house: h for h, t in board.items() if t.kind == "house"}
    placed.update(houses or {})
    # The other houses stand apart, two rings outside the region (never in a test's way).
    spots = iter(ring(PLAZA, radius + 2)[::2])
    for key in HOUSE_KEYS:
        if key not in placed:
            placed[key] = next(spots)
    for key, h in placed.items():
        board[h] = house(key)
    state.board = board
    state.houses = {
        k: House(k, placed[k], court_action=state.houses[k].court_action) for k in HOUSE_KEYS
    }
    state.tokens = dict(tokens or {})
    state.event = None
    state.event_closed = None
    state.offices = {}
    state.phase = "walk"
    state.turn = Turn()
    me, opp = state.players[state.current], state.players[1 - state.current]
    me.pawns = {p: PLAZA for p in PAWNS}
    me.pawns.update(pawns or {})
    opp.pawns = {p: (1 - radius, 0) for p in PAWNS}
    opp.pawns.update(opponent or {})
    if resources:
        me.resources.update(resources)
    if rolled:
        state.turn.walk_dice = dice
        state.turn.steps = steps
    return state


def me(state: State):
    return state.players[state.current]


def opp(state: State):
    return state.players[1 - state.current]


# --- moves ------------------------------------------------------------------------------------


def enter(h: Hex) -> Step:
    return Step("enter", h)


def rotate(h: Hex, direction: str = "cw") -> Step:
    return Step("rotate", h, direction)


def cross(h: Hex) -> Step:
    return Step("cross", h)


def walk(pawn: int, *steps: Step) -> dict:
    """A walk move as a player sends it (JSON)."""
    return Move("walk", pawn=pawn, plan=tuple(steps)).to_json()


def refuse(state: State, move) -> str:
    """Apply `move`, expect IllegalMove, check the state is untouched; return its code."""
    return refusal(state, move)[0]


def refusal(state: State, move) -> tuple[str, dict]:
    """Apply `move`, expect IllegalMove, check the state is untouched; (code, params)."""
    before = full_state(state)
    with pytest.raises(IllegalMove) as err:
        apply(state, move)
    assert full_state(state) == before
    return err.value.code, err.value.params


# --- playing the phases a test does not care about --------------------------------------------

# In each phase the driver prefers moves that close the phase; other moves only when needed.
PREFERRED = {
    "draw": (),
    "walk": ("roll_walk", "end_walk"),
    "actions": ("end_actions",),
    "roll": ("roll", "lock", "settle", "end_turn", "discard"),
}


def driver_move(state: State) -> Move:
    moves = legal_moves(state)
    for mtype in PREFERRED[state.phase]:
        for m in moves:
            if m.type == mtype:
                return m
    return moves[0]


def play_until(state: State, phase: str, *, seat: int | None = None, limit: int = 200) -> State:
    """Apply driver moves until the game is in `phase` (for `seat`, if given)."""
    for _ in range(limit):
        if state.phase == phase and (seat is None or state.current == seat):
            return state
        if state.over:
            break
        state = apply(state, driver_move(state))
    raise AssertionError(f"never reached phase {phase!r}")


def finish_turn(state: State, *, limit: int = 200) -> State:
    """Apply driver moves until the next turn (or the end of the game) begins."""
    seat, rnd = state.current, state.round
    for _ in range(limit):
        if state.over or state.current != seat or state.round != rnd:
            return state
        state = apply(state, driver_move(state))
    raise AssertionError("the turn never ended")


# --- board checks shared by the board tests and the property tests ----------------------------


def components(hexes: set[Hex]) -> list[set[Hex]]:
    """Connected groups of `hexes` (hex adjacency)."""
    left, out = set(hexes), []
    while left:
        first = min(left)
        group, todo = {first}, deque([first])
        left.discard(first)
        while todo:
            for n in neighbours(todo.popleft()):
                if n in left:
                    left.discard(n)
                    group.add(n)
                    todo.append(n)
        out.append(group)
    return out


def board_violations(tiles: dict[Hex, Tile], houses: dict[str, House]) -> list[str]:
    """Every rule of docs/decisions.md#the-board-i the board breaks (empty when it keeps them all)."""
    from engine.board import reachable

    bad: list[str] = []
    hexes = set(tiles)
    kinds: dict[str, list[Hex]] = {}
    for h, t in tiles.items():
        kinds.setdefault(t.kind, []).append(h)
    if not hexes <= set(spiral(PLAZA, 6)):
        bad.append("a hex beyond distance 6")
    if tiles.get(PLAZA) != PLAZA_TILE or kinds.get("plaza") != [PLAZA]:
        bad.append("the Stadsplein is not one open tile at (0,0)")
    cut6 = sum(1 for h in ring(PLAZA, 6) if h not in hexes)
    if not 11 <= cut6 <= 18:
        bad.append(f"{cut6} of 36 ring-6 hexes cut, not 30-50%")
    cut5 = sum(1 for h in ring(PLAZA, 5) if h not in hexes)
    if not 1 <= cut5 <= 4:
        bad.append(f"{cut5} ring-5 hexes cut, not a few")
    if not set(spiral(PLAZA, 4)) <= hexes:
        bad.append("a hole inside ring 5")
    if len(components(hexes)) != 1:
        bad.append("the board is not connected")
    # houses
    spots = {t.house: h for h, t in tiles.items() if t.kind == "house"}
    if sorted(spots) != sorted(HOUSE_KEYS) or len(kinds.get("house", [])) != 9:
        bad.append("not exactly the nine houses")
    if sorted(houses) != sorted(HOUSE_KEYS) or any(houses[k].hex != spots.get(k) for k in houses):
        bad.append("houses do not match the house tiles")
    if any(tiles[h].openings != ALL_SIDES for h in spots.values()):
        bad.append("a house is not open on all sides")
    pos = list(spots.values())
    gaps = [distance(a, b) for i, a in enumerate(pos) for b in pos[i + 1 :]]
    if any(g < 2 for g in gaps):
        bad.append("two houses adjacent")
    if sum(1 for g in gaps if g == 2) > 1:
        bad.append("more than one pair of houses at distance 2")
    if any(distance(h, PLAZA) < 3 for h in pos):
        bad.append("a house closer than 3 to the Stadsplein")
    # lakes and bridges
    lake_hexes = set(kinds.get("water", [])) | set(kinds.get("bridge", []))
    lakes = components(lake_hexes)
    if not 1 <= len(lakes) <= 2:
        bad.append(f"{len(lakes)} lakes")
    for lake in lakes:
        water = [h for h in lake if tiles[h].kind == "water"]
        if not 2 <= len(lake) <= 4 or len(water) < 2:
            bad.append(f"a lake of {len(lake)} hexes ({len(water)} water)")
        if len(lake) - len(water) > 1:
            bad.append("a lake with two bridges")
    bridged = [lake for lake in lakes if any(tiles[h].kind == "bridge" for h in lake)]
    if not bridged:
        bad.append("no lake has a bridge")
    for h in kinds.get("bridge", []):
        t = tiles[h]
        sides = [s for s in range(6) if t.openings >> s & 1]
        if t.shape != "straight" or len(sides) != 2 or sides[1] - sides[0] != 3 or t.rotatable:
            bad.append("a bridge that is not a fixed straight tile")
        for s in sides:
            land = tiles.get(neighbours(h)[s])
            if land is None or land.kind not in ("path", "house", "plaza"):
                bad.append("a bridge opening that does not face passable land")
    # forests, empty fields, path tiles, tolls
    if not 2 <= len(kinds.get("forest", [])) <= 4:
        bad.append("not 2-4 forests")
    if not 5 <= len(kinds.get("empty", [])) <= 9:
        bad.append("not 5-9 empty fields")
    tolls = [h for h, t in tiles.items() if t.toll]
    if not 4 <= len(tolls) <= 6 or any(tiles[h].kind != "path" for h in tolls):
        bad.append("not 4-6 toll gates on path tiles")
    for h in kinds.get("path", []):
        t = tiles[h]
        base = mask(*SHAPE_SIDES.get(t.shape, ()))
        if t.shape not in SHAPE_SIDES or all(rotate_mask(base, k) != t.openings for k in range(6)):
            bad.append(f"path tile at {h} is not a turned {t.shape}")
        if t.cleared:
            bad.append("a cleared field on a new board")
    for h in neighbours(PLAZA):
        if tiles[h].kind != "path":
            bad.append("a Stadsplein neighbour without a road")
    found = reachable(tiles)
    if any(h not in found for h in pos):
        bad.append("a house that cannot be reached even with rotations")
    return bad
