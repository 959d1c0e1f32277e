// The game's history in words: the server sends every log entry as facts (GET
// /api/games/<id>/history/: dice, the card or task taken, what settling yielded, how resources
// and aanzien moved); this module only names them with the content's names. No rule is worked
// out here. A card the viewer may not see arrives as `card: null` and reads "een kaart".
import { call } from "./api.js";
import { T } from "./strings.js";
import { playerName } from "./derive.js";
import { same } from "./hexlayout.js";
import { bendName } from "./content.js";

const S = T.seeing;

export const loadHistory = (id) => call("GET", `/api/games/${id}/history/`);

export function who(ctx, seat) {
  return seat === ctx.viewer && seat !== null && seat !== undefined ? S.you : playerName(ctx.game, seat);
}

// The house standing on a hex (houses never move), by name.
function placeAt(ctx, hex) {
  if (!hex || !ctx.view?.houses) return null;
  for (const [k, house] of Object.entries(ctx.view.houses)) if (same(house.hex, hex)) return ctx.content.house(k).name;
  return null;
}

const houseName = (ctx, k) => ctx.content.house(k).name;
const role = (pawn) => (T.roles[pawn] || "").toLowerCase();
const res = (r, n) => (Math.abs(n) === 1 ? T.resourceOne[r] : T.resources[r]) || r;

const cap = (text) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

// One entry (a fact) in Dutch, as a sentence; null for an entry that says nothing on its own.
export function describe(fact, step, ctx) {
  return cap(sentence(fact, step, ctx));
}

function sentence(fact, step, ctx) {
  const E = S.entry;
  const w = who(ctx, step.seat);
  const c = ctx.content;
  switch (fact.type) {
    case "take_card": return E.take_card(w, fact.card ? c.card(fact.card).name : null);
    case "take_task": return E.take_task(w, c.task(fact.task).name, fact.cost);
    case "roll_walk": return E.roll_walk(w, fact.dice);
    case "buy_step": return E.buy_step(w);
    case "walk": {
      const extra = [];
      if (fact.rotations) extra.push(E.rotations(fact.rotations));
      if (fact.tokens?.length) extra.push(E.tokens(fact.tokens.map((t) => (T.tokens[t.kind] || [t.kind])[0]).join(", ")));
      const line = E.walk(w, role(fact.pawn), fact.steps, placeAt(ctx, fact.to));
      return extra.length ? `${line.slice(0, -1)} (${extra.join("; ")}).` : line;
    }
    case "clear": return E.clear(w, role(fact.pawn));
    case "end_walk": return E.end_walk(w);
    case "choose": {
      const place = fact.house ? houseName(ctx, fact.house) : "?";
      if (fact.action === "court") return E.chooseCourt(w, role(fact.pawn), place, c.courtName(fact.court_action));
      if (fact.action === "resource") {
        const h = c.house(fact.house);
        return E.chooseResource(w, role(fact.pawn), place, `${h.resource_action || ""} (${T.resources[h.resource] || ""})`);
      }
      return E.chooseNone(w, role(fact.pawn), place);
    }
    case "buy_office": return E.buy_office(w, c.office(fact.office).name);
    case "buy_foundation": return E.buy_foundation(w, c.foundation(fact.foundation).name);
    case "end_actions": return E.end_actions(w);
    case "buy_die": return E.buy_die(w);
    case "roll": return E.roll(w, fact.dice, fact.dice.reduce((a, b) => a + b, 0));
    case "bend": return E.bend(w, (bendName(fact.kind) || fact.kind).toLowerCase(), fact.before, fact.dice);
    case "lock": return E.lock(w, fact.dice);
    case "activate": return (fact.target ? E.activateToll : E.activate)(w, c.card(fact.card).name);
    case "settle": return settleLines(fact.report || {}, ctx).join(" ");
    case "discard": return E.discard(w, c.card(fact.card).name);
    case "end_turn": {
      const out = [];
      if (fact.tasks_done?.length) out.push(E.tasksDone(w, fact.tasks_done.map((k) => c.task(k).name).join(", ")));
      if (!ctx.quiet || !out.length) out.push(E.end_turn(w));
      if (fact.round) {
        out.push(E.newRound(fact.round, fact.event ? c.event(fact.event).name : null));
        if (fact.event_closed) out.push(E.closed(houseName(ctx, fact.event_closed)));
      }
      if (fact.result) out.push(E.over(resultText(fact.result, ctx)));
      return out.map(cap).join(" ");
    }
    case "resign":
    case "timeout":
    case "abandon": {
      const line = E[fact.type](who(ctx, fact.seat));
      return fact.result ? `${line} ${E.over(resultText(fact.result, ctx))}` : line;
    }
    default: return null;
  }
}

