// Phase 4 · Werpen: buy dice, roll, bend the roll (at most three buttons), lock it; then
// the open cards to activate; the result per action; discard down to the hand limit; and
// "volgende speler" (the turn never passes by itself).
import { h } from "../dom.js";
import { T } from "../strings.js";
import { dieFace } from "../icons.js";
import { cardView, resIcon, gainText } from "./common.js";
import { bendName, houseName, ruleNumbers } from "../content.js";

function diceRow(dice, animate) {
  return h("div", { class: "dice-row", "data-dice": dice.join(",") },
    dice.map((d) => dieFace(d, { class: animate ? "rolling" : "", size: 42 })));
}

function chosenList(view, me, content) {
  const choices = Object.entries(view.turn?.choices || {}).filter(([, a]) => a);
  if (!choices.length) return h("p", { class: "hint" }, T.roll.noActions);
  return h("ul", { class: "result-list" }, choices.map(([pawn, action]) => {
    const hex = me.pawns[pawn];
    const house = Object.entries(view.houses).find(([, hs]) => hs.hex[0] === hex[0] && hs.hex[1] === hex[1]);
    const hk = house?.[0];
    const name = action === "court" ? content.courtName(house?.[1].court_action) : content.house(hk).resource_action;
    return h("li", {}, h("b", {}, T.roles[pawn]), `${houseName(hk)} · ${name}`);
  }));
}

function resultList(report, content) {
  const ul = h("ul", { class: "result-list", "data-report": "" });
  if (!(report.actions || []).length) ul.append(h("li", { class: "muted" }, T.roll.noActions));
  for (const line of report.actions || []) {
    const li = h("li", {}, h("b", {}, T.roles[line.pawn]), houseName(line.house), " · ");
    if (line.action === "resource") {
      li.append(resIcon(line.resource, 14), gainText(line.amount, line.resource));
      if (line.post) li.append(h("span", { class: "chip green" }, T.roll.post));
      if (line.aanzien) li.append(h("span", { class: "chip gold" }, T.roll.plusAanzien(line.aanzien)));
    } else {
      li.append(content.courtName(line.court_action), ` (≥${line.threshold}) `);
      li.append(line.hit ? h("span", { class: "chip gold" }, `${T.roll.hit}: ${T.roll.plusAanzien(line.aanzien)}`) : h("span", { class: "chip red" }, T.roll.miss(line.gunst ?? ruleNumbers().miss_gain)));
    }
    ul.append(li);
  }
  for (const c of report.cards || []) ul.append(h("li", {}, "✦ ", content.card(c.key).name, ` (−${c.pips})`));
  if (report.compensation) ul.append(h("li", {}, resIcon("gunst", 14), T.roll.compensation(report.compensation)));
  return ul;
}

