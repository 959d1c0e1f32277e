// The rules page: the hofreglement summarised in the client's language, article by article.
// The English summary says that the Dutch hofreglement is the source of truth. Its numbers
// are the engine's (/api/content/'s `rules`): a paragraph with numbers is a function of
// `numbers(rules)`, which only flattens and orders the tables for the sentences.
import { h } from "../dom.js";
import { loadContent } from "../content.js";
import { RULES } from "../strings.js";

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
  // Before the content has loaded (or without it) a number reads "?", never "undefined".
  return new Proxy(flat, { get: (t, k) => (t[k] === undefined ? "?" : t[k]) });
}

export async function mount(main) {
  const n = numbers((await loadContent()).rules);
  const text = (p) => (typeof p === "function" ? p(n) : p);
  main.append(h("div", { class: "page rules" },
    h("h1", {}, RULES.title),
    RULES.source ? h("p", { class: "hint", "data-rules-source": "" }, RULES.source) : null,
    h("p", { class: "hint" }, text(RULES.intro)),
    RULES.articles.map(([num, title, paras]) => h("article", { class: "sheet", id: `art-${num}` },
      h("h2", {}, h("span", { class: "num" }, num), title),
      paras.map((p) => h("p", {}, text(p)))))));
}
