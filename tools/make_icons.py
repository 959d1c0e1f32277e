"""The installable app's icons (frontend/icons/, frontend/apple-touch-icon.png), drawn from
the site's mark (frontend/favicon.svg and the top bar's hexagon with its tower) and rendered
once by Chromium; the PNGs are committed. Run again only when the mark changes:

    .venv/bin/python tools/make_icons.py

- icon-192.png, icon-512.png: the mark on a transparent ground ("any").
- icon-maskable-512.png: the mark inside the safe circle (40 % of the size) on a full
  parchment ground: a launcher may cut any shape from it ("maskable").
- apple-touch-icon.png (180 px): opaque (iOS fills transparency with black), iOS rounds it.
- badge-96.png: one colour on transparency for Android's status bar (only the shape counts).
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "frontend" / "icons"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

# The site's colours (frontend/css/main.css): --red, --gold, --parchment.
RED, GOLD, PARCHMENT = "#9e1b1b", "#d4a017", "#f4ead3"
HEXAGON = "0,-9 7.8,-4.5 7.8,4.5 0,9 -7.8,4.5 -7.8,-4.5"
TOWER = "M-4,6 L-4,-1 L-2,-1 L-2,-4 L2,-4 L2,-1 L4,-1 L4,6 Z"


def mark(scale: float) -> str:
    return (
        f'<g transform="scale({scale})">'
        f'<polygon points="{HEXAGON}" fill="{RED}" stroke="{GOLD}" stroke-width="0.7" '
        f'stroke-linejoin="round"/><path d="{TOWER}" fill="{PARCHMENT}"/></g>'
    )


def svg(body: str, ground: str | None = None) -> str:
    rect = f'<rect x="-10" y="-10" width="20" height="20" fill="{ground}"/>' if ground else ""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-10 -10 20 20" width="100%" '
        f'height="100%">{rect}{body}</svg>'
    )


# The hexagon with the tower cut out, one colour.
BADGE = f'<path fill="#fff" fill-rule="evenodd" d="M{HEXAGON.replace(" ", " L")} Z {TOWER}"/>'

ICONS = {
    "icon-192.png": (192, svg(mark(1.05))),
    "icon-512.png": (512, svg(mark(1.05))),
    # the hexagon's corners (radius 9) at 0.85: 7.65 < the safe circle's 8
    "icon-maskable-512.png": (512, svg(mark(0.85), PARCHMENT)),
    "apple-touch-icon.png": (180, svg(mark(0.95), PARCHMENT)),
    "badge-96.png": (96, svg(f'<g transform="scale(1.05)">{BADGE}</g>')),
}


def main() -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        for name, (size, drawing) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                "<html><body style='margin:0;background:transparent'>"
                f"<div style='width:{size}px;height:{size}px'>{drawing}</div></body></html>"
            )
            target = ROOT / "frontend" / name if name.startswith("apple") else OUT / name
            page.screenshot(path=str(target), omit_background=True)
            page.close()
            print(target.relative_to(ROOT))
        browser.close()


if __name__ == "__main__":
    main()
