"""Accessibility checks with axe-core (Deque's engine, from npm; `make browser` installs it
into tests/e2e/axe). A screen passes when axe finds nothing serious or critical on it."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")


def findings(page: Page) -> list[dict]:
    """axe's serious and critical violations on the page as it is now."""
    # colours are measured as they end up, not halfway through a fade-in: the client's
    # reduced-motion styles switch its animations off
    page.emulate_media(reduced_motion="reduce")
    if not page.evaluate("() => !!window.axe"):
        if not AXE.exists():
            raise AssertionError(f"axe-core is missing at {AXE}: run `make browser`")
        page.evaluate(AXE.read_text())  # evaluate, not a <script>: no page policy can stop it
    return page.evaluate(
        """async (blocking) => {
          const finite = document.getAnimations().filter(
            (a) => a.effect?.getComputedTiming().iterations !== Infinity);
          await Promise.all(finite.map((a) => a.finished.catch(() => null)));
          const r = await axe.run(document, { resultTypes: ["violations"] });
          return r.violations.filter((v) => blocking.includes(v.impact)).map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + " :: " + n.failureSummary),
          }));
        }""",
        list(BLOCKING),
    )


def check(page: Page, where: str) -> None:
    found = findings(page)
    assert not found, f"axe on {where}:\n" + "\n".join(
        f"- {f['impact']} {f['id']}: {f['help']}\n    " + "\n    ".join(f["nodes"]) for f in found
    )
