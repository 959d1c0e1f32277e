// The guided first game's step runner (docs/tutorial.md). The server knows the script and
// where the learner is (GET /api/tutorial/); here: the step's line in a small box above the
// panel, a ring on the board place (or the button) it points at, the game's legal moves
// narrowed to the scripted one while the step waits (so the panel and the board offer only
// it), and after the move the line that explains what happened. Words: T.tutorial.
import { h, s } from "./dom.js";
import { T } from "./strings.js";
import * as api from "./api.js";
import { ruleNumbers } from "./content.js";
import { key } from "./hexlayout.js";

const PATH = "/api/tutorial/";
const RING = "#b8860b"; // the gold of what is possible now

export const tutorialState = () => api.call("GET", PATH);

// Start (or resume) the tutorial and open its game; logged out: the login page first.
export async function startTutorial(go) {
  try {
    const t = await api.call("POST", PATH);
    go(`/spel/${t.game}`);
  } catch (e) {
    if (e.status === 401 || e.status === 403) go("/inloggen");
    else throw e;
  }
}

// The same move whatever the order of its keys.
function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(",")}]`;
  if (v && typeof v === "object") return `{${Object.keys(v).sort().map((k) => `${k}:${canon(v[k])}`).join(",")}}`;
  return JSON.stringify(v);
}
export const sameMove = (a, b) => canon(a) === canon(b);

// The panel's button that sends a move (the attributes the panels give them).
function buttonFor(m) {
  switch (m.type) {
    case "take_card": return `[data-take-card="${m.slot}"]`;
    case "take_task": return `[data-take-task="${m.slot}"]`;
    case "choose": return `[data-choose="${m.pawn}-${m.action ?? "none"}"]`;
    case "bend": return `[data-bend="${m.kind}"]`;
    case "activate": return `[data-activate="${m.card}"]`;
    case "discard": return `[data-discard="${m.card}"]`;
    case "buy_office": return `[data-buy="${m.office}"]`;
    case "buy_foundation": return `[data-buy="${m.foundation}"]`;
    case "walk": return `[data-action="confirm"]`;
    default: return `[data-move="${m.type}"]`;
  }
}

export class TutorialGuide {
  // host: { say(text), refresh() }
  constructor(gameId, host, t) {
    this.gameId = gameId;
    this.host = host;
    this.t = t;
    this.lastLine = "";
  }

  // The guide of this game, or null when it is no tutorial of mine.
  static async open(gameId, game, host) {
    if (game.opponent !== "computer" || game.your_seat !== 0) return null;
    try {
      const t = await tutorialState();
      return t.game === gameId && t.status !== "skipped" ? new TutorialGuide(gameId, host, t) : null;
    } catch {
      return null;
    }
  }

  get on() { return this.t?.status === "active"; }

  // The move the step waits for now (null: the computer plays, or the answer is of another seq).
  get expected() { return this.on && this.t.seq === this.seq ? this.t.expected : null; }

  // Ask where the learner is after this seq; true when the answer changed what to show.
  // Answers may overtake each other: an older one never replaces a newer one.
  async update(game) {
    this.seq = game.seq;
    if (this.t && this.t.seq === game.seq) return true;
    if (!this.on && this.t) return false; // done: nothing more to ask
    try {
      const t = await tutorialState();
      // a skip is final: an answer asked before it (the game-over push races the skip's own
      // answer) must not bring the box back
      if (this.t && (t.seq < this.t.seq || this.t.status === "skipped")) return false;
      this.t = t;
      return true;
    } catch {
      return false; // keep the last answer
    }
  }

  // The legal moves the step allows: the scripted one (a walk: that pawn's, its plan is
  // checked step by step by `allows`).
  filter(legal) {
    if (!this.on) return legal;
    const e = this.expected;
    if (!e) return [];
    if (e.type === "walk") return legal.filter((m) => m.type === "walk" && m.pawn === e.pawn);
    return legal.filter((m) => sameMove(m, e));
  }

  // May the walk planner take these steps for this pawn (whole: and confirm them)?
  allows(pawn, steps, whole = false) {
    if (!this.on) return true;
    const e = this.expected;
    if (!e || e.type !== "walk" || pawn !== e.pawn || steps.length > e.plan.length) return false;
    if (!steps.every((st, i) => sameMove(st, e.plan[i]))) return false;
    return !whole || steps.length === e.plan.length;
  }

  // The draw panel shows the tab of the scripted choice.
  prepare(ui) {
    const e = this.expected;
    if (e?.type === "take_task") ui.drawTab = "tasks";
    if (e?.type === "take_card") ui.drawTab = "cards";
  }

  doLine(e) {
    const d = T.tutorial.do;
    const role = T.roles[e.pawn];
    if (e.type === "walk") return (e.plan.some((st) => st.rotate) ? d.walkTurn : d.walk)(role);
    if (e.type === "choose") return d[`choose_${e.action ?? "none"}`](role);
    const line = d[e.type] || "";
    return typeof line === "function" ? line(ruleNumbers()) : line;
  }

  lessonLine(lesson, table) {
    const line = table[lesson];
    return typeof line === "function" ? line(ruleNumbers()) : line || "";
  }

  // The box above the panel, and the ring on the button the step waits for.
  decoratePanel(scroll) {
    if (!this.t || this.t.status === "skipped") return;
    const t = this.t;
    const e = this.expected;
    const box = h("section", { class: "sheet tutorial-box", "data-tutorial": t.status, "data-step": t.step,
      "data-expected": e ? JSON.stringify(e) : null, role: "region", "aria-label": T.tutorial.title,
      style: `border: 2px solid ${RING}; margin-bottom: 10px; padding: 8px 12px` });
    box.append(h("p", { class: "small muted" }, this.on ? T.tutorial.step(t.step, t.steps) : T.tutorial.title));
    for (const lesson of t.after || []) box.append(h("p", { class: "hint", "data-tutorial-after": lesson }, this.lessonLine(lesson, T.tutorial.after)));
    const lines = [];
    if (!this.on) lines.push(T.tutorial.done);
    else if (!e) lines.push(T.tutorial.wait);
    else {
      for (const lesson of t.lessons || []) lines.push(this.lessonLine(lesson, T.tutorial.lesson));
      lines.push(this.doLine(e));
    }
    for (const [i, line] of lines.entries()) box.append(h("p", { "data-tutorial-line": i === lines.length - 1 ? "do" : "lesson" }, i === lines.length - 1 ? h("b", {}, line) : line));
    if (this.on) {
      box.append(h("button", { class: "btn btn-small btn-quiet", "data-action": "tutorial-skip", onclick: () => this.skip() }, T.tutorial.skip));
    }
    scroll.prepend(box);
    const said = lines.join(" ");
    if (said !== this.lastLine) { this.lastLine = said; this.host.say(said); }
    if (e) {
      const btn = scroll.closest("[data-panel]")?.querySelector(buttonFor(e));
      if (btn) { btn.style.outline = `3px solid ${RING}`; btn.style.outlineOffset = "2px"; btn.dataset.tutorialPoint = ""; }
    }
  }

  // A gold dashed ring on each hex the step points at (drawn over the board, never in the way
  // of a finger).
  markBoard(svg) {
    svg.querySelectorAll(".tutorial-ring").forEach((el) => el.remove());
    if (!this.expected) return;
    for (const hx of this.t.points || []) {
      const tile = svg.querySelector(`g.tile[data-hex="${key(hx)}"]`);
      const base = tile?.querySelector(".tile-base");
      if (!base) continue;
      const bb = base.getBBox();
      tile.append(s("circle", { class: "tutorial-ring", "data-tutorial-point": key(hx), cx: bb.x + bb.width / 2, cy: bb.y + bb.height / 2,
        r: Math.min(bb.width, bb.height) * 0.42, fill: "none", stroke: RING, "stroke-width": 4, "stroke-dasharray": "7 4", "pointer-events": "none" }));
    }
  }

  async skip() {
    try { this.t = await api.call("POST", `${PATH}skip/`); } catch { /* the refresh shows the state */ }
    this.lastLine = "";
    await this.host.refresh();
  }
}

// The lobby's offer to a new account (no tutorial yet), or the way back into a running one.
export async function tutorialOffer(after, go) {
  let t;
  try { t = await tutorialState(); } catch { return; }
  if (!t.offer && t.status !== "active") return;
  after.after(h("section", { class: "sheet", "data-tutorial-offer": t.offer ? "new" : "resume" },
    h("h2", {}, T.tutorial.title), h("p", {}, T.tutorial.offer),
    h("button", { class: "btn", "data-action": "tutorial-start", onclick: () => startTutorial(go) },
      t.offer ? T.tutorial.start : T.tutorial.resume)));
}
