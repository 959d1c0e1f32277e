// Phase 2 planning "on paper": one pawn's plan of steps (enter, rotate, cross), checked by
// the server's preview endpoint after every change. Nothing is real until Bevestig.
// The preview tells where the pawn may go next (gold), which neighbours are refused and why
// (red dashed edge under the finger), which tiles it may rotate, and the running costs.
import * as api from "./api.js";
import { key, same, distance, rotateMask } from "./hexlayout.js";
import { T } from "./strings.js";
import { tileAt } from "./derive.js";

export class WalkPlanner {
  constructor(host) {
    this.host = host; // { gameId, view(), mine(), rerender(), toast(text), send(move) }
    this.reset();
    this.seq = -1;
  }

  reset() {
    this.pawn = null;
    this.steps = [];
    this.preview = null;
    this.selectedTile = null; // adjacent tile with the rotate knobs
    this.infoTile = null; // tile with the ⓘ coin
    this.refused = null; // { hex, text }
    this.pending = 0;
    this.queued = null;
    this.dragging = false;
  }

  get view() { return this.host.view(); }

  // Planning is possible: my turn, phase 2, walking dice rolled.
  get active() {
    const v = this.view;
    return !!v && this.host.mine() && v.phase === "walk" && (v.turn?.walk_dice || []).length > 0;
  }

  // A new state arrived: keep the plan if it is still my walk, else drop it.
  onState() {
    const v = this.view;
    if (this.confirming) return;
    if (!this.active) { const info = this.infoTile; this.reset(); this.infoTile = info; return; }
    if (v.seq !== this.seq) {
      this.seq = v.seq;
      if (this.pawn) this.refreshPreview();
    }
  }

  myPawnHex(n) {
    const me = this.view.players.find((p) => p.seat === this.view.viewer);
    return me?.pawns?.[String(n)] || null;
  }

  position() {
    let pos = this.myPawnHex(this.pawn);
    for (const st of this.steps) if (st.enter || st.cross) pos = st.enter || st.cross;
    return pos;
  }

  route() {
    if (!this.pawn) return [];
    const out = [this.myPawnHex(this.pawn)];
    for (const st of this.steps) if (st.enter || st.cross) out.push(st.enter || st.cross);
    return out;
  }

  // planned openings after this plan's rotations
  openings() {
    const map = new Map();
    for (const st of this.steps) {
      if (!st.rotate) continue;
      const k = key(st.rotate);
      const base = map.has(k) ? map.get(k) : tileAt(this.view, st.rotate)?.openings || 0;
      map.set(k, rotateMask(base, st.dir === "cw" ? 1 : -1));
    }
    return map;
  }

  next(hex) { return (this.preview?.next || []).find((n) => same(n.hex, hex)) || null; }
  rotatable(hex) { return (this.preview?.rotatable || []).find((n) => same(n.hex, hex)) || null; }
  refusal(hex) { return (this.preview?.refused || []).find((n) => same(n.hex, hex)) || null; }

  // A full turn of the knobs on this tile (the last steps all turned it) and still no way in:
  // it can never connect from here, which the panel says (issue 28).
  neverConnects(hex) {
    if (!hex || this.next(hex)) return false;
    let turns = 0;
    for (let i = this.steps.length - 1; i >= 0 && this.steps[i].rotate && same(this.steps[i].rotate, hex); i--) turns++;
    return turns >= 6;
  }

  overlay() {
    const o = { glow: new Set(), route: [], openings: this.openings(), pawnAt: new Map() };
    o.infoTile = this.selectedTile || this.infoTile;
    o.knobs = !!this.selectedTile && !!this.rotatable(this.selectedTile);
    if (!this.active || !this.pawn) return o;
    o.selectedPawn = { seat: this.view.viewer, pawn: this.pawn };
    for (const n of this.preview?.resting ? [] : this.preview?.next || []) {
      if (this.allows([...this.steps, n.via === "cross" ? { cross: n.hex } : { enter: n.hex }])) o.glow.add(key(n.hex));
    }
    o.route = this.route();
    o.pawnAt.set(`${this.view.viewer}-${this.pawn}`, this.position());
    if (this.refused) o.refused = this.refused.hex;
    return o;
  }

  async refreshPreview() {
    if (!this.pawn) { this.preview = null; return; }
    const id = ++this.pending;
    this.host.busyChanged?.();
    try {
      // an empty plan too: the server says where the pawn may go from where it stands
      const p = await api.preview(this.host.gameId, this.pawn, this.steps);
      if (id !== this.pending) return; // a newer request is on its way
      this.preview = p;
      if (!p.ok && this.steps.length) {
        // the last step was refused: take it back and say why
        this.steps = this.steps.slice(0, Math.max(0, p.error_step ?? this.steps.length - 1));
        this.host.toast(p.error || T.errors[422]);
        return this.refreshPreview();
      }
    } catch (e) {
      if (id !== this.pending) return;
      this.host.error(e);
    } finally {
      if (id === this.pending) {
        this.pending = 0;
        this.host.rerender();
        if (this.queued) { const q = this.queued; this.queued = null; this.dragOver(q); }
      }
    }
  }

