// The REST API client (docs/api.md). Every call goes through `call`, which adds the CSRF
// header and the client's language, and turns an error answer into an ApiError with a calm
// message in that language.
import { T, LANG } from "./strings.js";

const SAID_BY_SERVER = ["bot_needs_token", "limited_session"];

export class ApiError extends Error {
  constructor(status, code, detail, data) {
    super(detail || T.errors[status] || T.errors[500]);
    this.status = status;
    this.code = code;
    this.data = data || {};
  }
  // What a player reads: the server's text for a refused move (asked in the client's
  // language; `code` and `params` name the refusal), else a general line.
  get dutch() {
    if ((this.status === 422 || this.data.kind) && this.data.detail) return this.data.detail;
    if (this.status === 0) return T.errors.network;
    // a moderator's sanction (account_suspended, account_silenced): the server says it, and until when
    if (this.code?.startsWith?.("account_") && this.data.detail) {
      const until = this.data.params?.until;
      return until ? `${this.data.detail} ${T.moderation.until(new Date(until).toLocaleString(LANG))}` : this.data.detail;
    }
    // allauth's headless answers: {"status", "errors": [{"message", "code", "param"}]}
    if (Array.isArray(this.data.errors) && this.data.errors[0]?.message) return this.data.errors.map((e) => e.message).join(" ");
    if (this.status === 429 && this.data.detail) return this.data.detail;
    // refusals the server words itself, in the asked language: a bot's session that plays or
    // chats (bots act through their token), a session that reaches one game only
    if (SAID_BY_SERVER.includes(this.code) && this.data.detail) return this.data.detail;
    if (this.code === "invalid" && this.data.errors) {
      const first = Object.values(this.data.errors).flat()[0];
      if (typeof first === "string") return first;
    }
    return T.errors[this.status] || T.errors[500];
  }
}

function cookie(name) {
  const m = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]) : null;
}

let csrfReady = null;
async function ensureCsrf() {
  if (cookie("csrftoken")) return;
  if (!csrfReady) csrfReady = fetch("/api/auth/csrf", { credentials: "same-origin" }).catch(() => {});
  await csrfReady;
  csrfReady = null;
}

export async function call(method, path, body) {
  const opts = { method, credentials: "same-origin", headers: { Accept: "application/json", "Accept-Language": LANG } };
  if (method !== "GET") {
    await ensureCsrf();
    opts.headers["X-CSRFToken"] = cookie("csrftoken") || "";
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
  }
  let res;
  try {
    res = await fetch(path, opts);
  } catch {
    throw new ApiError(0, "network", T.errors.network);
  }
  if (res.status === 204) return null;
  let data = null;
  const text = await res.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = { detail: text.slice(0, 200) }; }
  }
  if (!res.ok) {
    const err = new ApiError(res.status, data?.code, data?.detail, data);
    if (res.status === 401 || ["not_authenticated", "account_suspended"].includes(data?.code)) onLoggedOut?.(err);
    if (data?.code === "limited_session") onLimited?.(err);
    throw err;
  }
  return data;
}

// The app is told when the server says the session is gone (it then shows the login page).
let onLoggedOut = null;
export function whenLoggedOut(fn) { onLoggedOut = fn; }

// ... and when it says this session reaches one game only (a mail's game link, limited.js).
let onLimited = null;
export function whenLimited(fn) { onLimited = fn; }

const get = (p) => call("GET", p);
const post = (p, b) => call("POST", p, b);

// accounts
export const me = () => get("/api/auth/me");
export const login = (username, password) => post("/api/auth/login", { username, password });
export const signup = (username, password, email) =>
  post("/api/auth/signup", email ? { username, password, email } : { username, password });
export const logout = () => post("/api/auth/logout");

// games
export const myGames = () => get("/api/games/");
export const openGames = () => get("/api/games/open/");
// level: the computer's level (easy | normal | strong), only for a game against the computer
// timeControl: a preset's name or {kind, seconds, increment, cap, on_timeout} (docs/clocks.md);
// null leaves the server's default (and is the only choice against the computer)
export const createGame = (opponent, timeControl, rated = false, level = null, range = {}) =>
  post("/api/games/", { opponent, rated, ...(timeControl ? { time_control: timeControl } : {}), ...(level ? { level } : {}), ...range });
// After a timeout, the opponent's choice: "win" claims it, "wait" gives the served extra time.
export const claim = (id, choice) => post(`/api/games/${id}/claim/`, { choice });
export const game = (id) => get(`/api/games/${id}/`);
export const joinGame = (id) => post(`/api/games/${id}/join/`);
export const leaveGame = (id) => post(`/api/games/${id}/leave/`);
export const invite = (code) => get(`/api/games/invite/${encodeURIComponent(code)}/`);
export const joinInvite = (code) => post(`/api/games/invite/${encodeURIComponent(code)}/join/`);
export const legal = (id) => get(`/api/games/${id}/legal/`);
export const preview = (id, pawn, plan) => post(`/api/games/${id}/preview/`, { pawn, plan });
export const resign = (id) => post(`/api/games/${id}/resign/`);
export const rematch = (id) => post(`/api/games/${id}/rematch/`);

