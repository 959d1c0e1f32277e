// The lobby: my games (those where it is my turn first, least time left first, with both
// clocks), the players I follow (follows.js), open games (filtered by kind), and a new game
// (invite link, open game, or against the computer) with a time control (against a person only).
import { botBadge } from "../botbadge.js";
import { h, clear } from "../dom.js";
import { T } from "../strings.js";
import * as api from "../api.js";
import { showError, modal, toast } from "../ui.js";
import { seatBadge } from "../icons.js";
import { playerName } from "../derive.js";
import { loadContent, ruleNumbers } from "../content.js";
import { controlChip, ListClocks } from "../panels/clocks.js";
import { vacationNote } from "../panels/plates.js";
import { timeControlField } from "../timecontrol.js";
import { tutorialOffer } from "../tutorial.js";
import { followedSection } from "../follows.js";
import { challengeSection, CHALLENGE_NOTE } from "../challenge.js";

// My games in the order they need me (the server's: my turn, least time left first).
const MINE = "/api/games/?order=time_left";
const KINDS = ["live", "correspondence", "per_turn"]; // the lobby's filter (the server's kinds)

export function inviteLink(code) {
  return `${location.origin}/#/join/${code}`;
}

function opponentName(g, mySeat) {
  const other = (g.players || []).find((p) => p.seat !== mySeat);
  return other ? playerName(g, other.seat) : T.lobby.nobody;
}

function statusLine(g) {
  if (g.status === "open") return h("span", { class: "badge badge-gold" }, T.lobby.waiting);
  if (g.status === "finished") {
    const w = g.result?.winners || [];
    const txt = w.length === 2 ? T.lobby.shared : w.includes(g.your_seat) ? T.lobby.won : T.lobby.lost;
    return h("span", { class: "badge badge-gold" }, `${T.lobby.finished} · ${txt}`);
  }
  if (g.your_turn) return h("span", { class: "badge badge-turn" }, T.lobby.yourTurn);
  if (waitsForMyClaim(g)) return h("span", { class: "badge badge-turn", "data-claim-waits": "" }, T.lobby.youChoose);
  return h("span", { class: "muted small" }, T.lobby.theirTurn);
}

// My opponent's time ran out and I choose (claim the win or give time): the game needs me,
// as the server's order says (`turn=mine`).
function waitsForMyClaim(g) {
  return g.status === "active" && !!g.timeout && (g.your_seat === 0 || g.your_seat === 1) && g.timeout.seat !== g.your_seat;
}

function opponentOf(g, mine) { return (g.players || []).find((p) => p.seat !== mine) || null; }

// Both clocks of a running game (mine first), counting down between the lobby's loads.
function listClocks(g, clocks) {
  const mine = g.your_seat;
  if (g.status !== "active" || !g.clock || (mine !== 0 && mine !== 1)) return null;
  return h("div", { class: "list-clocks", "data-list-clocks": "" },
    clocks.element(g, mine, T.you), clocks.element(g, 1 - mine, opponentName(g, mine)));
}

function gameItem(g, clocks) {
  const mine = g.your_seat;
  const title = h("div", {},
    h("div", { class: "title" }, mine !== null && mine !== undefined ? seatBadge(mine, 16) : null, " ", T.lobby.against(opponentName(g, mine)),
      botBadge(opponentOf(g, mine)) ? " " : null, botBadge(opponentOf(g, mine))),
    h("div", { class: "sub" }, g.status === "active" ? T.lobby.round(g.round, ruleNumbers()) + " · " : "", statusLine(g),
      controlChip(g) ? " · " : "", controlChip(g)),
    listClocks(g, clocks),
    vacationNote(g, (g.players || []).find((p) => p.seat !== mine)?.seat));
  const actions = h("div", { class: "row" });
  if (g.status === "open" && g.invite_code) {
    actions.append(h("button", { class: "btn btn-small", onclick: () => showInvite(g) }, T.lobby.inviteTitle));
  }
  if (g.status !== "open") {
    actions.append(h("a", { class: `btn btn-small${g.your_turn || waitsForMyClaim(g) ? " btn-primary" : ""}`, href: `#/spel/${g.id}` },
      g.status === "finished" ? T.lobby.look : T.lobby.play));
  }
  if (g.status === "finished") {
    actions.append(h("a", { class: "btn btn-small", href: `#/partij/${g.id}`, "data-action": "record" }, T.seeing.recordBtn));
  }
  return h("li", { "data-game": g.id }, title, actions);
}