export function rollPanel(ctx) {
  const { view, content } = ctx;
  const t = view.turn || {};
  const me = view.players.find((p) => p.seat === view.viewer);
  const body = h("div", {});
  const foot = [];
  if (!ctx.mine || !me) return { body, foot };
  const dice = t.dice || [];

  if (!dice.length) {
    const pool = t.dice_count;
    body.append(h("h2", {}, T.phases.roll), h("h3", { title: T.roll.chosenActionsHelp }, T.roll.chosenActions),
      h("p", { class: "small muted", "data-define": "chosen" }, T.roll.chosenActionsHelp), chosenList(view, me, content));
    body.append(h("p", {}, h("b", {}, T.roll.pool(pool))));
    const buy = ctx.find((m) => m.type === "buy_die");
    const price = t.next_die_price;
    body.append(h("div", { class: "row" },
      h("button", { class: "btn btn-small", disabled: !buy, "data-move": "buy_die", onclick: () => ctx.send(buy) }, price ? T.btn.buyDie(price) : T.roll.buyDice),
      h("span", { class: "small muted" }, `${t.bought_dice || 0}/${content.rules.max_bought_dice ?? "?"}`)));
    const roll = ctx.find((m) => m.type === "roll");
    foot.push(h("button", { class: "btn btn-primary", disabled: !roll, "data-move": "roll", onclick: () => ctx.send(roll) }, T.btn.roll));
    return { body, foot };
  }

  const sum = dice.reduce((a, b) => a + b, 0);
  const fresh = ctx.ui.lastDice !== dice.join(",");
  ctx.ui.lastDice = dice.join(",");
  body.append(h("div", { class: "row spread" }, diceRow(dice, fresh),
    h("div", {}, h("div", { class: "small muted" }, T.roll.sum), h("div", { class: "sum-box", "data-sum": sum }, String(sum)))));

  if (!t.locked) {
    body.append(h("h3", {}, T.roll.bendTitle));
    const favor = me.resources.gunst;
    body.append(h("p", { class: "small muted" }, resIcon("gunst", 14), ` ${T.roll.favor(favor)} · ${T.roll.bent(t.bends || 0, ruleNumbers())}`));
    const row = h("div", { class: "row" });
    for (const kind of ["reroll", "raise", "add"]) {
      const m = ctx.find((x) => x.type === "bend" && x.kind === kind);
      const cost = me.bend_costs?.[kind] ?? "?";
      row.append(h("button", { class: "btn btn-small btn-gold", disabled: !m, "data-bend": kind, onclick: () => ctx.send(m) },
        `${bendName(kind)} · ${T.roll.bendCost(cost)}`));
    }
    body.append(row);
    const lock = ctx.find((m) => m.type === "lock");
    foot.push(h("button", { class: "btn btn-primary", disabled: !lock, "data-move": "lock", onclick: () => ctx.send(lock) }, T.btn.lock));
    return { body, foot };
  }

  if (!t.settled) {
    // what the activated cards take off the sum, as the view says; the sum that counts
    // comes with the server's report once the roll is settled
    if (t.pips) body.append(h("p", { "data-pips": t.pips }, T.roll.pips(t.pips)));
    body.append(h("h3", {}, T.roll.openCards));
    const acts = ctx.all((m) => m.type === "activate");
    const byCard = new Map();
    for (const m of acts) { if (!byCard.has(m.card)) byCard.set(m.card, []); byCard.get(m.card).push(m); }
    if (!byCard.size) body.append(h("p", { class: "hint" }, T.roll.noOpenCards));
    for (const [cid, moves] of byCard) {
      const entry = me.hand.find((c) => c.id === cid) || { id: cid, card: cid };
      const btn = h("button", { class: "btn btn-gold", "data-activate": cid,
        onclick: () => (moves.length > 1 || moves[0].target !== undefined ? ctx.pickTarget(moves) : ctx.send(moves[0])) }, T.roll.activate);
      body.append(cardView(entry, content, { action: btn, open: true }));
    }
    if (byCard.size) body.setAttribute("data-must-choose", "");
    const settle = ctx.find((m) => m.type === "settle");
    foot.push(h("button", { class: "btn btn-primary", disabled: !settle, "data-move": "settle", onclick: () => ctx.send(settle) }, T.btn.settle));
    return { body, foot };
  }

  const report = t.report || {};
  body.append(h("h3", {}, T.roll.result));
  if (report.effective !== undefined && report.effective !== report.sum) body.append(h("p", { "data-effective": report.effective }, T.roll.effective(report.effective)));
  body.append(resultList(report, content));
  const discards = ctx.all((m) => m.type === "discard");
  if (discards.length) {
    body.setAttribute("data-must-choose", "");
    body.append(h("h3", {}, T.roll.discard));
    for (const m of discards) {
      const entry = me.hand.find((c) => c.id === m.card) || { id: m.card, card: m.card };
      body.append(cardView(entry, content, { action: h("button", { class: "btn btn-small", "data-discard": m.card, onclick: () => ctx.send(m) }, T.roll.discardBtn), active: (me.active || []).includes(m.card) }));
    }
  }
  const end = ctx.find((m) => m.type === "end_turn");
  foot.push(h("button", { class: "btn btn-primary", disabled: !end, "data-move": "end_turn", onclick: () => ctx.send(end) }, T.btn.nextPlayer));
  return { body, foot };
}
