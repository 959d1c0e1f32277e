// The legend under the board: what each resource icon means (the name plates use them bare)
// and the marks the board puts on a house (supply, court action, trading posts) and a path
// (toll gate). Static: drawn once per game screen.
import { h, s } from "../dom.js";
import { T, RESOURCE_ORDER } from "../strings.js";
import { inlineIcon, resourceIcon, postShape } from "../icons.js";
import { tollGate } from "../board.js";
import { ruleNumbers } from "../content.js";

function item(icon, text, cls = null) {
  return h("li", { class: cls }, icon, h("span", {}, text));
}

// Open until the player folds it (a phone needs the room); remembered in this browser.
const OPEN_KEY = "dw-legend-open";

export function legend() {
  const supply = s("svg", { class: "icon", width: 18, height: 18, viewBox: "-9 -9 18 18", "aria-hidden": "true" },
    s("g", { class: "supply-badge" }, s("circle", { r: 7.5 }), s("text", { y: 3 }, "8")));
  const toll = s("svg", { class: "icon", width: 22, height: 18, viewBox: "-22 -18 44 36", "aria-hidden": "true" }, tollGate());
  const posts = s("svg", { class: "icon", width: 30, height: 16, viewBox: "-11 -8 30 16", "aria-hidden": "true" },
    postShape(0, { transform: "scale(1.2)" }), postShape(1, { transform: "translate(12,0) scale(1.2)" }));
  const box = h("details", { class: "legend", "data-legend": "", open: !window.matchMedia("(max-width: 900px)").matches || localStorage.getItem(OPEN_KEY) !== "0" },
    h("summary", {}, T.legend.title),
    h("ul", {},
      [...RESOURCE_ORDER, "aanzien"].map((r) => item(inlineIcon(resourceIcon(r), 16), T.resources[r] || T.aanzien)),
      item(inlineIcon(resourceIcon("dice"), 16), T.dicePool),
      item(inlineIcon(resourceIcon("cards"), 16), T.handSize),
      item(supply, T.legend.supply),
      item(h("span", { class: "legend-court", "aria-hidden": "true" }, "Aa"), T.legend.court),
      item(toll, T.legend.toll(ruleNumbers())),
      item(posts, T.legend.posts),
      item(h("span", { class: "legend-court", "aria-hidden": "true" }, "⚃"), T.legend.pips, "define"),
      item(h("span", { class: "legend-court", "aria-hidden": "true" }, "≥"), T.legend.high, "define"),
    ));
  box.addEventListener("toggle", () => localStorage.setItem(OPEN_KEY, box.open ? "1" : "0"));
  return box;
}
