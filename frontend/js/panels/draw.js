// Phase 1 · Trekken: take one card from the court market, or one task from the conveyor.
import { h } from "../dom.js";
import { T } from "../strings.js";
import { cardView, taskView, progressChip } from "./common.js";
import { dicePool } from "../derive.js";
import { ruleNumbers } from "../content.js";

export function drawPanel(ctx) {
  const { view, content, ui } = ctx;
  const tab = ui.drawTab || "cards";
  const tabs = h("div", { class: "tabs", role: "tablist" },
    [["cards", T.draw.tabCards], ["tasks", T.draw.tabTasks]].map(([k, label]) =>
      h("button", { role: "tab", "aria-selected": String(tab === k), "data-tab": k, onclick: () => { ui.drawTab = k; ctx.rerender(); } }, label)));
  const body = h("div", { "data-must-choose": ctx.mine ? "" : null });
  body.append(h("h2", {}, T.draw.title), tabs);
  if (tab === "cards") {
    (view.market || []).forEach((entry, slot) => {
      const move = ctx.find((m) => m.type === "take_card" && m.slot === slot);
      const btn = ctx.mine && entry ? h("button", { class: "btn btn-gold", disabled: !move, "data-take-card": slot, onclick: () => ctx.send(move) }, T.draw.take) : null;
      body.append(cardView(entry, content, { action: btn }));
    });
    const opp = view.players.find((p) => p.seat !== view.viewer);
    body.append(h("p", { class: "hint", "data-draw-hint": ctx.mine ? "mover" : "waiting" }, ctx.mine ? T.draw.hint : T.draw.waitHint, " ", opp ? T.draw.opponentDice(dicePool(opp)) : ""));
  } else {
    // the rule in words; whether a task may be taken now is the server's legal moves
    body.append(h("p", { class: "hint" }, T.draw.maxTasks(ruleNumbers())));
    (view.conveyor || []).forEach((key, slot) => {
      const move = ctx.find((m) => m.type === "take_task" && m.slot === slot);
      const btn = ctx.mine ? h("button", { class: "btn btn-gold", disabled: !move, "data-take-task": slot, onclick: () => ctx.send(move) }, T.draw.take) : null;
      body.append(taskView(key, content, { action: btn, cost: slot, progress: progressChip(view, content, key) }));
    });
  }
  return { body, foot: [] };
}
