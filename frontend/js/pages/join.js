// An invite link: show who invites, then take the free seat.
import { h } from "../dom.js";
import { T } from "../strings.js";
import * as api from "../api.js";
import { showError } from "../ui.js";
import { controlChip } from "../panels/clocks.js";

export async function mount(main, { args, go }) {
  const [code] = args;
  const box = h("div", { class: "sheet form" }, h("p", { class: "loading" }, T.loading));
  main.append(h("div", { class: "page" }, box));
  try {
    const g = await api.invite(code);
    if (g.your_seat !== null && g.your_seat !== undefined) return go(`/spel/${g.id}`);
    const host = (g.players || []).find((p) => p.seat === 0);
    const accept = h("button", { class: "btn btn-primary" }, T.lobby.acceptInvite);
    accept.addEventListener("click", async () => {
      accept.disabled = true;
      try { const joined = await api.joinInvite(code); go(`/spel/${joined.id}`); } catch (e) { showError(e); accept.disabled = false; }
    });
    box.replaceChildren(h("h1", {}, T.lobby.inviteTitle),
      h("p", {}, T.lobby.invitedBy(host?.display_name || host?.username || "?")),
      controlChip(g) ? h("p", {}, `${T.clock.label}: `, controlChip(g)) : null, accept);
  } catch (e) {
    box.replaceChildren(h("h1", {}, T.lobby.inviteTitle), h("p", {}, e.dutch));
    if (e.status !== 404) showError(e);
  }
}
