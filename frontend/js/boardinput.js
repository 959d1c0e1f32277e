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

  svg.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0) return;
    const knob = ev.target.closest("[data-knob]");
    if (knob) { ev.preventDefault(); handlers.knob(knob.getAttribute("data-knob")); return; }
    const info = ev.target.closest("[data-info]");
    if (info) {
      ev.preventDefault();
      const [q, r] = info.getAttribute("data-info").split(",").map(Number);
      handlers.info([q, r]);
      return;
    }
    const pawnEl = ev.target.closest("[data-pawn]");
    let pawn = null;
    if (pawnEl) {
      const [seat, n] = pawnEl.getAttribute("data-pawn").split("-").map(Number);
      pawn = { seat, pawn: n, el: pawnEl };
    }
    const hex = hexAt(ev);
    down = { x: ev.clientX, y: ev.clientY, pawn, dragging: false, lastHex: hex ? key(hex) : null, id: ev.pointerId };
    if (pawn && handlers.canDrag(pawn.seat, pawn.pawn)) {
      svg.setPointerCapture(ev.pointerId);
      ev.preventDefault();
    }
  });

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