export function showInvite(g) {
  const link = inviteLink(g.invite_code);
  const input = h("input", { value: link, readonly: true, "aria-label": T.lobby.inviteTitle, "data-invite-link": "" });
  const copy = h("button", { class: "btn" }, T.lobby.copy);
  copy.addEventListener("click", async () => {
    input.select();
    try { await navigator.clipboard.writeText(link); } catch { document.execCommand?.("copy"); }
    copy.textContent = T.lobby.copied;
  });
  modal(T.lobby.inviteTitle, h("div", {}, h("p", {}, T.lobby.inviteText), h("div", { class: "invite-box" }, input, copy),
    controlChip(g) ? h("p", { class: "small" }, `${T.clock.label}: `, controlChip(g)) : null));
}

// Public games in progress that I do not play in: watch them (both plates, no hand).
function showLive(list, games) {
  clear(list);
  const others = (games || []).filter((g) => g.your_seat === null || g.your_seat === undefined);
  if (!others.length) list.append(h("li", { class: "muted" }, T.seeing.liveNone));
  for (const g of others.slice(0, 20)) {
    list.append(h("li", { "data-game": g.id },
      h("div", {}, h("div", { class: "title" }, T.seeing.liveVs(playerName(g, 0), playerName(g, 1))),
        h("div", { class: "sub" }, T.lobby.round(g.round, ruleNumbers()), controlChip(g) ? " · " : "", controlChip(g))),
      h("a", { class: "btn btn-small", href: `#/spel/${g.id}`, "data-action": "watch" }, T.seeing.liveWatch)));
  }
}

