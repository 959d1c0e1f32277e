// Phase 3 · Acties: per pawn on a house, its resource action (gate "altijd"), the court
// action this game deals to that house (threshold, pay), or nothing; supply and the
// surcharge are shown before the choice. "Aan het hof" appears only when something can be bought.
import { h, s } from "../dom.js";
import { T } from "../strings.js";
import { pawnShape } from "../icons.js";
import { resIcon } from "./common.js";
import { houseAtHex, opponentPawnsAt, supplyCost, thresholdNow } from "../derive.js";
import { ruleNumbers } from "../content.js";

function pawnIcon(seat, n) {
  const g = pawnShape(seat, n);
  g.setAttribute("transform", "translate(0,1)");
  return s("svg", { class: "icon", width: 26, height: 30, viewBox: "-11 -15 22 28", "aria-hidden": "true" }, g);
}

// "+1 geld · −1 reputatie": a pawn's role shifts, from the content's rules table.
function roleRates(content, n) {
  const role = content.rules.pawn_roles?.[String(n)];
  const shifts = Object.entries(content.rules.role_modifiers?.[role] || {}).sort((a, b) => b[1] - a[1]);
  return shifts.map(([r, v]) => `${v > 0 ? "+" : "−"}${Math.abs(v)} ${Math.abs(v) === 1 ? T.resourceOne[r] : T.resources[r]}`).join(" · ");
}

function gate(text, always) {
  return h("span", { class: `gate${always ? " always" : ""}` }, h("small", {}, T.actions.gate), text);
}

