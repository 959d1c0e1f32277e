"""Board generation (I) and tokens (VI).

`generate` builds a fresh board from the seed: a radius-6 region around the Stadsplein with
an irregular rim, nine houses, lakes (at least one with a bridge), forests, empty fields and
shuffled path tiles in random orientations, some with a toll gate. A candidate board that
breaks a rule (a house that no route can reach, even with rotations) is thrown away and the
next one is drawn from the same seed, so the same seed always gives the same board.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from . import modifiers, rng
from .content.houses import HOUSE_KEYS
from .content.tokens import MAX_TOKENS, MIN_NEW_TOKENS, SETUP_TOKENS, TOKEN_WEIGHTS
from .hexes import (
    ALL_SIDES,
    Hex,
    around,
    distance,
    mask,
    neighbour,
    ring,
    spiral,
)
from .hexes import rotate_mask as _rotate
from .state import House, State, Tile, shared_tile

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparisonT as _Sortable

PLAZA: Hex = (0, 0)
RADIUS = 6
RIM_CUT = (11, 18)  # ring-6 hexes removed: 30-50% of its 36
RING5_CUT = (1, 4)  # "a few" ring-5 hexes removed, always next to a removed ring-6 hex
HOUSE_DISTANCE = (3, 5)  # houses lie inside the rim, never on it
HOUSE_SPACING = 3  # from the Stadsplein and from each other ...
SHORT_HOP = 2  # ... except at most one pair of houses at this distance
LAKES = (1, 2)
LAKE_SIZE = (2, 4)  # hexes of one lake, its bridge included
BRIDGE_LAKE_SIZE = (3, 4)  # a lake with a bridge keeps at least two water hexes
FORESTS = (2, 4)
EMPTY_FIELDS = (5, 9)
TOLLS = (4, 6)
# Path tile shapes and their share of the shuffled pile.
SHAPES = {"straight": mask(0, 3), "curve": mask(0, 2), "t": mask(0, 2, 3), "cross": ALL_SIDES}
SHAPE_SHARES = {"straight": 3, "curve": 3, "t": 3, "cross": 1}
MAX_ATTEMPTS = 200
PURPOSE = "board"
# The geometry every attempt starts from, worked out once.
_REGION = frozenset(spiral(PLAZA, RADIUS))
_RIM = tuple(ring(PLAZA, RADIUS))
_RIM_SET = frozenset(_RIM)
_RING5 = tuple(ring(PLAZA, RADIUS - 1))
_HOUSE_SPOTS = tuple(
    h for h in spiral(PLAZA, HOUSE_DISTANCE[1]) if distance(h, PLAZA) >= HOUSE_DISTANCE[0]
)
# House spot -> the spots closer to it than HOUSE_SPACING: placing the houses then tests set
# membership instead of working out a distance to every house placed.
_TOO_CLOSE = {
    h: frozenset(p for p in _HOUSE_SPOTS if distance(h, p) < HOUSE_SPACING) for h in _HOUSE_SPOTS
}


# --- generation -------------------------------------------------------------------------------


def generate(seed: str, counters: dict[str, int]) -> tuple[dict[Hex, Tile], dict[str, House]]:
    """The board for `seed`: tiles by hex and the nine houses (court actions dealt later)."""
    for _ in range(MAX_ATTEMPTS):
        tiles = _attempt(_Draw(seed, counters))
        if tiles is not None and houses_reachable(tiles):
            houses = {
                t.house: House(t.house, h, court_action="")
                for h, t in sorted(tiles.items())
                if t.kind == "house" and t.house is not None
            }
            return tiles, {k: houses[k] for k in HOUSE_KEYS}
    raise RuntimeError(f"no valid board for seed {seed!r}")  # at most 7 attempts in 2 000 seeds


class _Draw:
    """The seed's draws for the board, in one fixed order."""

    def __init__(self, seed: str, counters: dict[str, int]):
        self.seed, self.counters = seed, counters

    def between(self, lo: int, hi: int) -> int:
        return lo + rng.randbelow(self.seed, self.counters, PURPOSE, hi - lo + 1)

    def below(self, n: int) -> int:
        return rng.randbelow(self.seed, self.counters, PURPOSE, n)

    def shuffle(self, items: Iterable[_Sortable]) -> list[_Sortable]:
        return rng.shuffle(self.seed, self.counters, PURPOSE, sorted(items))

    def lazy(self, items: Iterable[_Sortable]) -> Iterator[_Sortable]:
        """`items` in a random order, drawn one at a time only as far as the caller reads
        (a Fisher-Yates shuffle that stops early: most callers need only a few)."""
        pool = sorted(items)
        while pool:
            i = self.below(len(pool))
            pool[i], pool[-1] = pool[-1], pool[i]
            yield pool.pop()

    def take(self, items: Iterable[_Sortable], n: int) -> list[_Sortable]:
        out: list[_Sortable] = []
        for h in self.lazy(items):
            if len(out) == n:
                break
            out.append(h)
        return out


