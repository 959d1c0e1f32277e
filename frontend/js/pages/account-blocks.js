// The account page's block of my blocks: the players I blocked, each with an unblock button
// (blocks and reports, issue 27; docs/api.md, "Blocks and reports").
import { h, clear } from "../dom.js";
import { T } from "../strings.js";
import * as api from "../api.js";
import { toast, showError } from "../ui.js";
import { refusal } from "../report.js";

export function blocksSection() {
  const M = T.moderation;
  const list = h("ul", { class: "plain", "data-list": "blocks" });
  const fill = (rows) => {
    clear(list);
    if (!rows.length) list.append(h("li", { class: "muted" }, M.noBlocks));
    for (const b of rows) {
      const lift = h("button", { class: "btn btn-small", type: "button", "data-action": "unblock", "aria-label": `${M.unblock}: ${b.display_name}` }, M.unblock);
      lift.addEventListener("click", async () => {
        try { await api.unblock(b.username); toast(M.unblocked(b.display_name)); fill(rows.filter((x) => x !== b)); } catch (e) { toast(refusal(e), { error: true }); }
      });
      list.append(h("li", { "data-block": b.username }, h("a", { href: `#/speler/${encodeURIComponent(b.username)}` }, b.display_name), " ", lift));
    }
  };
  api.blocks().then(fill).catch(showError);
  return h("section", { class: "sheet", "data-section": "blocks" }, h("h2", {}, M.blocksTitle), list);
}
