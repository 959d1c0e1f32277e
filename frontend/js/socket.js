// Live updates for one game. Uses the websocket /ws/games/<id>/ when it is there; when it
// is not (or while it is down) polls the game every few seconds. Either way the caller gets
// onUpdate(game) with a fresh `Game` object whenever the seq moved, and after a lost
// connection it resyncs from the seq it holds.
import * as api from "./api.js";

const POLL_MS = 3000;

// What of a game's clock changes only by an event (not by time passing): its deadline, who
// runs, pauses, a pending timeout.
function clockKey(g) {
  return JSON.stringify([g?.clock?.deadline, g?.clock?.running, g?.clock?.paused, g?.timeout]);
}
const RETRY_MS = [1000, 2000, 4000, 8000];
// A socket whose server vanished without closing it (a web host cut off, docs/deploy.md)
// hears nothing and would wait for the proxy's timeout (an hour): ask every PING_MS, and a
// socket silent for SILENT_MS is given up and opened again (through the proxy, perhaps to
// another web host), resyncing from the seq held.
const PING_MS = 15000;
const SILENT_MS = 35000;

export class GameFeed {
  constructor(gameId, { onUpdate, onStatus, onChat }) {
    this.id = gameId;
    this.onUpdate = onUpdate;
    this.onChat = onChat || (() => {});
    this.onStatus = onStatus || (() => {});
    this.seq = -1;
    this.ws = null;
    this.pollTimer = null;
    this.tries = 0;
    this.closed = false;
    this.wsWorks = null; // unknown until the first attempt
  }

  start(seq, status) {
    this.seq = seq;
    this.status = status;
    // The server sends nothing but the bell about the game a player watches: it learns
    // whether this page is visible (a hidden tab is not watching).
    this.onVisibility = () => this.sendWatching();
    document.addEventListener("visibilitychange", this.onVisibility);
    this.connect();
  }

  sendWatching() {
    if (this.ws?.readyState !== WebSocket.OPEN) return;
    this.ws.send(JSON.stringify({ type: "watching", visible: document.visibilityState === "visible" }));
  }

  stop() {
    this.closed = true;
    document.removeEventListener("visibilitychange", this.onVisibility);
    clearTimeout(this.pollTimer);
    clearInterval(this.pingTimer);
    if (this.ws) { this.ws.onclose = null; this.ws.close(); }
  }

  // The page saw a newer state itself (after its own move): remember the seq.
  saw(seq) { if (seq > this.seq) this.seq = seq; }

  connect() {
    if (this.closed) return;
    if (!("WebSocket" in window) || this.wsWorks === false) return this.poll();
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const url = `${proto}://${location.host}/ws/games/${this.id}/?since=${Math.max(0, this.seq)}`;
    let opened = false;
    try { this.ws = new WebSocket(url); } catch { this.wsWorks = false; return this.poll(); }
    const ws = this.ws;
    this.ws.onopen = () => {
      opened = true;
      this.wsWorks = true;
      this.sendWatching();
      if (this.tries > 0) this.onStatus("reconnected");
      this.tries = 0;
      clearTimeout(this.pollTimer);
      this.heard = Date.now();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.heartbeat(ws), PING_MS);
    };
    this.ws.onmessage = (ev) => {
      this.heard = Date.now();
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === "game.update" && typeof msg.seq === "number") this.fromSocket(msg);
      if (msg.type === "game.gone") { this.closed = true; this.onStatus("gone"); }
      if (msg.type === "chat.message" && msg.message) this.onChat(msg.message);
    };
    this.ws.onclose = (ev) => {
      this.ws = null;
      clearInterval(this.pingTimer);
      if (this.closed) return;
      if (!opened && this.wsWorks === null) { this.wsWorks = false; return this.poll(); }
      // 4403: the account was suspended or closed (its next request says so): no retry
      if (ev.code === 4401 || ev.code === 4403 || ev.code === 4404) return this.onStatus("refused");
      this.lost();
    };
  }

  // The socket is gone: say so, keep the board current by polling, and open a new one.
  lost() {
    this.onStatus("lost");
    const wait = RETRY_MS[Math.min(this.tries++, RETRY_MS.length - 1)];
    this.pollTimer = setTimeout(() => this.pollOnce().finally(() => this.connect()), wait);
  }

  // Every PING_MS on an open socket: a ping (the server answers with a pong), or, when the
  // socket has been silent too long, give it up without waiting for its closing handshake.
  heartbeat(ws) {
    if (ws !== this.ws || ws.readyState !== WebSocket.OPEN) return;
    if (Date.now() - this.heard > SILENT_MS) {
      clearInterval(this.pingTimer);
      ws.onclose = null;
      ws.onmessage = null;
      ws.close();
      this.ws = null;
      return this.lost();
    }
    ws.send(JSON.stringify({ type: "ping" }));
  }

  fromSocket(msg) {
    if (msg.seq < this.seq) return;
    const status = msg.game?.status;
    // the clock can change without a move (a timeout pending, time given): same seq, new clock
    const clock = clockKey(msg.game);
    const changed = msg.seq !== this.seq || !this.seenOnce || status !== this.status || clock !== this.clock;
    this.seenOnce = true;
    this.seq = msg.seq;
    this.status = status;
    this.clock = clock;
    if (changed && msg.game) {
      // the socket sends the view and the game header; fetch the full Game for names etc.
      this.onUpdate({ ...msg.game, state: msg.view, entries: msg.entries, legal_moves: msg.legal_moves }, "socket");
    }
  }

  async pollOnce() {
    try {
      const g = await api.game(this.id);
      if (g.seq !== this.seq || g.status !== this.status || clockKey(g) !== this.clock) {
        this.seq = g.seq;
        this.status = g.status;
        this.clock = clockKey(g);
        this.onUpdate(g, "poll");
      }
      if (this.tries > 0 && this.wsWorks === false) { this.tries = 0; this.onStatus("reconnected"); }
    } catch (e) {
      if (e.status === 0) { this.tries++; this.onStatus("lost"); }
    }
  }

  poll() {
    if (this.closed) return;
    this.pollOnce().finally(() => {
      if (!this.closed) this.pollTimer = setTimeout(() => this.poll(), POLL_MS);
    });
  }
}

// The notifications socket: calls onUnread(count), onNote(notification) for a new notice,
// and onChanged() when entries changed (a turn passed: its notice is past).
export function notificationFeed({ onUnread, onNote, onChanged }) {
  if (!("WebSocket" in window)) return { stop() {} };
  let ws = null, stopped = false, tries = 0;
  const open = () => {
    if (stopped) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/ws/notifications/`);
    ws.onopen = () => { tries = 0; };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (typeof msg.unread === "number") onUnread(msg.unread);
      if (msg.type === "notification" && msg.notification) onNote?.(msg.notification);
      if (msg.type === "notifications.changed") onChanged?.();
    };
    ws.onclose = (ev) => {
      if (stopped || ev.code === 4401 || ev.code === 4403) return;
      setTimeout(open, RETRY_MS[Math.min(tries++, RETRY_MS.length - 1)] * 2);
    };
  };
  open();
  return { stop() { stopped = true; ws?.close(); } };
}
