// The client's entry: who is logged in, the top bar, and a small fragment router.
// Routes: #/ lobby · #/inloggen · #/inschrijven · #/spel/<id> · #/join/<code> · #/regels ·
// #/wachtwoord-vergeten · #/wachtwoord-herstellen/<key> · #/e-mail-bevestigen/<key> · #/account ·
// #/speler/<naam>[/uitdagen] · #/ranglijst · #/terugkijken/<id> (replay) · #/partij/<id> (a finished game's record)
import { h, s, clear } from "./dom.js";
import { T, LANG, LANGUAGES, rememberLanguage } from "./strings.js";
import * as api from "./api.js";
import { installDefs } from "./icons.js";
import { installKeyboard } from "./keyboard.js";
import { notificationFeed } from "./socket.js";
import { modal, showError } from "./ui.js";
import { loadContent } from "./content.js";
import { answerWorker } from "./workerlink.js";
import * as loginPage from "./pages/login.js";
import * as lobbyPage from "./pages/lobby.js";
import * as gamePage from "./pages/game.js";
import * as rulesPage from "./pages/rules.js";
import * as joinPage from "./pages/join.js";
import * as accountPage from "./pages/account.js";
import * as playerPage from "./pages/player.js";
import * as replayPage from "./pages/replay.js";
import * as recordPage from "./pages/record.js";
import { CHALLENGE_NOTE } from "./challenge.js";
import { isLimited, learnLimit } from "./limited.js";

export const session = { user: null, unread: 0, notes: [] };
const LOGGED_IN = "dw-logged-in";
let unmount = null;
let bellFeed = null;

const ROUTES = [
  [/^\/?$/, lobbyPage, true],
  [/^\/inloggen$/, loginPage, false, "login"],
  [/^\/inschrijven$/, loginPage, false, "signup"],
  [/^\/spel\/(\d+)$/, gamePage, false],
  [/^\/join\/([\w-]+)$/, joinPage, false], // a logged-out friend sees who invites
  [/^\/regels$/, rulesPage, false],
  [/^\/wachtwoord-vergeten$/, accountPage, false, "forgot"],
  [/^\/wachtwoord-herstellen\/(.+)$/, accountPage, false, "reset"],
  [/^\/e-mail-bevestigen\/(.+)$/, accountPage, false, "verify"],
  [/^\/account$/, accountPage, true, "settings"],
  [/^\/speler\/([^/]+)$/, playerPage, false, "player"],
  [/^\/speler\/([^/]+)\/uitdagen$/, playerPage, true, "challenge"], // the profile, its form open
  [/^\/ranglijst$/, playerPage, false, "leaderboard"],
  [/^\/terugkijken\/(\d+)$/, replayPage, false],
  [/^\/partij\/(\d+)$/, recordPage, false],
];

export function go(path) {
  if (location.hash === `#${path}`) route();
  else location.hash = path;
}

// Each route() mounts its page into a container of its own. A page still mounting when the
// player goes on (the game screen loads, animates, then opens its socket) has been left: the
// next route() takes its container out of the page, and its unmount runs as soon as its mount
// ends, so a late render or socket update of the old page cannot cover the new one.
let routed = 0;

async function route() {
  const mine = ++routed;
  const path = (location.hash || "#/").slice(1) || "/";
  let match = null;
  for (const [re, page, needsLogin, mode] of ROUTES) {
    const m = path.match(re);
    if (m) { match = { page, needsLogin, mode, args: m.slice(1) }; break; }
  }
  if (!match) match = { page: lobbyPage, needsLogin: true, args: [] };
  // a session opened by a mail's game link reaches its game only: the rest asks for a login
  if (match.needsLogin && (!session.user || isLimited())) {
    sessionStorage.setItem("dw-after-login", path);
    match = { page: loginPage, mode: "login", args: [] };
  }
  if (unmount) { try { unmount(); } catch (e) { console.warn(e); } unmount = null; }
  const main = document.getElementById("app");
  clear(main);
  main.classList.toggle("is-game", match.page === gamePage);
  if (match.page === gamePage) markGameRead(Number(match.args[0]));
  const root = h("div", { "data-page-root": "" });
  main.append(root);
  const leave = (await match.page.mount(root, { args: match.args, mode: match.mode, session, go, refreshNav })) || null;
  if (mine === routed) unmount = leave;
  else if (leave) { try { leave(); } catch (e) { console.warn(e); } }
}