export function actionsPanel(ctx) {
  const { view, content } = ctx;
  const seat = view.viewer;
  const me = view.players.find((p) => p.seat === seat);
  const choices = view.turn?.choices || {};
  const body = h("div", {});
  const foot = [];
  if (!ctx.mine || !me) return { body, foot };
  body.append(h("h2", {}, T.actions.title));
  let open = 0;

  for (const n of [1, 2, 3]) {
    const hex = me.pawns[String(n)];
    const house = houseAtHex(view, hex);
    const block = h("section", { class: "pawn-block", "data-pawn-block": n },
      h("header", {}, pawnIcon(seat, n), h("span", { class: "role" }, T.roles[n]),
        h("span", { class: "muted small" }, house ? `· ${content.house(house.key).name}` : `· ${T.actions.noHouse}`)),
      h("div", { class: "rate-line" }, roleRates(content, n)));
    body.append(block);
    if (!house) continue;
    const info = content.house(house.key);
    const chosen = Object.prototype.hasOwnProperty.call(choices, String(n)) ? choices[String(n)] : undefined;
    const closed = view.event_closed === house.key;
    const surcharge = opponentPawnsAt(view, hex, seat) > 0;
    const movesFor = (action) => ctx.all((m) => m.type === "choose" && m.pawn === n && m.action === action);
    if (chosen === undefined && ctx.find((m) => m.type === "choose" && m.pawn === n)) open++;

    block.append(h("div", { class: "small", style: "margin-top:4px" },
      h("span", { class: "chip" }, T.actions.supply(house.supply)), " ",
      surcharge ? h("span", { class: "chip red" }, T.actions.surcharge(ruleNumbers())) : null,
      closed ? h("span", { class: "chip red" }, T.actions.closed) : null));

    // resource action: no threshold, always succeeds
    const res = info.resource;
    const shift = content.roleShift(n, res);
    const uses = (action) => supplyCost(view, seat, house.key, action);
    const rMoves = movesFor("resource");
    block.append(h("button", {
      class: `opt${chosen === "resource" ? " chosen" : ""}`, "data-choose": `${n}-resource`,
      disabled: chosen !== undefined || !rMoves.length, onclick: () => ctx.send(rMoves[0]),
    }, gate(T.actions.always, true),
      h("span", { class: "o-name" }, info.resource_action || T.actions.resource),
      h("span", { class: "o-sub" }, resIcon(res, 13), T.actions.rate(info.rate, T.resources[res]),
        shift ? h("span", {}, `${T.roles[n]} ${shift > 0 ? "+" : "−"}${Math.abs(shift)}`) : null,
        h("span", {}, T.actions.uses(uses("resource"))))));

    // this game's court action at this house
    const ca = content.court(house.court_action);
    const thr = thresholdNow(view, house.key);
    const cMoves = movesFor("court");
    const hasPost = (house.posts || []).includes(seat);
    block.append(h("button", {
      class: `opt${chosen === "court" ? " chosen" : ""}`, "data-choose": `${n}-court`,
      disabled: chosen !== undefined || !cMoves.length,
      onclick: () => (cMoves.length > 1 || cMoves[0]?.target !== undefined ? ctx.pickTarget(cMoves) : ctx.send(cMoves[0])),
    }, gate(`≥${thr}`, false),
      h("span", { class: "o-name" }, ca.name),
      h("span", { class: "o-sub" },
        resIcon("aanzien", 13), ca.text || (ca.aanzien !== undefined ? T.actions.pay(ca.aanzien) : ""),
        h("span", {}, T.actions.missFavor(ruleNumbers())),
        h("span", {}, T.actions.uses(uses("court"))),
        hasPost ? null : h("span", { class: "plan-error" }, T.actions.needPost))));

    const none = ctx.find((m) => m.type === "choose" && m.pawn === n && m.action === null);
    block.append(h("div", { class: "row", style: "margin-top:6px" },
      chosen === null ? h("span", { class: "chip" }, `${T.actions.nothing} · ${T.actions.chosen}`) :
        h("button", { class: "btn btn-small btn-quiet", disabled: chosen !== undefined || !none, "data-choose": `${n}-none`, onclick: () => ctx.send(none) }, T.actions.nothing)));
  }

  // Aan het hof: only when something can be bought
  const buys = ctx.all((m) => m.type === "buy_office" || m.type === "buy_foundation");
  if (buys.length) {
    const row = h("section", { class: "court-row", "data-court": "" }, h("h3", {}, T.actions.atCourt));
    for (const m of buys) {
      if (m.type === "buy_office") {
        const o = content.office(m.office);
        row.append(h("div", { class: "item" },
          h("div", {}, h("b", {}, `${T.actions.office}: ${o.name}`), o.text ? h("div", { class: "small" }, o.text) : null,
            h("div", { class: "small muted" }, T.actions.officeCost(content.rules.office_cost ?? "?"), T.actions.officeEnd(ruleNumbers()))),
          h("button", { class: "btn btn-small btn-gold", "data-buy": m.office, onclick: () => ctx.send(m) }, T.actions.buy)));
      } else {
        const f = content.foundation(m.foundation);
        const worth = me.foundation_values?.[m.foundation];
        row.append(h("div", { class: "item" },
          h("div", {}, h("b", {}, `${T.actions.foundation}: ${f.name}`), f.text ? h("div", { class: "small" }, f.text) : null,
            h("div", { class: "small" }, worth !== undefined ? h("span", { class: "chip gold" }, T.actions.worthNow(worth)) : null, " ",
              me.next_foundation_cost !== undefined ? h("span", { class: "chip" }, T.actions.foundationCost(me.next_foundation_cost)) : null)),
          h("button", { class: "btn btn-small btn-gold", "data-buy": m.foundation, onclick: () => ctx.send(m) }, T.actions.buy)));
      }
    }
    body.append(row);
  }

  if (open) body.setAttribute("data-must-choose", "");
  const end = ctx.find((m) => m.type === "end_actions");
  foot.push(h("button", { class: open ? "btn" : "btn btn-primary", disabled: !end, "data-move": "end_actions", onclick: () => ctx.send(end) }, T.btn.endActions));
  return { body, foot };
}
