// The game's chat: a button that opens a small drawer. The two players write (over the
// REST API); everyone who may watch reads; new lines arrive on the game's socket
// (GameFeed's onChat) or, without a socket, by polling. Text is always shown as text. A
// player reports the other's line with its "Melden" button (report.js); the lines of a
// player they blocked never come (the server leaves them out).
import { h, clear } from "../dom.js";
import { T } from "../strings.js";
import * as api from "../api.js";
import { showError, toast } from "../ui.js";
import { refusal, reportDialog } from "../report.js";

const POLL_MS = 5000;

export class ChatBox {
  constructor(gameId, { socketWorks }) {
    this.id = gameId;
    this.socketWorks = socketWorks;
    this.lastId = 0;
    this.seen = new Set();
    this.unread = 0;
    this.open = false;
    this.muted = false;
    this.game = null;
    this.count = h("span", { class: "count hidden", "data-chat-unread": "" }, "0");
    this.toggle = h("button", { class: "btn chat-toggle hidden", type: "button", "aria-expanded": "false", "data-action": "chat" }, T.chat.open, " ", this.count);
    this.toggle.addEventListener("click", () => this.setOpen(!this.open));
    this.list = h("ol", { class: "chat-list", "aria-live": "polite", "data-chat-list": "" });
    this.input = h("input", { id: "f-chat", maxlength: 500, autocomplete: "off", placeholder: T.chat.placeholder, "aria-label": T.chat.placeholder });
    this.form = h("form", { class: "chat-form" }, this.input, h("button", { class: "btn btn-small btn-primary", type: "submit" }, T.chat.send));
    this.form.addEventListener("submit", (e) => { e.preventDefault(); this.send(); });
    this.muteBtn = h("button", { class: "btn btn-quiet btn-small", type: "button", "data-action": "mute" }, T.chat.mute);
    this.muteBtn.addEventListener("click", () => this.setMuted(!this.muted));
    this.note = h("p", { class: "small muted", "data-chat-note": "" });
    this.drawer = h("section", { class: "chat-drawer hidden", "aria-label": T.chat.title, "data-chat": "" },
      h("div", { class: "row chat-head" }, h("h2", {}, T.chat.title), this.muteBtn,
        h("button", { class: "btn btn-quiet close", type: "button", "aria-label": T.btn.close, onclick: () => this.setOpen(false) }, "✕")),
      this.note, this.list, this.form);
    this.el = h("div", { class: "chat-root" }, this.toggle, this.drawer);
  }

  // Chat exists once two people sit at the table; only they write.
  update(game) {
    this.game = game;
    const humans = (game.players || []).filter((p) => !p.is_computer).length;
    const available = game.status !== "open" && humans === 2;
    this.player = game.your_seat !== null && game.your_seat !== undefined;
    this.toggle.classList.toggle("hidden", !available);
    this.form.classList.toggle("hidden", !this.player);
    this.muteBtn.classList.toggle("hidden", !this.player);
    this.note.textContent = this.player ? (this.muted ? T.chat.muted : "") : T.chat.readOnly;
    if (available && !this.loaded) { this.loaded = true; this.load(); }
  }

  async load() {
    clearTimeout(this.timer);
    try {
      const data = await api.chat(this.id, this.lastId);
      this.setMutedState(data.muted);
      data.messages.forEach((m) => this.receive(m, { quiet: this.lastId === 0 }));
      if (!this.list.children.length) this.list.append(h("li", { class: "muted empty" }, T.chat.empty));
    } catch (e) { if (e.status !== 404) showError(e); }
    if (!this.socketWorks() && !this.stopped) this.timer = setTimeout(() => this.load(), POLL_MS);
  }

  receive(m, { quiet = false } = {}) {
    if (this.seen.has(m.id)) return;
    this.seen.add(m.id);
    this.lastId = Math.max(this.lastId, m.id);
    this.list.querySelector(".empty")?.remove();
    const mine = this.game && m.seat === this.game.your_seat;
    const time = new Date(m.created).toLocaleTimeString("nl-NL", { hour: "2-digit", minute: "2-digit" });
    // textContent only: a message is never HTML.
    this.list.append(h("li", { class: mine ? "mine" : "", "data-chat-message": m.id },
      h("span", { class: "who" }, m.display_name), " ", h("span", { class: "muted small" }, time),
      mine ? null : this.reportButton(m),
      h("div", { class: "text" }, m.text)));
    this.list.scrollTop = this.list.scrollHeight;
    if (!this.open && !quiet && !mine) { this.unread++; this.showUnread(); }
  }

  // A player reports the other player's line (not a spectator: they read only).
  reportButton(m) {
    const author = (this.game?.players || []).find((p) => p.seat === m.seat);
    if (!this.player || !author?.username) return null;
    return h("button", { class: "btn btn-quiet btn-small chat-report", type: "button", "data-action": "report-message",
      "aria-label": T.moderation.reportMessage(m.display_name),
      onclick: () => reportDialog({ username: author.username, displayName: m.display_name, message: m }) }, T.moderation.report);
  }

  async send() {
    const text = this.input.value.trim();
    if (!text) return;
    try {
      const m = await api.postChat(this.id, text);
      this.input.value = "";
      this.receive(m);
    } catch (e) {
      if (e.status === 429) toast(T.chat.tooFast, { error: true });
      else if (e.code === "blocked") toast(refusal(e), { error: true });
      else showError(e);
    }
  }

  async setMuted(muted) {
    try { this.setMutedState((await api.muteChat(this.id, muted)).muted); } catch (e) { showError(e); return; }
    if (!muted) { clear(this.list); this.seen.clear(); this.lastId = 0; this.load(); }
    else this.list.querySelectorAll("li:not(.mine)").forEach((li) => li.remove());
  }

  setMutedState(muted) {
    this.muted = muted;
    this.muteBtn.textContent = muted ? T.chat.unmute : T.chat.mute;
    this.muteBtn.setAttribute("aria-pressed", String(muted));
    if (this.player) this.note.textContent = muted ? T.chat.muted : "";
  }

  setOpen(open) {
    this.open = open;
    this.drawer.classList.toggle("hidden", !open);
    this.toggle.setAttribute("aria-expanded", String(open));
    if (open) { this.unread = 0; this.showUnread(); this.list.scrollTop = this.list.scrollHeight; if (this.player) this.input.focus(); }
  }

  showUnread() {
    this.count.textContent = String(this.unread);
    this.count.classList.toggle("hidden", !this.unread);
  }

  stop() { this.stopped = true; clearTimeout(this.timer); }
}