// A logged-in player reads the profile's language: a browser that showed another one
// remembers the profile's and reloads (the catalogue is chosen once, at load).
function followProfileLanguage(user) {
  if (user?.language && rememberLanguage(user.language)) {
    location.reload();
    return true;
  }
  return false;
}

// The language switch: the other language, stored in the profile when logged in. In the top
// bar (on a phone only while logged out: the bar is full then) and on the account page.
export function languageSwitch(cls = "lang-switch") {
  const other = LANGUAGES.find((l) => l !== LANG);
  return h("button", {
    class: cls, lang: other, type: "button", "data-lang-switch": other, title: T.language.label,
    onclick: async () => {
      if (session.user && !isLimited()) {
        try { await api.updateMe({ language: other }); } catch (e) { showError(e); return; }
      }
      rememberLanguage(other);
      location.reload();
    },
  }, T.language[other]);
}

export function afterLogin(user) {
  session.user = user;
  learnLimit(user); // a login with the password is a full session
  localStorage.setItem(LOGGED_IN, "1");
  const next = sessionStorage.getItem("dw-after-login") || "/";
  sessionStorage.removeItem("dw-after-login");
  const target = next === "/inloggen" || next === "/inschrijven" ? "/" : next;
  if (user?.language && rememberLanguage(user.language)) {
    history.replaceState(null, "", `#${target}`);
    location.reload();
    return;
  }
  refreshNav();
  go(target);
}

function bellIcon() {
  return s("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" },
    s("path", { d: "M6 17V11a6 6 0 0 1 12 0v6l1.5 2h-15z M10 21h4" }));
}

function refreshNav() {
  const nav = document.getElementById("topnav");
  clear(nav);
  // on a narrow phone the short label: the bar must fit 320 px with a long name (issue 28)
  nav.append(h("a", { href: "#/regels" }, h("span", { class: "nav-long" }, T.nav.rules), h("span", { class: "nav-short" }, T.nav.rulesShort)));
  nav.append(h("a", { href: "#/ranglijst", class: "nav-wide" }, T.ratings.leaderboard));
  nav.append(languageSwitch(session.user ? "lang-switch nav-wide" : "lang-switch"));
  // a limited session (a mail's game link) has no bell, account or lobby: a login first
  if (!session.user || isLimited()) {
    nav.append(h("a", { href: "#/inloggen" }, T.auth.login));
    bellFeed?.stop(); bellFeed = null;
    return;
  }
  nav.append(h("a", { href: "#/" }, T.nav.lobby));
  const count = h("span", { class: `count${session.unread ? "" : " hidden"}`, "data-unread": "" }, String(session.unread));
  nav.append(h("button", { class: "bell", title: T.nav.bell, onclick: openBell }, bellIcon(), h("span", { class: "sr-only" }, T.nav.bell), count));
  nav.append(h("a", { class: "who", href: "#/account", title: T.account.title, "data-nav": "account" }, session.user.display_name || session.user.username));
  nav.append(h("button", {
    onclick: async () => {
      try { await api.logout(); } catch { /* logged out anyway */ }
      session.user = null; localStorage.removeItem(LOGGED_IN); refreshNav(); go("/inloggen");
    },
  }, T.nav.logout));
  if (!bellFeed) {
    bellFeed = notificationFeed({
      onUnread: (n) => setUnread(n),
      onNote: (note) => {
        // the bell lists a game once: the new notice replaces the game's entry
        session.notes = session.notes.filter((n) => !note.game || n.game !== note.game);
        session.notes.unshift(note);
        // the game on screen gets no unread badge
        if (!note.read_at && note.game && note.game === gameOnScreen()) markGameRead(note.game);
        // a challenge or its answer: the lobby's lists ask again at once
        if (String(note.kind || "").startsWith("challenge")) window.dispatchEvent(new CustomEvent(CHALLENGE_NOTE, { detail: note }));
      },
      onChanged: () => loadNotes(),
    });
    loadNotes();
  }
}

