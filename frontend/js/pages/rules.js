// The rules page: the hofreglement summarised in the client's language, article by article.
// The English summary says that the Dutch hofreglement is the source of truth.
import { h } from "../dom.js";
import { RULES } from "../strings.js";

export function mount(main) {
  main.append(h("div", { class: "page rules" },
    h("h1", {}, RULES.title),
    RULES.source ? h("p", { class: "hint", "data-rules-source": "" }, RULES.source) : null,
    h("p", { class: "hint" }, RULES.intro),
    RULES.articles.map(([num, title, paras]) => h("article", { class: "sheet", id: `art-${num}` },
      h("h2", {}, h("span", { class: "num" }, num), title),
      paras.map((p) => h("p", {}, p))))));
}
