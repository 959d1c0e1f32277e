// Seeing the game on the game screen: the "Verloop" button (the whole history, grouped by
// round and turn), a link to the replay, and the turn summary when the turn passes ("Wat
// deed Bram?": the opponent's card or task, walk, actions, roll, bends, cards and points, in
// words, with the places marked on the board). Everything comes from the history endpoint.
import { h, s } from "../dom.js";
import { T } from "../strings.js";
import { modal, showError } from "../ui.js";
import { toPixel, key } from "../hexlayout.js";
import { SIZE } from "../board.js";
import { loadHistory, groupTurns, stepLines, changeLines, turnChanges, who } from "../history.js";

const S = T.seeing;

// The history as a list: one section per turn ("Ronde 2 · Bram"), its lines, and how the
// numbers moved. `current` (replay): the seq of the step shown, marked.
export function historyList(steps, ctx, { current = null, onPick = null } = {}) {
  const root = h("div", { class: "history", "data-history": "" });
  if (!steps.length) root.append(h("p", { class: "muted" }, S.historyEmpty));
  for (const group of groupTurns(steps)) {
    const list = h("ol", { class: "history-lines" });
    for (const step of group.steps) {
      const lines = stepLines(step, ctx, { quiet: true });
      const now = current !== null && step.upto === current;
      const li = h("li", { "data-step": step.upto, class: now ? "now" : "", "aria-current": now ? "step" : null },
        lines.map((l) => h("span", { class: `line${l.auto ? " auto" : ""}`, "data-entry": l.type, "data-seq": l.seq }, l.text, " ")));
      const moved = changeLines(step.changes, ctx);
      if (moved.length) li.append(h("span", { class: "changes small" }, moved.map((c) => h("span", { class: `chg seat${c.seat}` }, c.text)).flatMap((x, i) => (i ? [" · ", x] : [x]))));
      if (onPick) {
        li.classList.add("pickable");
        li.tabIndex = 0;
        li.addEventListener("click", () => onPick(step));
        li.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); onPick(step); } });
      }
      list.append(li);
    }
    root.append(h("section", { class: `history-turn seat${group.seat}`, "data-turn": group.turn, "data-round": group.round },
      h("h3", {}, S.turnOf(group.round, who(ctx, group.seat))), list));
  }
  return root;
}

export async function showHistory(ctx) {
  const body = h("div", {}, h("p", { class: "loading" }, T.loading));
  modal(S.historyTitle, body, { className: "history-modal" });
  try {
    const data = await loadHistory(ctx.game.id);
    body.replaceChildren(historyList(data.steps, { ...ctx, viewer: data.viewer }),
      h("p", {}, h("a", { class: "btn btn-small", href: `#/terugkijken/${ctx.game.id}`, "data-action": "to-replay" }, S.replayBtn)));
    const last = body.querySelector(".history-turn:last-of-type");
    last?.scrollIntoView({ block: "end" });
  } catch (e) {
    body.replaceChildren(h("p", {}, e.dutch || T.errors[500]));
  }
}

// What the game screen holds for this: the bar with the buttons, and the summary of the
// turn that just passed.
export class GameSeeing {
  constructor(screen) {
    this.screen = screen; // reads .game, .view, .content, .id
    this.turnKey = null;
    this.summary = null; // {group, ctx}
    this.bar = h("div", { class: "seeing-bar" },
      h("button", { class: "btn btn-small", type: "button", "data-action": "history", onclick: () => showHistory(this.ctx()) }, S.historyBtn),
      h("a", { class: "btn btn-small", href: `#/terugkijken/${screen.id}`, "data-action": "replay" }, S.replayBtn));
  }

  ctx() {
    const sc = this.screen;
    return { game: sc.game, view: sc.view, content: sc.content, viewer: sc.view?.viewer ?? null };
  }

