// Static game content (names and texts of cards, court actions, tasks, events, offices,
// foundations, houses) from the server's content endpoint. Until it has loaded, or when the
// server does not offer it, names fall back to readable keys.
import { prettyKey, T } from "./strings-nl.js";
import { getContent } from "./api.js";

// The left half of the hofreglement's table in VII: fixed for every game.
const HOUSES = {
  gilde: { resource: "relaties", rate: 4 },
  poorterij: { resource: "relaties", rate: 4 },
  gasthuys: { resource: "relaties", rate: 4 },
  brouwerij: { resource: "relaties", rate: 4 },
  bank: { resource: "geld", rate: 3 },
  molens: { resource: "geld", rate: 3 },
  taverne: { resource: "reputatie", rate: 3 },
  kerk: { resource: "reputatie", rate: 4 },
  bibliotheek: { resource: "reputatie", rate: 3 },
};

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
  house(key) {
    return { ...HOUSES[key], name: T.houseNames[key] || prettyKey(key), resource_action: T.houseActions[key], ...(this.entry("houses", key) || {}) };
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

export function houseResource(house, content) {
  return (content?.house?.(house) || HOUSES[house] || {}).resource || "geld";
}

// A card's condition on the locked dice, in Dutch. Accepts ["sum_at_least", 12] style tuples,
// {kind, value} objects, or a ready-made text.
export function conditionText(cond, fallback) {
  if (!cond) return fallback || "";
  if (typeof cond === "string") return cond;
  const [kind, n] = Array.isArray(cond) ? cond : [cond.kind, cond.value ?? cond.n];
  const C = {
    sum_at_least: `som ${n} of meer`,
    sum_at_most: `som ${n} of minder`,
    pair: "een paar",
    three_of_a_kind: "drie gelijke",
    triple: "drie gelijke",
    run: `een reeks van ${n || 3}`,
    straight: `een reeks van ${n || 3}`,
    all_odd: "alleen oneven",
    all_even: "alleen even",
    contains: `een ${n} erbij`,
    no: `geen ${n}`,
    two_pairs: "twee paren",
  };
  return C[kind] || fallback || prettyKey(kind) + (n !== undefined ? ` ${n}` : "");
}
