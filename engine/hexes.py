"""Hex geometry: axial coordinates (q, r), pointy-top, r grows downwards on screen.

Sides are numbered clockwise from east, as docs/design.md#hex-coordinates fixes them:
0 E (+1,0), 1 SE (0,+1), 2 SW (-1,+1), 3 W (-1,0), 4 NW (0,-1), 5 NE (+1,-1).
Openings of a tile are a 6-bit mask, bit d set when side d is open.
"""

from __future__ import annotations

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
ALL_SIDES = 0b111111


def neighbour(h: Hex, side: int) -> Hex:
    dq, dr = DIRECTIONS[side]
    return (h[0] + dq, h[1] + dr)


def neighbours(h: Hex) -> list[Hex]:
    return [(h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS]


_AROUND: dict[Hex, tuple[Hex, ...]] = {}


def around(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours of `h` in side order, worked out once per hex (boards are small;
    walking and board generation ask for the same few hexes all the time)."""
    hexes = _AROUND.get(h)
    if hexes is None:
        hexes = _AROUND[h] = tuple((h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS)
    return hexes


def side_towards(a: Hex, b: Hex) -> int | None:
    """The side of `a` that faces its neighbour `b`, or None when they are not adjacent."""
    delta = (b[0] - a[0], b[1] - a[1])
    try:
        return DIRECTIONS.index(delta)
    except ValueError:
        return None


def opposite(side: int) -> int:
    return (side + 3) % 6


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    if radius == 0:
        return [center]
    results = []
    h = (center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius)
    for side in range(6):
        for _ in range(radius):
            results.append(h)
            h = neighbour(h, side)
    return results


def spiral(center: Hex, radius: int) -> list[Hex]:
    return [h for k in range(radius + 1) for h in ring(center, k)]


def mask(*sides: int) -> int:
    m = 0
    for s in sides:
        m |= 1 << (s % 6)
    return m


def rotate_mask(openings: int, steps: int) -> int:
    """Rotate clockwise (rechtsom) by `steps` sides; negative is counter-clockwise."""
    steps %= 6
    return ((openings << steps) | (openings >> (6 - steps))) & ALL_SIDES


def beyond(origin: Hex, over: Hex) -> Hex | None:
    """The hex straight past `over` seen from `origin` (for a crossing), or None."""
    side = side_towards(origin, over)
    return None if side is None else neighbour(over, side)