def _attempt(draw: _Draw) -> dict[Hex, Tile] | None:
    houses = _place_houses(draw)
    if houses is None:
        return None
    region = _cut_rim(draw, set(houses))
    kinds: dict[Hex, str] = {PLAZA: "plaza"}
    kinds.update({h: "house" for h in houses})
    # The Stadsplein's neighbours are always road, so every pawn can leave it.
    road = set(around(PLAZA))
    bridges: dict[Hex, int] = {}
    n_lakes = draw.between(*LAKES)
    for i in range(n_lakes):
        with_bridge = i == 0 or draw.below(2) == 1
        if not _place_lake(draw, region, kinds, road, bridges, with_bridge):
            return None
    for kind, (lo, hi) in (("forest", FORESTS), ("empty", EMPTY_FIELDS)):
        n = draw.between(lo, hi)
        chosen = draw.take(_free(region, kinds, road), n)
        if len(chosen) < n:
            return None
        kinds.update({h: kind for h in chosen})
    paths = [h for h in region if h not in kinds]
    shapes = _shape_pile(len(paths))
    tolls = set(draw.take(paths, draw.between(*TOLLS)))
    tiles: dict[Hex, Tile] = {}
    for h in sorted(region):
        kind = kinds.get(h, "path")
        if kind == "path":
            # One draw picks both the tile from the shuffled pile and its orientation.
            pick = draw.below(len(shapes) * 6)
            shape = shapes.pop(pick // 6)
            tiles[h] = shared_tile("path", _rotate(SHAPES[shape], pick % 6), shape, h in tolls)
        elif kind == "bridge":
            tiles[h] = shared_tile("bridge", mask(bridges[h], bridges[h] + 3), "straight")
        elif kind == "house":
            tiles[h] = shared_tile("house", ALL_SIDES, None, False, houses[h])
        elif kind == "plaza":
            tiles[h] = shared_tile("plaza", ALL_SIDES)
        else:
            tiles[h] = shared_tile(kind)
    return tiles


def _place_houses(draw: _Draw) -> dict[Hex, str] | None:
    """Nine houses, never adjacent, >= 3 apart and from the Stadsplein; maybe one pair at 2."""
    short_hop_left = draw.below(2) == 1  # about half the games have one short hop
    placed: list[Hex] = []
    for h in draw.lazy(_HOUSE_SPOTS):
        too_close = _TOO_CLOSE[h]
        close = [p for p in placed if p in too_close]
        if not close:
            placed.append(h)
        elif len(close) == 1 and short_hop_left and distance(h, close[0]) == SHORT_HOP:
            placed.append(h)
            short_hop_left = False
        if len(placed) == len(HOUSE_KEYS):
            keys = draw.shuffle(HOUSE_KEYS)
            return dict(zip(placed, keys, strict=True))
    return None


def _cut_rim(draw: _Draw, keep: set[Hex]) -> set[Hex]:
    """The radius-6 region minus 30-50% of ring 6 and a few ring-5 hexes, still connected.

    Rings 0-4 stay whole, every ring-5 hex touches ring 4, so the board stays connected as
    long as every ring-6 hex left keeps a ring-5 neighbour: a ring-5 hex is only cut when
    that holds, and only where the rim is already cut (a notch, never a hole).
    """
    region = set(_REGION)
    removed = set(draw.take(_RIM, draw.between(*RIM_CUT)))
    region -= removed
    want = draw.between(*RING5_CUT)
    for h in draw.lazy(_RING5):
        if want == 0:
            break
        if h in keep or removed.isdisjoint(around(h)):
            continue
        outer = [n for n in around(h) if n in region and n in _RIM_SET]
        if all(_inner_neighbours(n, region, h) for n in outer):
            region.discard(h)
            removed.add(h)
            want -= 1
    return region


def _inner_neighbours(h: Hex, region: set[Hex], without: Hex) -> int:
    return sum(1 for n in around(h) if n != without and n in region and n not in _RIM_SET)


def _free(region: set[Hex], kinds: dict[Hex, str], road: set[Hex]) -> list[Hex]:
    return [h for h in region if h not in kinds and h not in road]


def _place_lake(
    draw: _Draw,
    region: set[Hex],
    kinds: dict[Hex, str],
    road: set[Hex],
    bridges: dict[Hex, int],
    with_bridge: bool,
) -> bool:
    """One lake: a connected group of water hexes (one of them a bridge if `with_bridge`).

    Lakes never touch each other, so each stays its own group. A bridge is a fixed straight
    tile whose two openings face land that will be road (a path tile, house or Stadsplein).
    """
    # The hexes water may cover: in the region, still free, not road, not next to a lake.
    # Worked out once, as a set: nothing it depends on changes until the lake is laid.
    near_lakes = {n for h, k in kinds.items() if k in ("water", "bridge") for n in around(h)}
    floodable = region.difference(kinds, road, near_lakes)

    size = draw.between(*(BRIDGE_LAKE_SIZE if with_bridge else LAKE_SIZE))
    for start in draw.lazy(floodable):
        lake = [start]
        ends: list[Hex] = []
        if with_bridge:
            axis = next(
                (
                    d
                    for d in draw.lazy(range(3))
                    if all(_can_be_road(neighbour(start, s), region, kinds) for s in (d, d + 3))
                ),
                None,
            )
            if axis is None:
                continue
            ends = [neighbour(start, axis), neighbour(start, axis + 3)]
        while len(lake) < size:
            rim = sorted(
                {n for h in lake for n in around(h) if n in floodable} - set(lake) - set(ends)
            )
            if not rim:
                break
            lake.append(rim[draw.below(len(rim))])
        if len(lake) < size:
            continue
        for h in lake:
            kinds[h] = "water"
        if with_bridge:
            kinds[start] = "bridge"
            assert axis is not None  # found above when with_bridge
            bridges[start] = axis
            road.update(e for e in ends if e not in kinds)
        return True
    return False


def _can_be_road(h: Hex, region: set[Hex], kinds: dict[Hex, str]) -> bool:
    return h in region and kinds.get(h, "path") in ("path", "house", "plaza")


def _shape_pile(n: int) -> list[str]:
    """`n` path tile shapes in the shares of SHAPE_SHARES (drawn from at random)."""
    total = sum(SHAPE_SHARES.values())
    pile = [s for s, share in SHAPE_SHARES.items() for _ in range(n * share // total)]
    order = list(SHAPE_SHARES)
    while len(pile) < n:
        pile.append(order[len(pile) % len(order)])
    return pile


# --- reachability -----------------------------------------------------------------------------


# For a path tile: the turns (sides between entry and exit, 1-3) its shape can make.
TURNS = {"straight": frozenset({3}), "curve": frozenset({2}), "t": frozenset({1, 2, 3})}
TURNS["cross"] = TURNS["t"]
TURN = tuple(min(k, 6 - k) for k in range(6))  # (exit - entry) % 6 -> turn 0..3


def connects(tile: Tile, entry: int, exit_: int) -> bool:
    """Can a pawn that entered `tile` through side `entry` leave through `exit_`, if the tile
    may first be turned (path tiles) but not while the pawn stands on it?"""
    if tile.kind in ("house", "plaza"):
        return entry != exit_
    if tile.kind == "bridge":
        return entry != exit_ and bool(tile.openings >> entry & 1 and tile.openings >> exit_ & 1)
    if tile.kind != "path":
        return False
    assert tile.shape is not None  # a path tile has a shape
    return TURN[(exit_ - entry) % 6] in TURNS[tile.shape]


# A path tile's shape -> by entry side, the sides (a mask) a pawn may leave it by.
PATH_EXITS = {
    shape: tuple(sum(1 << x for x in range(6) if TURN[(x - e) % 6] in turns) for e in range(6))
    for shape, turns in TURNS.items()
}


# An openings mask -> its open sides, in order.
SIDES_OF = tuple(tuple(side for side in range(6) if m >> side & 1) for m in range(64))
_BACK = tuple((side + 3) % 6 for side in range(6))  # a side -> the side facing it
# The neighbours of every hex of a generated board, looked up without a call (reachable runs
# on every candidate board).
_NEIGHBOURS = {h: around(h) for h in _REGION}
# By entry side, the sides (a mask) a pawn that came in there may leave by; -1: it cannot
# come in by that side (a bridge's closed sides). Path tiles: PATH_EXITS.
_HUB_EXITS = tuple(ALL_SIDES & ~(1 << e) for e in range(6))  # house, Stadsplein
_BRIDGE_EXITS = tuple(
    tuple(m & ~(1 << e) if m >> e & 1 else -1 for e in range(6)) for m in range(64)
)  # by openings


def _exit_table(tile: Tile) -> tuple[int, ...] | None:
    """By entry side, the sides (a mask) a pawn that entered `tile` there may leave by
    (-1: not a way in); None for a tile no pawn passes."""
    if tile.kind == "path":
        assert tile.shape is not None  # a path tile has a shape
        return PATH_EXITS[tile.shape]
    if tile.kind == "bridge":
        return _BRIDGE_EXITS[tile.openings]
    if tile.kind in ("house", "plaza"):
        return _HUB_EXITS
    return None


def reachable(
    tiles: dict[Hex, Tile], start: Hex = PLAZA, targets: set[Hex] | None = None
) -> set[Hex]:
    """Hexes a pawn on `start` can reach through passable tiles if rotations are allowed
    (stops early once every hex of `targets` is found).

    A search over (hex, side entered through): a path tile can be turned before the pawn
    enters it, so it links any two of its sides its shape can join; a bridge only its own.
    The sides a hex is left by are gathered per hex (`pending`) and each is followed once
    (`followed`): a hex entered through several sides is taken up a few times at most,
    not once per side (board generation runs this on every candidate board).
    """
    exit_tables = {h: _exit_table(t) for h, t in tiles.items()}
    entered: dict[Hex, int] = {}  # hex -> the sides (a mask) the search entered it through
    pending: dict[Hex, int] = {}  # hex -> sides (a mask) to leave it by, to be followed
    followed: dict[Hex, int] = {}  # hex -> the sides (a mask) already followed from it
    missing = set(targets or ()) - {start}
    h, sides = start, tiles[start].openings
    while True:
        done = followed.get(h, 0)
        sides &= ~done
        followed[h] = done | sides
        next_to = _NEIGHBOURS.get(h) or around(h)
        for side in SIDES_OF[sides]:
            n = next_to[side]
            back = _BACK[side]
            through = entered.get(n, 0)
            if through >> back & 1:
                continue
            table = exit_tables.get(n)
            if table is None:  # off the board or impassable
                continue
            exits = table[back]
            if exits < 0:  # a bridge's closed side
                continue
            entered[n] = through | 1 << back
            if n in missing:
                missing.discard(n)
                if not missing:
                    return {start, *entered}
            pending[n] = pending.get(n, 0) | exits
        if not pending:
            return {start, *entered}
        h, sides = pending.popitem()


def houses_reachable(tiles: dict[Hex, Tile]) -> bool:
    houses = {h for h, t in tiles.items() if t.kind == "house"}
    return houses <= reachable(tiles, targets=houses)


# --- tokens (VI) ------------------------------------------------------------------------------


def token_spots(state: State) -> list[Hex]:
    """Empty path tiles: no pawn, no token, no toll gate, not a bridge."""
    pawns = {h for p in state.players for h in p.pawns.values()}
    return sorted(
        [
            h
            for h, t in state.board.items()
            if t.kind == "path" and not t.toll and h not in state.tokens and h not in pawns
        ]
    )


def scatter_tokens(state: State, *, new_round: bool) -> None:
    """Lay fresh tokens: at setup until there are 6; at a new round at least 2 (or the
    event's number), topping up to 6, never above 8 on the board."""
    have = len(state.tokens)
    want = SETUP_TOKENS - have
    if new_round:
        ev = modifiers.event(state)
        want = max(want, MIN_NEW_TOKENS, ev.new_tokens if ev else 0)
        if state.rules.fresh_tokens_every_round:
            # III: "elke ronde verse voorvallen": the oldest tokens make room (dict order is
            # the order they were laid), so a full board still gets fresh ones.
            for h in list(state.tokens)[: max(0, have + want - MAX_TOKENS)]:
                del state.tokens[h]
            have = len(state.tokens)
    want = min(want, MAX_TOKENS - have)
    spots = token_spots(state)
    for _ in range(max(0, want)):
        if not spots:
            return
        h = spots.pop(rng.randbelow(state.seed, state.rng_counters, "tokens", len(spots)))
        state.tokens[h] = rng.weighted_choice(
            state.seed, state.rng_counters, "tokens", TOKEN_WEIGHTS
        )
