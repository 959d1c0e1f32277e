// Pointer input on the board: taps on tiles, the rotate knobs and the info coin, and dragging
// a pawn to draw a route. Translates the finger into hexes and calls the handlers:
//   tapHex(hex) · tapPawn(seat, pawn, hex) · knob(dir) · info(hex)
//   dragStart(seat, pawn) -> bool · dragOver(hex) · dragEnd()
import { fromPixel, key } from "./hexlayout.js";
import { SIZE } from "./board.js";

const TAP_SLOP = 10; // px a finger may wander and still be a tap

export function attachBoardInput(svg, handlers) {
  let down = null; // { x, y, pawn: {seat, pawn}|null, dragging, lastHex }

  function hexAt(ev) {
    const ctm = svg.getScreenCTM();
    if (!ctm) return null;
    const pt = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(ctm.inverse());
    return fromPixel(pt.x, pt.y, SIZE);
  }

  // What lies exactly under the finger. A touch's ev.target is "adjusted" by the browser
  // towards a nearby button (a rotate knob next to the tile's centre), so read the point
  // itself; among pawns standing together, the one the player may drag wins.
  function underPoint(ev) {
    const els = document.elementsFromPoint(ev.clientX, ev.clientY).filter((el) => svg.contains(el));
    const top = els.find((el) => !el.classList.contains("pawn-hit")) || null;
    // a pawn's invisible margin (board.js) counts only on the pawn's own tile
    const hex = hexAt(ev);
    const here = hex ? key(hex) : null;
    const hits = els.filter((el) => !el.classList.contains("pawn-hit") || el.closest("[data-pawn]")?.getAttribute("data-at") === here);
    const pawns = [...new Set(hits.map((el) => el.closest("[data-pawn]")).filter(Boolean))].map((el) => {
      const [seat, n] = el.getAttribute("data-pawn").split("-").map(Number);
      return { seat, pawn: n, el };
    });
    const mine = pawns.filter((p) => handlers.canDrag(p.seat, p.pawn));
    return {
      knob: top?.closest("[data-knob]") || null,
      info: top?.closest("[data-info]") || null,
      pawn: nearest(mine.length ? mine : pawns, ev.clientX, ev.clientY),
    };
  }

  // On a crowded hex (four pawns on a house) the front row covers the middle of the row
  // behind it: the finger means the pawn whose middle is closest, not the one drawn on top.
  function nearest(pawns, x, y) {
    let best = null, bestD = Infinity;
    for (const p of pawns) {
      const r = p.el.getBoundingClientRect();
      const d = Math.hypot(r.left + r.width / 2 - x, r.top + r.height / 2 - y);
      if (d < bestD) { best = p; bestD = d; }
    }
    return best;
  }

  svg.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0) return;
    const { knob, info, pawn } = underPoint(ev);
    if (knob) { ev.preventDefault(); handlers.knob(knob.getAttribute("data-knob")); return; }
    if (info) {
      ev.preventDefault();
      const [q, r] = info.getAttribute("data-info").split(",").map(Number);
      handlers.info([q, r]);
      return;
    }
    const hex = hexAt(ev);
    down = { x: ev.clientX, y: ev.clientY, pawn, dragging: false, lastHex: hex ? key(hex) : null, id: ev.pointerId };
    if (pawn && handlers.canDrag(pawn.seat, pawn.pawn)) {
      svg.setPointerCapture(ev.pointerId);
      ev.preventDefault();
    }
  });

  // A finger on a pawn I may drag must not pan the page (the browser would cancel the drag).
  // CSS touch-action does not reach inside an SVG, so refuse the pan at touchstart.
  svg.addEventListener("touchstart", (ev) => {
    const t = ev.touches[0];
    if (ev.touches.length !== 1 || !t) return;
    const { pawn } = underPoint(t);
    if (pawn && handlers.canDrag(pawn.seat, pawn.pawn)) ev.preventDefault();
  }, { passive: false });

  svg.addEventListener("pointermove", (ev) => {
    if (!down || ev.pointerId !== down.id) return;
    const moved = Math.hypot(ev.clientX - down.x, ev.clientY - down.y) > TAP_SLOP;
    if (!down.dragging && moved && down.pawn && handlers.canDrag(down.pawn.seat, down.pawn.pawn)) {
      down.dragging = handlers.dragStart(down.pawn.seat, down.pawn.pawn);
      if (down.dragging) down.pawn.el.classList.add("dragging");
    }
    if (down.dragging) {
      ev.preventDefault();
      const hex = hexAt(ev);
      if (hex && key(hex) !== down.lastHex) {
        down.lastHex = key(hex);
        handlers.dragOver(hex);
      }
    } else if (moved) {
      down.wandered = true;
    }
  });

  function finish(ev, cancelled) {
    if (!down || ev.pointerId !== down.id) return;
    const d = down;
    down = null;
    if (svg.hasPointerCapture?.(ev.pointerId)) svg.releasePointerCapture(ev.pointerId);
    d.pawn?.el?.classList.remove("dragging");
    if (d.dragging) { handlers.dragEnd(); return; }
    if (cancelled || d.wandered) return;
    const hex = hexAt(ev);
    if (d.pawn) handlers.tapPawn(d.pawn.seat, d.pawn.pawn, hex);
    else if (hex) handlers.tapHex(hex);
  }
  svg.addEventListener("pointerup", (ev) => finish(ev, false));
  svg.addEventListener("pointercancel", (ev) => finish(ev, true));
}
