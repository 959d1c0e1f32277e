// Static game content (names and texts of houses, cards, court actions, tasks, events,
// offices, foundations, tokens) and the rules' numbers (`rules`: dice pool steps, die
// prices, bend costs, role shifts, supply costs ...) from the server's content endpoint.
// The client declares no rule itself. Until the content has loaded, or when the server
// does not offer it, names fall back to readable keys.
import { T, prettyKey } from "./strings.js";
import { getContent } from "./api.js";

let data = null;

class Content {
  constructor(raw) { this.raw = raw || {}; }
  section(name) { return this.raw[name] || {}; }
  entry(name, key) {
    const sec = this.section(name);
    if (Array.isArray(sec)) return sec.find((e) => e.key === key) || null;
    return sec[key] || null;
  }
  name(section, key) { return this.entry(section, key)?.name || prettyKey(key); }
  courtName(key) { return this.name("court_actions", key); }
  court(key) { return this.entry("court_actions", key) || { key, name: prettyKey(key) }; }
  card(key) { return this.entry("cards", key) || { key, name: prettyKey(key) }; }
  task(key) { return this.entry("tasks", key) || { key, name: prettyKey(key) }; }
  event(key) { return this.entry("events", key) || { key, name: prettyKey(key) }; }
  office(key) { return this.entry("offices", key) || { key, name: prettyKey(key) }; }
  foundation(key) { return this.entry("foundations", key) || { key, name: prettyKey(key) }; }
  // A house: name, resource, rate (pips per resource), resource_action.
  house(key) { return { key, name: prettyKey(key), ...(this.entry("houses", key) || {}) }; }
  // The rules' numbers (the engine's constants); {} until loaded.
  get rules() { return this.raw.rules || {}; }
  // The clocks' presets and custom bounds ({presets, bounds}); null from a server without them.
  get timeControls() { return this.raw.time_controls || null; }
  // The yield shift of a pawn's role for a resource (VII): +1, -1 or 0.
  roleShift(pawn, resource) {
    const role = this.rules.pawn_roles?.[String(pawn)];
    return this.rules.role_modifiers?.[role]?.[resource] || 0;
  }
}

const EMPTY = new Content({});

export async function loadContent() {
  if (data) return data;
  try {
    data = new Content(await getContent());
  } catch {
    data = EMPTY; // the endpoint may not exist yet: show keys
  }
  return data;
}

// The content loaded so far (EMPTY before loadContent has answered).
export function content() { return data || EMPTY; }

// The rules' numbers for a sentence (`(r) => ...` in strings-*.js): /api/content/'s `rules`,
// a few tables flattened; before the content has loaded a number reads "?", never "undefined".
export function numbers(rules) {
  const r = rules || {};
  const flat = {
    ...r,
    pawns: Object.keys(r.pawn_roles || {}).length || undefined,
    tier_pays: (r.tiers || []).map((t) => r.tier_pay?.[String(t)]),
    pool_steps: [...(r.pool_steps || [])].sort((a, b) => a.reputatie - b.reputatie),
    bend_reroll: r.bend_costs?.reroll,
    bend_raise: r.bend_costs?.raise,
    bend_add: r.bend_costs?.add,
  };
  return new Proxy(flat, { get: (t, k) => (t[k] === undefined ? "?" : t[k]) });
}

// The numbers of the content loaded so far, for the game screen's sentences.
export function ruleNumbers() { return numbers(content().rules); }

// What a token does, in the words of the catalogue (`T.tokens[kind]`: its name and a
// sentence of the amount it gives or takes, from the served token table).
export function tokenAmount(kind) {
  const tk = content().entry("tokens", kind);
  if (!tk) return "?";
  const [pair] = [...(tk.gives || []), ...(tk.takes || [])];
  if (pair) return pair[1];
  return tk.lot?.length ? ruleNumbers().lot_gain : "?";
}

// A bend in words (the raise names the pips it adds, the engine's).
export function bendName(kind) {
  const name = T.roll.bends[kind];
  return typeof name === "function" ? name(ruleNumbers()) : name;
}

export function houseName(key) { return key ? content().house(key).name : ""; }

export function houseResource(house, c) {
  return (c || content()).house(house).resource || "geld";
}