let moveCounter = 0;
export function submitMove(id, move, expectedSeq) {
  const clientMoveId = `${Date.now().toString(36)}-${(moveCounter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return post(`/api/games/${id}/moves/`, { move, expected_seq: expectedSeq, client_move_id: clientMoveId });
}

// content and notifications (may not exist on every server: callers fall back)
export const getContent = () => get("/api/content/");
export const notifications = () => get("/api/notifications/");
export const markRead = (ids) => post("/api/notifications/read/", ids ? { ids } : {});
export const markGameRead = (game) => post("/api/notifications/read/", { game });
export const notifyPrefs = () => get("/api/notifications/preferences/");
export const setNotifyPrefs = (fields) => call("PATCH", "/api/notifications/preferences/", fields);
// web push, per device: {enabled, public_key, devices}; a device is added with the browser's
// subscription ({endpoint, keys: {p256dh, auth}}) and a name (docs/api.md, "Push")
export const pushDevices = () => get("/api/account/push/");
export const addPushDevice = (subscription, name) => post("/api/account/push/", { ...subscription, name });
export const renamePushDevice = (id, name) => call("PATCH", `/api/account/push/${id}/`, { name });
export const removePushDevice = (id) => call("DELETE", `/api/account/push/${id}/`);

// accounts: allauth's headless API (docs/api.md) and /api/auth/me
const ALLAUTH = "/api/allauth/browser/v1";
export const updateMe = (fields) => call("PATCH", "/api/auth/me", fields);
export const deleteAccount = (password) => call("DELETE", "/api/auth/me", { password });
export const vacation = () => get("/api/account/vacation/");
export const startVacation = (days) => post("/api/account/vacation/", { days });
export const stopVacation = () => call("DELETE", "/api/account/vacation/");
export const requestReset = (email) => post(`${ALLAUTH}/auth/password/request`, { email });
export const resetPassword = (key, password) => post(`${ALLAUTH}/auth/password/reset`, { key, password });
export const verifyEmail = (key) => post(`${ALLAUTH}/auth/email/verify`, { key });
export const resendVerification = (email) => call("PUT", `${ALLAUTH}/account/email`, { email });
export const changeEmail = (email) => post(`${ALLAUTH}/account/email`, { email });
export const changePassword = (current, next, again) =>
  post("/api/auth/password", { current_password: current, new_password: next, new_password2: again });

// personal access tokens (session only)
export const tokens = () => get("/api/tokens/");
export const createToken = (name, scopes) => post("/api/tokens/", { name, scopes });
export const revokeToken = (id) => call("DELETE", `/api/tokens/${id}/`);

// ratings, players, chat
export const leaderboard = (kind = "people") => get(`/api/ratings/leaderboard/?kind=${encodeURIComponent(kind)}`);
export const player = (name) => get(`/api/players/${encodeURIComponent(name)}/`);
export const playerGames = (name, before) =>
  get(`/api/players/${encodeURIComponent(name)}/games/${before ? `?before=${before}` : ""}`);
export const chat = (id, since = 0) => get(`/api/games/${id}/chat/?since=${since}`);
export const postChat = (id, text) => post(`/api/games/${id}/chat/`, { text });
export const muteChat = (id, muted) => post(`/api/games/${id}/chat/mute/`, { muted });

// follows (docs/api.md, "Follows")
export const follows = () => get("/api/follows/");
export const follow = (username) => call("PUT", `/api/follows/${encodeURIComponent(username)}/`);
export const unfollow = (username) => call("DELETE", `/api/follows/${encodeURIComponent(username)}/`);

// blocks and reports (docs/api.md, "Blocks and reports")
export const blocks = () => get("/api/blocks/");
export const block = (username) => post("/api/blocks/", { username });
export const unblock = (username) => call("DELETE", `/api/blocks/${encodeURIComponent(username)}/`);
// message: a chat line's id (optional); reason: abuse | cheating | spam | name | other
export const report = (username, reason, text = "", message = null) =>
  post("/api/reports/", { username, reason, text, ...(message ? { message } : {}) });

// challenges (docs/api.md, "Challenges")
export const challenges = () => get("/api/challenges/");
export const challenge = (to, timeControl, rated) => post("/api/challenges/", { to, time_control: timeControl, rated });
export const acceptChallenge = (id) => post(`/api/challenges/${id}/accept/`);
export const declineChallenge = (id, reason) => post(`/api/challenges/${id}/decline/`, { reason });
export const cancelChallenge = (id) => post(`/api/challenges/${id}/cancel/`);
