// Following players: the "Volgen" toggle on a player's page, and the lobby's list of the
// players I follow, each with who is online now (a dot and words), a link to the profile
// and a challenge button (#/speler/<naam>/uitdagen). The server says who is online
// (GET /api/follows/); the lobby asks again on its own refresh.
import { h, clear } from "./dom.js";
import { T } from "./strings.js";
import * as api from "./api.js";
import { toast } from "./ui.js";
import { refusal } from "./report.js";
import { botBadge } from "./botbadge.js";

export const profileHref = (username) => `#/speler/${encodeURIComponent(username)}`;
export const challengeHref = (username) => `${profileHref(username)}/uitdagen`;

// The toggle on another player's page; `p` is the profile (its `following` flag).
export function followButton(p) {
  const F = T.follows;
  const btn = h("button", { class: "btn btn-small", type: "button", "data-action": "follow" });
  let following = !!p.following;
  const show = () => {
    btn.textContent = following ? F.unfollow : F.follow;
    btn.dataset.action = following ? "unfollow" : "follow";
    btn.dataset.following = following ? "true" : "false";
  };
  show();
  btn.addEventListener("click", async () => {
    btn.disabled = true;
    try {
      if (following) await api.unfollow(p.username);
      else await api.follow(p.username);
      following = !following;
      show();
      toast(following ? F.followed(p.display_name) : F.unfollowed(p.display_name));
    } catch (e) { toast(refusal(e), { error: true }); }
    finally { btn.disabled = false; btn.focus({ preventScroll: true }); }
  });
  return btn;
}

function followedItem(f) {
  const F = T.follows;
  const state = f.online ? "online" : "offline";
  return h("li", { "data-followed": f.username, "data-online": f.online ? "true" : "false" },
    h("div", { class: "followed-who" },
      h("span", { class: `presence-dot ${state}`, "aria-hidden": "true" }),
      h("div", { class: "followed-name" },
        h("a", { class: "title", href: profileHref(f.username) }, f.display_name, botBadge(f) ? " " : null, botBadge(f)),
        h("div", { class: "sub" }, h("span", { "data-presence": "" }, F[state]),
          ` · ${T.ratings.short(f.rating.rating, f.rating.provisional)}`))),
    h("a", { class: "btn btn-small btn-gold", href: challengeHref(f.username), "data-action": "challenge",
      "aria-label": F.challengeWho(f.display_name) }, F.challenge));
}

// The lobby's section; refresh() asks the server again (the lobby's timer).
export function followedSection() {
  const F = T.follows;
  const list = h("ul", { class: "game-list followed-list", "data-list": "follows" }, h("li", { class: "muted" }, T.loading));
  const el = h("section", { class: "sheet", "data-follows": "" }, h("h2", {}, F.title), list);
  async function refresh() {
    try {
      const rows = await api.follows();
      clear(list);
      if (!rows.length) list.append(h("li", { class: "muted" }, F.none));
      rows.forEach((f) => list.append(followedItem(f)));
    } catch { /* the next refresh tries again; the list keeps what it showed */ }
  }
  return { el, refresh };
}