function settleLines(r, ctx) {
  const E = S.entry;
  if (r.sum === undefined) return [];
  const out = [E.settle(r.sum, r.effective)];
  for (const a of r.actions || []) {
    const place = houseName(ctx, a.house);
    if (a.action === "resource") {
      out.push(E.settleResource(T.roles[a.pawn], place, a.amount, res(a.resource, a.amount)));
      if (a.post) out.push(E.settlePost(a.aanzien || 0));
    } else if (a.hit) {
      out.push(E.settleHit(T.roles[a.pawn], ctx.content.courtName(a.court_action), a.threshold, a.aanzien));
    } else {
      out.push(E.settleMiss(T.roles[a.pawn], ctx.content.courtName(a.court_action), a.threshold, a.gunst ?? ctx.content.rules?.miss_gain ?? "?"));
    }
  }
  if (r.compensation) out.push(E.compensation(r.compensation));
  return out;
}

export function resultText(result, ctx) {
  const w = result.winners || [];
  return w.length > 1 ? T.end.tie : T.end.winner(who(ctx, w[0]));
}

// "+2 geld · −1 relatie · +1 aanzien" for each seat whose numbers moved.
export function changeLines(changes, ctx) {
  const order = ["aanzien", "geld", "relaties", "reputatie", "gunst"];
  return Object.entries(changes || {}).sort(([a], [b]) => Number(a) - Number(b)).map(([seat, diff]) => {
    const parts = order.filter((k) => diff[k]).map((k) => `${diff[k] > 0 ? "+" : "−"}${Math.abs(diff[k])} ${k === "aanzien" ? T.aanzien : res(k, diff[k])}`);
    return { seat: Number(seat), text: cap(S.changes(who(ctx, Number(seat)), parts.join(" · "))) };
  });
}

// Steps grouped by turn: [{round, turn, seat, steps}], in order.
export function groupTurns(steps) {
  const out = [];
  for (const st of steps) {
    const last = out[out.length - 1];
    if (last && last.turn === st.turn) last.steps.push(st);
    else out.push({ round: st.round, turn: st.turn, seat: st.seat, steps: [st] });
  }
  return out;
}

// The sum of the changes of a turn's steps, per seat.
export function turnChanges(group) {
  const sum = {};
  for (const st of group.steps) {
    for (const [seat, diff] of Object.entries(st.changes || {})) {
      sum[seat] = sum[seat] || {};
      for (const [k, v] of Object.entries(diff)) sum[seat][k] = (sum[seat][k] || 0) + v;
    }
  }
  for (const seat of Object.keys(sum)) {
    for (const k of Object.keys(sum[seat])) if (!sum[seat][k]) delete sum[seat][k];
    if (!Object.keys(sum[seat]).length) delete sum[seat];
  }
  return sum;
}

// The lines of one step: its entries in words (automatic "klaar" entries left out when the
// step says more), for lists and the summary.
export function stepLines(step, ctx, { quiet = false } = {}) {
  const out = [];
  for (const f of step.entries) {
    if (quiet && f.auto && (f.type === "end_walk" || f.type === "end_actions")) continue;
    const line = describe(f, step, quiet ? { ...ctx, quiet } : ctx);
    if (line) out.push({ seq: f.seq, auto: f.auto, type: f.type, text: line, fact: f });
  }
  return out;
}