export async function mount(main, { go }) {
  const mineList = h("ul", { class: "game-list", "data-list": "mine" }, h("li", { class: "muted" }, T.loading));
  const openList = h("ul", { class: "game-list", "data-list": "open" }, h("li", { class: "muted" }, T.loading));
  const liveList = h("ul", { class: "game-list", "data-list": "live" }, h("li", { class: "muted" }, T.loading));

  const kind = (value, label, checked) => h("label", {},
    h("input", { type: "radio", name: "opponent", value, checked }), label);
  // the time control: only for a game with a person (the computer plays without a clock)
  const time = timeControlField((await loadContent()).timeControls);
  time.el.hidden = true;
  // the computer's level (only for a game against the computer)
  const level = h("select", { id: "f-level", name: "level" },
    T.lobby.levels.map(([v, label]) => h("option", { value: v, selected: v === "normal" }, label)));
  const levelRow = h("div", { "data-level": "" }, h("label", { for: "f-level" }, T.lobby.level), level);
  const startBtn = h("button", { class: "btn btn-primary", type: "submit" }, T.lobby.start);
  const rated = h("input", { type: "checkbox", name: "rated", id: "f-rated", disabled: true });
  // an open game may ask for a rating range of whoever joins (both bounds optional)
  const bound = (id, label) => [h("label", { for: id }, label),
    h("input", { type: "number", id, name: id, min: 0, max: 4000, step: 1, inputmode: "numeric" })];
  const rangeRow = h("fieldset", { class: "rating-range", "data-rating-range": "", hidden: true },
    h("legend", {}, T.ratings.rangeLegend), ...bound("f-rating-min", T.ratings.rangeMin),
    ...bound("f-rating-max", T.ratings.rangeMax));
  const boundValue = (id) => { const v = form.querySelector(`#${id}`).value; return v === "" ? null : Number(v); };
  const form = h("form", { class: "sheet", "data-form": "create" },
    h("h2", {}, T.lobby.create),
    h("div", { class: "choice-list" },
      kind("computer", T.lobby.vsBot, true), kind("invite", T.lobby.vsInvite), kind("open", T.lobby.vsOpen)),
    levelRow,
    time.el,
    h("label", { class: "check" }, rated, " ", T.ratings.rated),
    h("p", { class: "small muted" }, T.ratings.ratedHint),
    rangeRow,
    h("div", { class: "row", style: "margin-top:12px" }, startBtn));
  // Games against the computer never count for the rating; only they have a level.
  form.addEventListener("change", () => {
    const vsComputer = form.querySelector("input[name=opponent]:checked").value === "computer";
    rated.disabled = vsComputer;
    if (rated.disabled) rated.checked = false;
    levelRow.hidden = !vsComputer;
    time.el.hidden = vsComputer || !time.offered;
    rangeRow.hidden = form.querySelector("input[name=opponent]:checked").value !== "open";
  });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    startBtn.disabled = true;
    time.showError(null);
    try {
      const opponent = form.querySelector("input[name=opponent]:checked").value;
      const vsComputer = opponent === "computer";
      const range = opponent === "open" ? { rating_min: boundValue("f-rating-min"), rating_max: boundValue("f-rating-max") } : {};
      const g = await api.createGame(opponent, vsComputer ? null : time.value(), !vsComputer && rated.checked,
        vsComputer ? level.value : null, range);
      // the game page waits for the opponent (with the invite link) and goes live on joining
      go(`/spel/${g.id}`);
    } catch (err) {
      // a refused time control is said at its field, in the server's words
      const refusal = err.data?.errors?.time_control;
      if (refusal) time.showError([refusal].flat().join(" "));
      else showError(err);
    } finally {
      startBtn.disabled = false;
    }
  });

  // the open games by kind: a segmented row of radio buttons (arrow keys move the choice)
  let kindShown = "";
  const segment = (value, label) => h("label", {},
    h("input", { type: "radio", name: "open-kind", value, checked: value === kindShown }), h("span", {}, label));
  const kindFilter = h("fieldset", { class: "segmented", "data-kind-filter": "" },
    h("legend", { class: "sr-only" }, T.clock.filterLabel),
    segment("", T.clock.filterAll), ...KINDS.map((k) => segment(k, T.clock.kinds[k])));
  kindFilter.addEventListener("change", (e) => { kindShown = e.target.value; load(); });

  const followed = followedSection(); // the players I follow, refreshed with the lists
  // open challenges to and from me: asked again with the lists, and at once when a notice
  // about a challenge reaches the bell (app.js passes it on as CHALLENGE_NOTE)
  const challenges = challengeSection(go);
  main.append(h("div", { class: "page" },
    h("h1", {}, T.lobby.title),
    h("div", { class: "lobby-grid" },
      h("div", { class: "lobby-left" }, challenges.el, h("section", { class: "sheet" }, h("h2", {}, T.lobby.mine), mineList), followed.el),
      h("div", {}, form, h("section", { class: "sheet" }, h("h2", {}, T.lobby.open), kindFilter, openList),
        h("section", { class: "sheet" }, h("h2", {}, T.seeing.liveTitle), liveList)))));
  // The guided first game (tutorial.js), offered below the new-game form: it arrives after
  // its own request, and above the form it pushed the form down under a finger already on it.
  tutorialOffer(form, go);

  let timer = null;
  // my games' clocks tick between loads; a running one at 0:00 asks the server again at once
  const clocks = new ListClocks({ onOut: () => load() });
  async function load() {
    followed.refresh();
    try {
      const asked = kindShown;
      const openPath = asked ? `/api/games/open/?kind=${encodeURIComponent(asked)}` : "/api/games/open/";
      const [mine, open, live] = await Promise.all([api.call("GET", MINE), api.call("GET", openPath), api.call("GET", "/api/games/live/"), loadContent()]);
      if (asked !== kindShown) return; // the filter changed while we asked: its own load shows it
      showLive(liveList, live);
      const mineArr = Array.isArray(mine) ? mine : mine.results || [];
      const openArr = (Array.isArray(open) ? open : open.results || []);
      clear(mineList);
      clocks.rebase();
      if (!mineArr.length) mineList.append(h("li", { class: "muted" }, T.lobby.none));
      mineArr.forEach((g) => mineList.append(gameItem(g, clocks)));
      clear(openList);
      const others = openArr.filter((g) => g.your_seat === null || g.your_seat === undefined);
      if (!others.length) openList.append(h("li", { class: "muted" }, asked ? T.clock.noneOfKind : T.lobby.noneOpen));
      for (const g of others) {
        const creator = (g.players || [])[0];
        const join = h("button", { class: "btn btn-small btn-gold" }, T.lobby.join);
        join.addEventListener("click", async () => {
          try { const joined = await api.joinGame(g.id); go(`/spel/${joined.id}`); } catch (err) { showError(err); load(); }
        });
        openList.append(h("li", { "data-game": g.id, "data-kind": g.time_control?.kind || "" },
          h("div", {}, h("div", { class: "title" }, creator?.display_name || creator?.username || "?", botBadge(creator) ? " " : null, botBadge(creator),
            creator?.rating ? h("span", { class: "rating-chip", "data-seeker-rating": "" }, ` (${T.ratings.short(creator.rating, creator.provisional)})`) : null),
            h("div", { class: "sub" }, controlChip(g) || "",
              g.rated ? ` · ${T.ratings.ratedBadge}` : ` · ${T.ratings.casual}`,
              g.rating_min !== null && g.rating_min !== undefined || g.rating_max !== null && g.rating_max !== undefined ? ` · ${T.ratings.range(g.rating_min, g.rating_max)}` : "")), join));
      }
    } catch (err) {
      showError(err);
    }
  }
  load();
  challenges.reload();
  timer = setInterval(() => { load(); challenges.reload(); }, 10000);
  // my challenge accepted: into the game, as the one who accepted; declined or withdrawn: say so
  const onNote = (e) => {
    const note = e.detail || {};
    if (note.kind === "challenge_answered" && note.game) { go(`/spel/${note.game}`); return; }
    if (note.kind === "challenge_answered") toast(note.text);
    challenges.reload();
    load();
  };
  window.addEventListener(CHALLENGE_NOTE, onNote);
  return () => { clearInterval(timer); clocks.stop(); window.removeEventListener(CHALLENGE_NOTE, onNote); };
}
