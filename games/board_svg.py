"""The board of a full engine state as a simple SVG (admin inspection only).

Pointy-top axial hexes (docs/design.md#hex-coordinates): x = size * sqrt(3) * (q + r / 2), y = size * 1.5 * r.
Side d (0 E, 1 SE, ... 5 NE, clockwise) is drawn as a road from the centre to that edge.
"""

from __future__ import annotations

import math
from html import escape

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

SIZE = 22
COLORS = {
    "path": "#e8d9b0",
    "bridge": "#c9a66b",
    "house": "#b85c38",
    "plaza": "#d4af37",
    "water": "#6fa8dc",
    "forest": "#3d7a3d",
    "empty": "#9aa08a",
}
SEAT_COLORS = ("#c0392b", "#2c3e90")
# The tiles' titles in the admin's language (Django's gettext: Dutch msgids, locale/en).
KIND_WORDS = {
    "path": gettext_lazy("pad"),
    "bridge": gettext_lazy("brug"),
    "house": gettext_lazy("huis"),
    "plaza": gettext_lazy("Stadsplein"),
    "water": gettext_lazy("water"),
    "forest": gettext_lazy("bos"),
    "empty": gettext_lazy("leeg veld"),
}
SHAPE_WORDS = {
    "straight": gettext_lazy("recht"),
    "curve": gettext_lazy("bocht"),
    "t": gettext_lazy("T-splitsing"),
    "cross": gettext_lazy("kruispunt"),
}


def _center(q: int, r: int) -> tuple[float, float]:
    return SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r


def _corners(x: float, y: float) -> str:
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append(f"{x + SIZE * math.cos(a):.1f},{y + SIZE * math.sin(a):.1f}")
    return " ".join(pts)


def board_svg(full: dict) -> str:
    tiles = full.get("board", [])
    if not tiles:
        return "<svg xmlns='http://www.w3.org/2000/svg'/>"
    centers = [_center(*t["hex"]) for t in tiles]
    xs = [c[0] for c in centers]
    ys = [c[1] for c in centers]
    pad = SIZE * 1.2
    minx, miny = min(xs) - pad, min(ys) - pad
    width, height = max(xs) - minx + pad, max(ys) - miny + pad
    out = [
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='{minx:.0f} {miny:.0f} "
        f"{width:.0f} {height:.0f}' width='{width * 1.4:.0f}' font-family='sans-serif'>"
    ]
    for tile, (x, y) in zip(tiles, centers, strict=True):
        color = COLORS.get(tile.get("kind"), "#fff")
        kind, shape = tile.get("kind"), tile.get("shape")
        words = [
            str(tile["hex"]),
            str(KIND_WORDS.get(kind, kind)),
            str(SHAPE_WORDS.get(shape, shape)) if shape else "",
            _("tol") if tile.get("toll") else "",
            tile.get("house") or "",
        ]
        title = escape(" ".join(word for word in words if word))
        out.append(
            f"<polygon points='{_corners(x, y)}' fill='{color}' stroke='#555' "
            f"stroke-width='1'><title>{title}</title></polygon>"
        )
        openings = tile.get("openings") or 0
        if tile.get("kind") in ("path", "bridge"):
            for d in range(6):
                if openings & (1 << d):
                    a = math.radians(60 * d)
                    ex = x + SIZE * 0.85 * math.cos(a)
                    ey = y + SIZE * 0.85 * math.sin(a)
                    out.append(
                        f"<line x1='{x:.1f}' y1='{y:.1f}' x2='{ex:.1f}' y2='{ey:.1f}' "
                        "stroke='#7a5c2e' stroke-width='4'/>"
                    )
        if tile.get("toll"):
            out.append(
                f"<text x='{x:.1f}' y='{y + 4:.1f}' font-size='9' text-anchor='middle'>T</text>"
            )
        if tile.get("house"):
            out.append(
                f"<text x='{x:.1f}' y='{y + 3:.1f}' font-size='7' fill='#fff' "
                f"text-anchor='middle'>{escape(tile['house'][:8])}</text>"
            )
    for token in full.get("tokens", []):
        x, y = _center(*token["hex"])
        out.append(
            f"<circle cx='{x + 8:.1f}' cy='{y - 8:.1f}' r='4' fill='#f5e663' stroke='#333'>"
            f"<title>{escape(str(token.get('kind')))}</title></circle>"
        )
    for player in full.get("players", []):
        seat = player.get("seat", 0)
        for pawn, h in sorted(player.get("pawns", {}).items()):
            x, y = _center(*h)
            dx = (int(pawn) - 2) * 7
            dy = 8 if seat == 0 else -2
            pawn_title = _("stoel %(seat)s, pion %(pawn)s") % {"seat": seat, "pawn": pawn}
            out.append(
                f"<circle cx='{x + dx:.1f}' cy='{y + dy:.1f}' r='3.5' "
                f"fill='{SEAT_COLORS[seat % 2]}'><title>{escape(pawn_title)}</title></circle>"
            )
    out.append("</svg>")
    return "".join(out)
