// Phase 2 · Lopen: roll the walking dice, plan a route per pawn (drag or tap on the board),
// buy steps, then Terug / Bevestig; "Klaar met lopen" when done.
import { h } from "../dom.js";
import { T } from "../strings.js";
import { dieFace } from "../icons.js";
import { resIcon } from "./common.js";
import { tileAt } from "../derive.js";
import { houseName, ruleNumbers, tokenAmount } from "../content.js";

export function tileName(view, hex) {
  const t = tileAt(view, hex);
  if (!t) return "?";
  if (t.kind === "house") return houseName(t.house);
  if (t.kind === "path") return T.shapes[t.shape] || T.kinds.path;
  return T.kinds[t.kind] || t.kind;
}

function stepLabel(st, view) {
  if (st.rotate) return `${st.dir === "cw" ? "⟳" : "⟲"} ${tileName(view, st.rotate)} ${st.dir === "cw" ? T.walk.rotateRight : T.walk.rotateLeft}`;
  if (st.cross) return `${T.walk.cross(ruleNumbers())} → ${tileName(view, st.cross)}`;
  return `→ ${tileName(view, st.enter)}`;
}

function collectLabel(c) {
  if (c.kind === "meeting") return T.walk.meeting(c.gives?.relaties ?? ruleNumbers().meeting_gain);
  const tk = T.tokens[c.token];
  return tk ? `${tk[0]}: ${tk[1](tokenAmount(c.token))}` : `${c.name}: ${c.text}`;
}

export function walkPanel(ctx) {
  const { view, walk } = ctx;
  const t = view.turn || {};
  const body = h("div", {});
  const foot = [];
  if (!ctx.mine) return { body, foot };
  if (!(t.walk_dice || []).length) {
    body.append(h("h2", {}, T.phases.walk), h("p", {}, T.walk.rollFirst(ruleNumbers())));
    const m = ctx.find((x) => x.type === "roll_walk");
    foot.push(h("button", { class: "btn btn-primary", disabled: !m, "data-move": "roll_walk", onclick: () => ctx.send(m) }, T.btn.rollWalk));
    return { body, foot };
  }
  const p = walk.preview;
  const left = walk.pawn && p ? p.steps_left : t.steps;
  body.append(h("div", { class: "row spread" },
    h("div", { class: "dice-row" }, (t.walk_dice || []).map((d) => dieFace(d, { class: "walk", size: 34 }))),
    h("div", { class: "steps-big", "data-steps-left": left }, T.walk.stepsLeft(left))));

  // each pawn on a button of its own, named as on the board (its number) and in the plan:
  // the clear way to choose between pawns stacked on one tile (issue 28)
  const me = view.players.find((pl) => pl.seat === view.viewer);
  const mine = Object.entries(me?.pawns || {});
  const stacked = new Set(mine.map(([, hx]) => String(hx))).size < mine.length;
  if (!walk.steps.length && mine.length) {
    if (stacked && !walk.pawn) body.append(h("p", { class: "small" }, T.walk.stackedPick));
    body.append(h("div", { class: "row pawn-picks", "data-pick-pawns": "" }, mine.map(([n]) => h("button", {
      class: "btn btn-small", type: "button", "data-pick-pawn": n, "aria-pressed": String(walk.pawn === Number(n)),
      disabled: (t.rested || []).includes(Number(n)), onclick: () => walk.selectPawn(Number(n)),
    }, `${n} · ${T.roles[n]}`))));
  }
  if (!walk.pawn) {
    body.append(h("p", { class: "hint", "data-walk-hint": "pawn" }, T.walk.choosePawn));
  } else {
    body.append(h("h3", { "data-plan-for": walk.pawn }, T.walk.planFor(T.roles[walk.pawn], walk.pawn)));
    if (!walk.steps.length) body.append(h("p", { class: "hint", "data-walk-hint": "tap" }, T.walk.planEmpty, " ", T.walk.tapGold));
    const list = h("ol", { class: "plan-list", "data-plan": "" });
    (p?.steps || []).forEach((r, i) => {
      const st = walk.steps[i] || r.step;
      const costs = [];
      if (r.steps) costs.push(T.walk.steps(r.steps));
      if (r.relaties) costs.push(T.walk.rel(r.relaties));
      list.append(h("li", {}, h("span", {}, stepLabel(st, view), r.toll ? T.walk.toll : ""), h("span", {}, costs.join(" + ") || "0")));
      for (const c of r.collects || []) list.append(h("li", { class: "gain" }, h("span", {}, "✦ " + collectLabel(c)), h("span", {}, "")));
    });
    if (walk.steps.length) body.append(list);
    if (p) {
      body.append(h("p", { class: "small" }, h("b", {}, T.walk.costs), ": ",
        T.walk.steps(p.cost?.steps || 0), p.cost?.relaties ? ` + ${T.walk.rel(p.cost.relaties)}` : "",
        " · ", resIcon("relaties", 14), T.walk.relLeft(p.relaties_left)));
      if (p.resting) body.append(h("p", { class: "hint" }, T.walk.restedPawn));
    }
  }
  if (walk.refused?.text) body.append(h("p", { class: "plan-error", role: "status" }, walk.refused.text));
  // the chosen tile can also be turned from here: large targets on a phone, and keys
  if (walk.selectedTile && walk.rotatable(walk.selectedTile)) {
    body.append(h("div", { class: "row", "data-turn-tile": "" },
      h("span", { class: "small" }, tileName(view, walk.selectedTile)),
      h("button", { class: "btn btn-small", "data-turn": "ccw", onclick: () => walk.knob("ccw") }, `⟲ ${T.walk.rotateLeft}`),
      h("button", { class: "btn btn-small", "data-turn": "cw", onclick: () => walk.knob("cw") }, `⟳ ${T.walk.rotateRight}`)));
    // a full turn of the knobs without a connection: say why nothing glows (issue 28)
    body.append(walk.neverConnects?.(walk.selectedTile)
      ? h("p", { class: "plan-error", role: "status", "data-walk-hint": "never" }, T.walk.neverConnects)
      : h("p", { class: "hint", "data-walk-hint": "again" }, T.walk.tapAgain));
  }

  const buy = ctx.find((x) => x.type === "buy_step");
  body.append(h("div", { class: "row", style: "margin-top:10px" },
    h("button", { class: "btn btn-small", disabled: !buy, "data-move": "buy_step", onclick: () => ctx.send(buy) }, T.btn.buyStep(ruleNumbers())),
    h("span", { class: "small muted" }, T.walk.bought(t.bought_steps || 0, ruleNumbers()))));

  const confirmable = !!p?.confirmable && walk.steps.length > 0;
  const endWalk = ctx.find((x) => x.type === "end_walk");
  foot.push(h("button", { class: "btn", disabled: !walk.pawn, "data-action": "back", onclick: () => walk.back() }, T.btn.back));
  if (walk.steps.length) {
    foot.push(h("button", { class: "btn btn-primary", disabled: !confirmable, "data-action": "confirm", onclick: () => walk.confirm() }, T.btn.confirm));
  } else {
    // Before any route is walked the player must choose one: no red button, so space does
    // not skip walking. Once a route is walked (or no step is left) it is the next step.
    const done = (t.walked || []).length > 0 || left <= 0;
    foot.push(h("button", { class: done ? "btn btn-primary" : "btn", disabled: !endWalk, "data-move": "end_walk", onclick: () => ctx.send(endWalk) }, T.btn.endWalk));
  }
  return { body, foot };
}
