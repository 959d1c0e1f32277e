// A player's page (rating, its graph, results, games with links to their replays; for
// another logged-in player: follow or unfollow, block or unblock, report) and the leaderboard.
import { h, clear } from "../dom.js";
import { T } from "../strings.js";
import * as api from "../api.js";
import { showError, toast } from "../ui.js";
import { ratingGraph } from "../ratinggraph.js";
import { controlChip } from "../panels/clocks.js";
import { confirmBlock, refusal, reportDialog } from "../report.js";
import { followButton } from "../follows.js";
import { challengeButton, openChallengeForm } from "../challenge.js";
import { botBadge } from "../botbadge.js";

export async function mount(main, { mode, args, session }) {
  if (mode === "leaderboard") return leaderboard(main, session);
  let name = args[0] || "";
  try { name = decodeURIComponent(name); } catch { /* as typed */ }
  const root = h("div", { class: "page" }, h("p", { class: "loading" }, T.loading));
  main.append(root);
  let p;
  try {
    p = await api.player(name);
  } catch (e) {
    clear(root).append(h("div", { class: "sheet" }, h("p", {}, e.status === 404 ? T.profile.notFound : e.dutch)));
    return;
  }
  const r = p.rating;
  const joined = new Date(p.joined).toLocaleDateString("nl-NL", { year: "numeric", month: "long", day: "numeric" });
  const games = h("ul", { class: "game-list", "data-list": "player-games" });
  const more = h("button", { class: "btn btn-small hidden", type: "button" }, T.profile.more);
  let oldest = null;
  async function load() {
    try {
      const rows = await api.playerGames(p.username, oldest);
      if (!rows.length && oldest === null) games.append(h("li", { class: "muted" }, T.profile.noGames));
      rows.forEach((g) => games.append(gameRow(g)));
      if (rows.length) oldest = rows[rows.length - 1].id;
      more.classList.toggle("hidden", rows.length < 50);
    } catch (e) { showError(e); }
  }
  more.addEventListener("click", load);
  clear(root).append(
    h("h1", { "data-player": p.username }, p.display_name, botBadge(p) ? " " : null, botBadge(p)),
    h("p", { class: "muted small" }, `@${p.username} · ${T.profile.joined(joined)}`),
    session?.user && session.user.username !== p.username ? h("div", { class: "row", "data-follow-row": "" }, followButton(p)) : null,
    session?.user && session.user.username !== p.username ? moderationRow(p) : null,
    h("section", { class: "sheet" },
      h("h2", {}, T.profile.rating),
      h("p", { class: "rating-big" }, h("span", { "data-rating": "" }, T.ratings.short(r.rating, r.provisional)),
        " ", h("span", { class: "muted small" }, T.profile.deviation(r.deviation))),
      r.provisional ? h("p", { class: "small muted" }, T.profile.provisionalNote) : null,
      h("h3", {}, T.profile.history),
      p.history.length ? ratingGraph(p.history) : h("p", { class: "muted" }, T.profile.noHistory)),
    h("section", { class: "sheet" }, h("h2", {}, T.profile.record),
      h("ul", { class: "plain", "data-record": "" },
        h("li", {}, h("strong", {}, T.profile.vsPeople), ": ", T.profile.tally(p.record.people)),
        h("li", {}, h("strong", {}, T.profile.vsComputer), ": ", T.profile.tally(p.record.computer)))),
    h("section", { class: "sheet" }, h("h2", {}, T.profile.games), games, more));
  // #/speler/<naam>/uitdagen: the profile with the challenge form open
  if (mode === "challenge" && session?.user && session.user.username !== p.username) openChallengeForm(p);
  await load();
}