  // --- what the player does -----------------------------------------------------------------
  // the guided first game lets only its scripted route be planned (host.allows, tutorial.js)
  allows(steps, pawn = this.pawn, whole = false) {
    return this.host.allows ? this.host.allows(pawn, steps, whole) : true;
  }

  selectPawn(n) {
    if (this.pawn === n) return;
    if (!this.allows([], n)) { this.host.toast(T.tutorial.notThis); return; }
    if (this.steps.length) { this.host.toast(T.walk.finishPlanFirst); return; }
    this.pawn = n;
    this.steps = [];
    this.selectedTile = null;
    this.refused = null;
    this.preview = null;
    this.host.rerender();
    this.refreshPreview();
  }

  push(step) {
    if (!this.allows([...this.steps, step])) { this.host.toast(T.tutorial.notThis); return; }
    this.steps = [...this.steps, step];
    this.refused = null;
    if (!step.rotate) this.selectedTile = null;
    this.host.rerender();
    return this.refreshPreview();
  }

  back() {
    if (!this.steps.length) { this.pawn = null; this.preview = null; this.selectedTile = null; this.host.rerender(); return; }
    this.steps = this.steps.slice(0, -1);
    this.refused = null;
    this.host.rerender();
    this.refreshPreview();
  }

  // undo up to and including the last enter/cross (a swipe back over the line)
  backOneHex() {
    let i = this.steps.length - 1;
    while (i >= 0 && !(this.steps[i].enter || this.steps[i].cross)) i--;
    if (i < 0) return;
    this.steps = this.steps.slice(0, i);
    this.refused = null;
    this.host.rerender();
    this.refreshPreview();
  }

  go(hex) {
    const n = this.next(hex);
    if (!n) return false;
    this.push(n.via === "cross" ? { cross: hex } : { enter: hex });
    return true;
  }

  canDrag(seat) { return this.active && seat === this.view.viewer; }

  dragStart(seat, pawn) {
    if (!this.canDrag(seat, pawn)) return false;
    if (this.pawn !== pawn) {
      if (this.steps.length) { this.host.toast(T.walk.finishPlanFirst); return false; }
      this.selectPawn(pawn);
    }
    this.dragging = true;
    return true;
  }

  dragOver(hex) {
    if (!this.dragging || !this.pawn) return;
    if (this.pending) { this.queued = hex; return; }
    const route = this.route();
    const pos = this.position();
    if (same(hex, pos)) { if (this.refused) { this.refused = null; this.host.rerender(); } return; }
    if (route.length > 1 && same(hex, route[route.length - 2])) { this.backOneHex(); return; }
    if (this.go(hex)) return;
    const d = distance(hex, pos);
    if (d === 1 || d === 2) {
      const why = this.refusal(hex);
      if (d === 1 || why) {
        this.refused = { hex, text: why?.text || "" };
        this.host.rerender();
      }
    }
  }

  dragEnd() {
    this.dragging = false;
    if (this.refused) { this.refused = null; this.host.rerender(); }
  }

  tapPawn(seat, pawn, hex) {
    // while a plan is drawn, a tap on another pawn's tile is a tap on that tile
    if (this.canDrag(seat, pawn) && (!this.steps.length || pawn === this.pawn)) {
      if (this.pawn === pawn && this.steps.length === 0) { this.infoTile = hex; this.host.rerender(); return; }
      this.selectPawn(pawn);
      return;
    }
    this.tapHex(hex);
  }

  tapHex(hex) {
    if (this.active && this.pawn && this.preview) {
      const rot = this.rotatable(hex);
      if (this.selectedTile && same(this.selectedTile, hex)) {
        // second tap on the selected tile: go there once the path connects
        if (this.go(hex)) return;
        const why = this.refusal(hex);
        this.refused = { hex, text: why?.text || "" };
        this.host.rerender();
        return;
      }
      if (rot) {
        this.selectedTile = hex;
        this.infoTile = null;
        this.refused = null;
        this.host.rerender();
        return;
      }
      if (this.go(hex)) return;
      const why = this.refusal(hex);
      if (why) { this.refused = { hex, text: why.text }; this.selectedTile = null; this.infoTile = hex; this.host.rerender(); return; }
    }
    this.selectedTile = null;
    this.refused = null;
    this.infoTile = this.infoTile && same(this.infoTile, hex) ? null : hex;
    this.host.rerender();
  }

  knob(dir) {
    if (!this.selectedTile || !this.rotatable(this.selectedTile)) return;
    this.push({ rotate: this.selectedTile, dir });
  }

  async confirm() {
    if (!this.pawn || !this.preview?.confirmable) return;
    if (!this.allows(this.steps, this.pawn, true)) { this.host.toast(T.tutorial.notThis); return; }
    const move = { type: "walk", pawn: this.pawn, plan: this.steps };
    this.confirming = true;
    let ok = false;
    try { ok = await this.host.send(move); } finally { this.confirming = false; }
    this.seq = this.view.seq;
    if (!ok) { this.refreshPreview(); return; }
    // the route is real now: start afresh, with the same pawn picked up if it may walk on
    const pawn = this.pawn;
    this.reset();
    if (this.active && this.allows([], pawn)) this.selectPawn(pawn);
    else this.host.rerender();
  }
}
