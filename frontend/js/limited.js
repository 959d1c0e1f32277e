// A session opened by a mail's one-click game link reaches that one game only (docs/api.md,
// "One-click links"): GET /api/auth/me says which (`limited_to_game`) and every other request
// answers 403 limited_session. The app learns it once; the game page shows a banner with a
// login link, and nothing asks what the session may not reach.
import { h } from "./dom.js";
import { T } from "./strings.js";
import * as api from "./api.js";

// game: the game this session reaches (null: a full session, or none); known: me was asked
export const sessionLimit = { game: null, known: false };

// From a Me answer (GET /api/auth/me; a login's answer: a full session).
export function learnLimit(me) {
  sessionLimit.game = me?.limited_to_game ?? null;
  sessionLimit.known = true;
}

// A player's game page the app did not know as logged in (a mail's link in a fresh browser):
// ask once who this session is.
export async function askLimit() {
  if (sessionLimit.known) return;
  try { learnLimit(await api.me()); } catch { sessionLimit.known = true; }
}

export const isLimited = () => sessionLimit.game !== null;

// The game page's banner while the session reaches only this game; null otherwise.
export function limitBanner() {
  if (!isLimited()) return null;
  return h("p", { class: "limited-banner", "data-limited-session": "" }, T.limited.banner, " ",
    h("a", { class: "btn btn-small", href: "#/inloggen", "data-action": "login" }, T.limited.login));
}
