// The tile window (from the ⓘ coin): everything about one tile. For a house both actions of
// this game with threshold, supply left, surcharge and trading posts; tokens and toll; and
// "Ontginnen" for an empty field next to one of your pawns.
import { h } from "../dom.js";
import { T } from "../strings.js";
import { modal } from "../ui.js";
import { seatBadge } from "../icons.js";
import { resIcon } from "./common.js";
import { tileAt, opponentPawnsAt, supplyCost, thresholdNow, playerName as nameOf } from "../derive.js";
import { houseName, ruleNumbers, tokenAmount } from "../content.js";
import { same, sidesOf } from "../hexlayout.js";


export function tileTitle(t) {
  if (t.kind === "house") return houseName(t.house);
  if (t.kind === "path") return t.cleared ? T.tile.cleared : `${T.kinds.path}: ${T.shapes[t.shape] || ""}`;
  return T.kinds[t.kind] || t.kind;
}

export function showTileWindow(ctx, hex) {
  const { view, game, content } = ctx;
  const t = tileAt(view, hex);
  if (!t) return;
  const body = h("div", { class: "tile-window", "data-tile-window": `${hex[0]},${hex[1]}` });
  const viewer = view.viewer ?? 0;

  if (t.kind === "plaza") body.append(h("p", {}, T.tile.plazaText));
  if (t.kind === "water" || t.kind === "forest") body.append(h("p", {}, T.tile.impassable(ruleNumbers())));
  if (t.kind === "empty") body.append(h("p", {}, T.tile.emptyText));
  if (t.kind === "bridge") body.append(h("p", {}, T.tile.bridgeText));
  if (t.kind === "path" || t.kind === "bridge") {
    body.append(h("p", { class: "small muted" }, `${sidesOf(t.openings).length} ${T.tile.openings}`));
  }
  if (t.toll) body.append(h("p", {}, h("b", {}, "⛩ "), T.tile.toll(ruleNumbers())));
  const token = (view.tokens || []).find((k) => same(k.hex, hex));
  if (token) {
    const tk = content.entry("tokens", token.kind);
    const words = T.tokens[token.kind]; // its effect with the amount the token table serves
    const name = tk?.name || words?.[0] || token.kind;
    const text = words ? words[1](tokenAmount(token.kind)) : tk?.text || "";
    body.append(h("p", {}, h("b", {}, `${T.tile.token}: ${name}`), ` · ${text}`));
  }

  if (t.kind === "house") {
    const house = view.houses[t.house];
    const info = content.house(t.house);
    const ca = content.court(house.court_action);
    const thr = thresholdNow(view, t.house);
    const uses = (action) => supplyCost(view, viewer, t.house, action);
    if (view.event_closed === t.house) body.append(h("p", { class: "plan-error" }, T.tile.closed));
    body.append(h("div", { class: "action-box" },
      h("span", { class: "gate always" }, h("small", {}, T.actions.gate), T.actions.always),
      h("div", {}, h("div", {}, h("b", {}, info.resource_action), " · ", T.tile.resourceAction),
        h("div", { class: "small" }, resIcon(info.resource, 13), T.actions.rate(info.rate, T.resources[info.resource]), ` · ${T.actions.uses(uses("resource"))}`))));
    body.append(h("div", { class: "action-box", "data-court-action": house.court_action },
      h("span", { class: "gate" }, h("small", {}, T.actions.gate), `≥${thr}`),
      h("div", {}, h("div", {}, h("b", {}, ca.name), " · ", T.tile.courtAction),
        h("div", { class: "small" }, resIcon("aanzien", 13), ca.text || (ca.aanzien !== undefined ? T.actions.pay(ca.aanzien) : ""), ` · ${T.actions.missFavor(ruleNumbers())} · ${T.actions.uses(uses("court"))}`))));
    const posts = house.posts || [];
    body.append(h("dl", {},
      h("dt", {}, T.tile.supply(house.supply, ruleNumbers()).split(":")[0]), h("dd", { "data-supply": house.supply }, `${house.supply} / ${content.rules.house_supply ?? "?"}`),
      h("dt", {}, T.tile.posts), h("dd", {}, posts.length ? posts.map((s) => h("span", { class: "stat" }, seatBadge(s, 14), ` ${nameOf(game, s)} `)) : T.tile.noPosts)));
    if (opponentPawnsAt(view, hex, viewer) > 0) body.append(h("p", { class: "chip red" }, T.tile.surcharge(ruleNumbers())));
  }

  // pawns on this tile
  const here = [];
  for (const p of view.players) for (const [n, ph] of Object.entries(p.pawns || {})) if (same(ph, hex)) here.push([p.seat, n]);
  if (here.length) {
    body.append(h("p", { class: "small" }, h("b", {}, `${T.tile.pawns}: `),
      here.map(([s, n]) => h("span", { class: "stat" }, seatBadge(s, 14), ` ${T.roles[n]} (${nameOf(game, s)}) `))));
  }

  // Ontginnen: an empty field next to one of my pawns
  let m = null;
  if (t.kind === "empty") {
    const clears = ctx.all((x) => x.type === "clear" && same(x.hex, hex));
    const me = view.players.find((p) => p.seat === viewer);
    const cost = me?.clear_cost ?? "?";
    const btn = h("button", { class: "btn btn-gold", disabled: !clears.length, "data-clear": `${hex[0]},${hex[1]}` }, T.tile.clear(cost));
    btn.addEventListener("click", async () => { btn.disabled = true; const ok = await ctx.send(clears[0]); if (ok) m.close(); else btn.disabled = false; });
    body.append(h("div", { class: "row", style: "margin-top:10px" }, btn,
      h("span", { class: "small muted" }, T.tile.clearHint, " ", me ? T.walk.cleared(me.clears || 0, ruleNumbers()) : "")));
  }
  m = modal(tileTitle(t), body);
  return m;
}
