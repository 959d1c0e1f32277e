// An invite link: show who invites, then take the free seat. A friend who is not logged in
// sees the invitation too (the invite endpoint answers anyone holding the code, nothing
// hidden), with signing up first and logging in second; either comes back here (issue 28).
import { h } from "../dom.js";
import { T } from "../strings.js";
import * as api from "../api.js";
import { showError } from "../ui.js";
import { controlChip } from "../panels/clocks.js";

export const AFTER_LOGIN = "dw-after-login";

export function inviter(g) {
  const host = (g.players || []).find((p) => p.seat === 0);
  return host?.display_name || host?.username || "?";
}

export async function mount(main, { args, go, session }) {
  const [code] = args;
  const box = h("div", { class: "sheet form", "data-join": "" }, h("p", { class: "loading" }, T.loading));
  main.append(h("div", { class: "page" }, box));
  const loggedIn = !!session?.user;
  if (!loggedIn) sessionStorage.setItem(AFTER_LOGIN, `/join/${code}`);
  try {
    const g = await api.invite(code);
    if (loggedIn && g.your_seat !== null && g.your_seat !== undefined) return go(`/spel/${g.id}`);
    const chip = controlChip(g) ? h("p", {}, `${T.clock.label}: `, controlChip(g)) : null;
    const head = [h("h1", {}, T.lobby.inviteTitle), h("p", { "data-inviter": "" }, T.lobby.invitedBy(inviter(g))), chip];
    if (!loggedIn) {
      box.replaceChildren(...head,
        h("p", {}, T.lobby.inviteSignupFirst),
        h("a", { class: "btn btn-primary btn-wide", href: "#/inschrijven", "data-action": "signup" }, T.auth.signup),
        h("p", { class: "small" }, h("a", { href: "#/inloggen", "data-action": "login" }, T.auth.toLogin)));
      return;
    }
    const accept = h("button", { class: "btn btn-primary" }, T.lobby.acceptInvite);
    accept.addEventListener("click", async () => {
      accept.disabled = true;
      try { const joined = await api.joinInvite(code); go(`/spel/${joined.id}`); } catch (e) { showError(e); accept.disabled = false; }
    });
    box.replaceChildren(...head, accept);
  } catch (e) {
    box.replaceChildren(h("h1", {}, T.lobby.inviteTitle), h("p", {}, e.dutch));
    if (e.status !== 404) showError(e);
  }
}