function loadNotes() {
  api.notifications().then((d) => {
    const list = Array.isArray(d) ? d : d?.results || d?.notifications || [];
    session.notes = list;
    if (typeof d?.unread === "number") setUnread(d.unread);
    const onScreen = gameOnScreen();
    if (onScreen) markGameRead(onScreen);
  }).catch(() => {});
}

// The game whose page is shown (#/spel/<id>), if any.
function gameOnScreen() {
  const m = /^#\/spel\/(\d+)$/.exec(location.hash || "");
  return m ? Number(m[1]) : null;
}

// Opening a game reads its notices: no badge for the game being played.
function markGameRead(game) {
  if (!session.user || !session.notes.some((n) => n.game === game && !n.read_at)) return;
  api.markGameRead(game).then((d) => {
    for (const n of session.notes) if (n.game === game && !n.read_at) n.read_at = new Date().toISOString();
    if (typeof d?.unread === "number") setUnread(d.unread);
  }).catch(() => {});
}

function setUnread(n) {
  session.unread = n;
  const el = document.querySelector("[data-unread]");
  if (el) { el.textContent = String(n); el.classList.toggle("hidden", !n); }
}

function openBell() {
  const list = h("ul", { class: "game-list" });
  if (!session.notes.length) list.append(h("li", { class: "muted" }, T.notifications.none));
  for (const n of session.notes.slice(0, 30)) {
    list.append(h("li", { "data-past": n.past ? "" : null }, h("span", { class: n.read_at ? "muted" : "" }, n.text),
      n.past ? h("span", { class: "muted" }, ` (${T.notifications.past})`) : null,
      n.game ? h("a", { class: "btn btn-small", href: `#/spel/${n.game}` }, T.lobby.play) : null,
      !n.game && n.kind === "challenge" ? h("a", { class: "btn btn-small", href: "#/", "data-action": "to-challenges" }, T.challenge.section) : null,
      n.game && n.kind === "game_over" ? h("a", { class: "btn btn-small", href: `#/partij/${n.game}`, "data-action": "record" }, T.seeing.recordBtn) : null));
  }
  const readAll = h("button", { class: "btn btn-small" }, T.notifications.readAll);
  readAll.addEventListener("click", async () => {
    try { await api.markRead(); setUnread(0); session.notes.forEach((n) => { n.read_at = n.read_at || new Date().toISOString(); }); m.close(); } catch (e) { showError(e); }
  });
  const m = modal(T.notifications.title, h("div", {}, list, h("div", { class: "row" }, readAll)));
  list.addEventListener("click", (e) => { if (e.target.closest("a")) m.close(); });
}

async function start() {
  document.documentElement.lang = LANG;
  installDefs();
  // a request the limited session may not make: the app knows it now (no bell, a login first)
  api.whenLimited((err) => {
    if (isLimited()) return;
    learnLimit({ limited_to_game: err.data?.params?.game ?? 0 });
    refreshNav();
    if (!gameOnScreen()) route(); // a page that needs a login goes to the login page
  });
  api.whenLoggedOut(() => {
    if (!session.user) return;
    session.user = null;
    localStorage.removeItem(LOGGED_IN);
    refreshNav();
    const path = (location.hash || "#/").slice(1);
    if (!path.startsWith("/inloggen")) { sessionStorage.setItem("dw-after-login", path); go("/inloggen"); }
  });
  installKeyboard();
  loadContent();
  // Ask who is logged in only when this browser logged in before: a logged-out visitor
  // would otherwise start every visit with a refused request.
  session.user = null;
  if (localStorage.getItem(LOGGED_IN) === "1") {
    try {
      session.user = await api.me();
      learnLimit(session.user);
      if (followProfileLanguage(session.user)) return;
    } catch (e) {
      if (e.status === 401 || e.status === 403) localStorage.removeItem(LOGGED_IN);
    }
  }
  refreshNav();
  window.addEventListener("hashchange", route);
  answerWorker();
  route();
}

start();
