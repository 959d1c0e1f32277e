// The rules page: the hofreglement summarised in Dutch, article by article.
import { h } from "../dom.js";
import { RULES } from "../strings-nl.js";

export function mount(main) {
  main.append(h("div", { class: "page rules" },
    h("h1", {}, RULES.title),
    h("p", { class: "hint" }, RULES.intro),
    RULES.articles.map(([num, title, paras]) => h("article", { class: "sheet", id: `art-${num}` },
      h("h2", {}, h("span", { class: "num" }, num), title),
      paras.map((p) => h("p", {}, p))))));
}