  // After every new state, before the screen draws: when the turn has passed, fetch the
  // history and keep the summary of the turn that just ended (when it was not the viewer's).
  async update() {
    const v = this.screen.view;
    if (!v || this.screen.game.status === "open") return;
    const turnKey = `${v.round}-${v.current}-${v.phase === "over"}`;
    if (turnKey === this.turnKey) return;
    this.turnKey = turnKey;
    this.summary = null;
    const seenKey = `dw-summary-${this.screen.id}`;
    try {
      const data = await loadHistory(this.screen.id);
      const groups = groupTurns(data.steps);
      const ended = groups.filter((g) => g.steps.some((st) => st.entries.some((f) => ["end_turn", "resign", "timeout", "abandon"].includes(f.type))));
      const last = ended[ended.length - 1];
      if (!last || (last.seat === v.viewer && v.viewer !== null)) return;
      // every turn the other seat played since the viewer last moved: at a round change
      // (rules 2 alternate the opening seat) that is two turns in a row (issue 28)
      const seen = Number(localStorage.getItem(seenKey) || 0);
      const run = [];
      for (let i = ended.length - 1; i >= 0 && ended[i].seat === last.seat && ended[i].turn > seen; i--) run.unshift(ended[i]);
      if (!run.length) return;
      this.summary = { group: { ...last, steps: run.flatMap((g) => g.steps) }, turns: run, viewer: data.viewer };
    } catch {
      /* the summary is a help, never in the way */
    }
  }

  dismiss() {
    if (this.summary) localStorage.setItem(`dw-summary-${this.screen.id}`, String(this.summary.group.turn));
    this.summary = null;
    this.screen.render();
  }

  // The summary at the top of the panel (drawn again with every render).
  decorate(panelScroll) {
    const v = this.screen.view;
    if (v && (v.viewer === null || v.viewer === undefined) && this.screen.game.status === "active") {
      panelScroll.prepend(h("p", { class: "spectating-note", "data-spectating": "" }, S.spectating));
    }
    if (!this.summary) return;
    const ctx = { ...this.ctx(), viewer: this.summary.viewer };
    const { group } = this.summary;
    // "volgende speler" alone says nothing here; a new round, a task done or the end does
    const lines = group.steps.flatMap((st) => stepLines(st, ctx, { quiet: true }))
      .filter((l) => l.type !== "end_turn" || l.fact.round || l.fact.result || l.fact.tasks_done?.length);

    const totals = changeLines(turnChanges(group), ctx);
    const turns = this.summary.turns || [group];
    const many = turns.length > 1;
    panelScroll.prepend(h("section", { class: "turn-summary", "data-turn-summary": group.turn, "data-turns": turns.length, "aria-label": S.summaryTitle(who(ctx, group.seat)) },
      h("h2", {}, S.summaryTitle(who(ctx, group.seat))),
      many ? h("p", { class: "small", "data-double-turn": "" }, S.summaryTwice(who(ctx, group.seat), turns[0].round, turns[turns.length - 1].round)) : null,
      h("ul", { class: "plain" }, lines.map((l) => h("li", { "data-entry": l.type }, l.text))),
      h("p", { class: "small" }, h("strong", {}, `${many ? S.summaryTotalsMany : S.summaryTotals}: `), totals.length ? totals.map((t) => t.text).join("; ") : S.summaryNothing),
      h("div", { class: "row" },
        h("button", { class: "btn btn-small", type: "button", "data-action": "summary-seen", onclick: () => this.dismiss() }, S.summarySeen),
        h("button", { class: "btn btn-small btn-quiet", type: "button", onclick: () => showHistory(this.ctx()).catch(showError) }, S.summaryMore))));
  }

  // Where the summarised turn happened: gold rings on the board (a walk's end, a house acted at).
  markBoard(svg) {
    svg?.querySelector("g.summary-marks")?.remove();
    if (!this.summary || !svg) return;
    const spots = new Map();
    for (const st of this.summary.group.steps) {
      for (const f of st.entries) {
        if (f.type === "walk" && f.to) spots.set(key(f.to), f.to);
        if (f.type === "choose" && f.hex) spots.set(key(f.hex), f.hex);
      }
    }
    const g = s("g", { class: "summary-marks", "aria-hidden": "true", "data-summary-marks": "" });
    for (const hx of spots.values()) {
      const [x, y] = toPixel(hx, SIZE);
      g.append(s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: (SIZE * 0.82).toFixed(1), class: "summary-mark" }));
    }
    svg.append(g);
  }
}