// Block (after a confirmation) or unblock, and report: for another player's page.
function moderationRow(p) {
  const M = T.moderation;
  const note = h("p", { class: "small muted hidden", "data-blocked-note": "" }, M.blockedNote);
  const toggle = h("button", { class: "btn btn-small", type: "button", "data-action": "block" }, M.block);
  const report = h("button", { class: "btn btn-small btn-quiet", type: "button", "data-action": "report" }, M.report);
  let blocked = false;
  const show = (now) => {
    blocked = now;
    toggle.textContent = now ? M.unblock : M.block;
    toggle.dataset.action = now ? "unblock" : "block";
    note.classList.toggle("hidden", !now);
  };
  api.blocks().then((rows) => show(rows.some((b) => b.username === p.username))).catch(() => {});
  toggle.addEventListener("click", async () => {
    try {
      if (blocked) {
        await api.unblock(p.username);
        show(false);
        toast(M.unblocked(p.display_name));
      } else if (await confirmBlock(p.display_name)) {
        await api.block(p.username);
        show(true);
        toast(M.blocked(p.display_name));
      }
    } catch (e) { toast(refusal(e), { error: true }); }
  });
  report.addEventListener("click", () => reportDialog({ username: p.username, displayName: p.display_name }));
  return h("div", { class: "row", "data-moderation": "" }, challengeButton(p, "btn btn-small btn-primary"), toggle, report, note);
}

function gameRow(g) {
  const opp = g.opponent;
  const oppName = opp ? [opp.username ? h("a", { href: `#/speler/${encodeURIComponent(opp.username)}` }, opp.display_name) : opp.display_name, botBadge(opp) ? " " : null, botBadge(opp)] : T.lobby.nobody;
  const outcome = g.outcome ? T.profile.outcome[g.outcome] : T.profile.running;
  const diff = g.rating_diff === null || g.rating_diff === undefined ? null
    : h("span", { class: g.rating_diff >= 0 ? "diff up" : "diff down" }, `${g.rating_diff >= 0 ? "+" : "−"}${Math.abs(g.rating_diff)}`);
  return h("li", { "data-game": g.id },
    h("div", {}, h("div", { class: "title" }, T.lobby.against(""), oppName),
      h("div", { class: "sub" }, h("span", { class: "badge badge-gold" }, outcome), " ",
        g.rated ? T.ratings.ratedBadge : T.ratings.casual, " ", diff, controlChip(g) ? " · " : null, controlChip(g))),
    h("a", { class: "btn btn-small", href: g.url.replace(/^\//, "") || `#/spel/${g.id}` },
      g.status === "finished" ? T.profile.replay : T.profile.watch));
}

// People and bots rank on boards of their own (GET /api/ratings/leaderboard/?kind=bots).
async function leaderboard(main, session) {
  const body = h("tbody", {});
  const kinds = [["people", T.ratings.people], ["bots", T.ratings.bots]];
  const tabs = h("div", { class: "tabs", role: "tablist", "aria-label": T.ratings.boards });
  let shown = "people";
  const show = async (kind) => {
    shown = kind;
    for (const b of tabs.children) b.setAttribute("aria-selected", String(b.dataset.board === kind));
    clear(body);
    try {
      const rows = await api.leaderboard(kind);
      if (kind !== shown) return; // another tab was chosen meanwhile
      const empty = kind === "bots" ? T.ratings.botsEmpty : T.ratings.leaderboardEmpty;
      if (!rows.length) body.append(h("tr", {}, h("td", { colspan: 4, class: "muted" }, empty)));
      for (const r of rows) {
        body.append(h("tr", {}, h("td", {}, String(r.rank)),
          h("td", { class: "leader-name" }, h("a", { href: `#/speler/${encodeURIComponent(r.username)}` }, r.display_name), botBadge(r) ? " " : null, botBadge(r),
            session?.user && session.user.username !== r.username ? challengeButton(r, "btn btn-small btn-quiet") : null),
          h("td", {}, T.ratings.short(r.rating, r.provisional)), h("td", {}, String(r.games))));
      }
    } catch (e) { showError(e); }
  };
  for (const [kind, label] of kinds) {
    tabs.append(h("button", { type: "button", role: "tab", "aria-selected": String(kind === shown), "data-board": kind, onclick: () => show(kind) }, label));
  }
  main.append(h("div", { class: "page" }, h("h1", {}, T.ratings.leaderboard), tabs,
    h("section", { class: "sheet" }, h("table", { class: "score-table", "data-leaderboard": "" },
      h("thead", {}, h("tr", {}, h("th", {}, T.ratings.rank), h("th", {}, T.ratings.player), h("th", {}, T.ratings.title), h("th", {}, T.ratings.games))),
      body))));
  await show(shown);
}
