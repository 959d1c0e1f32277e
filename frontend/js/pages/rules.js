// The rules page: the hofreglement summarised in the client's language, article by article.
// The English summary says that the Dutch hofreglement is the source of truth. Its numbers
// are the engine's (/api/content/'s `rules`): a paragraph with numbers is a function of
// `numbers(rules)`, which only flattens and orders the tables for the sentences.
import { h } from "../dom.js";
import { loadContent, numbers } from "../content.js";
import { RULES, T } from "../strings.js";
import { startTutorial } from "../tutorial.js";

export { numbers };

export async function mount(main, { go } = {}) {
  const n = numbers((await loadContent()).rules);
  const text = (p) => (typeof p === "function" ? p(n) : p);
  main.append(h("div", { class: "page rules" },
    h("h1", {}, RULES.title),
    RULES.source ? h("p", { class: "hint", "data-rules-source": "" }, RULES.source) : null,
    h("p", { class: "hint" }, text(RULES.intro)),
    // the guided first game teaches these rules while playing (tutorial.js)
    h("p", {}, h("button", { class: "btn", "data-action": "tutorial-start", onclick: () => startTutorial(go) }, T.tutorial.rulesButton)),
    RULES.articles.map(([num, title, paras]) => h("article", { class: "sheet", id: `art-${num}` },
      h("h2", {}, h("span", { class: "num" }, num), title),
      paras.map((p) => h("p", {}, text(p))))),
    // who opens a round: the site's reading of a point the hofreglement leaves open
    RULES.order ? h("section", { class: "sheet", id: "volgorde", "data-rules-order": "" },
      h("h2", {}, RULES.order.title), RULES.order.paras.map((p) => h("p", {}, p))) : null,
    // the clocks are the site's rules, not an article of the hofreglement
    RULES.clocks ? h("section", { class: "sheet", id: "klokken", "data-rules-clocks": "" },
      h("h2", {}, RULES.clocks.title), RULES.clocks.paras.map((p) => h("p", {}, p))) : null));
}
