// The clocks on screen: a game's time control in short, both seats' clocks on the name plates
// and in the lobby's list of my games (ticking locally once a second for the running seat,
// re-based on every server reading), and the choice after a timeout. The numbers are the server's (docs/clocks.md); nothing here
// decides a timeout.
import { h } from "../dom.js";
import { T } from "../strings.js";
import { clockText, controlText, durationText, isLow, remainingAt, spokenTime, untilAt } from "../clock.js";
import { playerName } from "../derive.js";

// A game's time control in short ("10 min + 20 s"); nothing for a game against the computer.
export function controlChip(g) {
  const text = controlText(g?.time_control);
  return text ? h("span", { class: "tc-chip", "data-time-control": "" }, text) : null;
}

const now = () => Math.floor(performance.now()); // whole ms, as the server counts

// When a running clock reaches zero the screen asks the server again (`onOut`), at most once
// in ASK_AGAIN_MS: only the server says whether the time is out.
const ASK_AGAIN_MS = 5000;

class OutWatch {
  constructor(onOut) {
    this.onOut = onOut;
    this.askedAt = -Infinity;
  }

  // `game`'s running clock, read `receivedAt`, shows 0:00 now: ask (once in a while).
  check(game, receivedAt) {
    const c = game?.clock;
    const running = c?.running;
    const out = game.status === "active" && !game.timeout && running !== null && running !== undefined &&
      remainingAt(c, running, receivedAt, now()) === 0;
    if (out && now() - this.askedAt > ASK_AGAIN_MS) {
      this.askedAt = now();
      this.onOut?.();
    }
  }
}

// One seat's clock face as it stands now: its text (`face`), the running, low and paused
// marks and `data-ms` on `el`; the time left (ms).
function showClock(el, face, game, seat, receivedAt) {
  const c = game.clock;
  const tc = game.time_control;
  const ms = remainingAt(c, seat, receivedAt, now());
  face.textContent = clockText(ms, tc?.kind);
  el.classList.toggle("running", game.status === "active" && c.running === seat && !c.paused?.[seat]);
  el.classList.toggle("low", isLow(ms, tc));
  el.classList.toggle("paused", !!c.paused?.[seat]);
  el.dataset.ms = String(ms);
  return ms;
}

// The lobby's clocks of my games: both seats of each running game, counted down from the
// list's arrival like the plates; at 0:00 the lobby asks the server again (`onOut`). A face
// changes every second but is no live region.
export class ListClocks {
  constructor({ onOut }) {
    this.out = new OutWatch(onOut);
    this.shown = [];
    this.receivedAt = now();
    this.timer = setInterval(() => this.tick(), 1000);
  }

  stop() { clearInterval(this.timer); }

  // A new list from the server: its clocks count from now.
  rebase() {
    this.shown = [];
    this.receivedAt = now();
  }

  // `seat`'s clock of `game` with its owner's name before it ("Jij 4:12").
  element(game, seat, who) {
    const face = h("span", { class: "clock-face" });
    const el = h("span", { class: "list-clock", "data-list-clock": seat }, `${who} `, face);
    this.shown.push({ game, seat, el, face });
    showClock(el, face, game, seat, this.receivedAt);
    return el;
  }

  tick() {
    for (const { game, seat, el, face } of this.shown) showClock(el, face, game, seat, this.receivedAt);
    for (const game of new Set(this.shown.map((x) => x.game))) this.out.check(game, this.receivedAt);
  }
}

// One clock element per seat, kept across redraws (so a focused clock keeps its focus), and
// the last server reading with the moment it arrived.

export class PlateClocks {
  constructor({ say, onOut }) {
    this.say = say;
    this.out = new OutWatch(onOut);
    this.game = null;
    this.receivedAt = now();
    this.els = [0, 1].map((seat) => this.build(seat));
    this.claimLeft = [];
    this.timer = setInterval(() => this.tick(), 1000);
  }

  stop() { clearInterval(this.timer); }

  // A new reading (REST answer, socket update or poll): count from now.
  rebase(game) {
    this.game = game;
    this.receivedAt = now();
    if (!game.timeout) this.claimLeft = [];
    this.tick();
  }

  get clock() { return this.game?.status === "active" || this.game?.status === "finished" ? this.game.clock : null; }

  build(seat) {
    // the face as shown, then the time in words for a screen reader (the visible text stays
    // part of the button's name); it changes every second but is no live region
    const face = h("span", { class: "clock-face" });
    const said = h("span", { class: "sr-only", "data-clock-label": "" });
    const el = h("button", { type: "button", class: "clock", "data-clock": seat }, face, said);
    // on request (Enter, Space, a tap): the time left said once in the live region
    el.addEventListener("click", () => this.say(`${playerName(this.game, seat)}: ${this.label(seat)}`));
    el.face = face;
    el.said = said;
    return el;
  }

  left(seat) { return remainingAt(this.clock, seat, this.receivedAt, now()); }

  state(seat) {
    const c = this.clock;
    if (this.game?.status !== "active") return T.clock.stopped;
    if (c.paused?.[seat]) return T.clock.paused;
    return c.running === seat ? T.clock.running : T.clock.standing;
  }

  label(seat) { return `${T.clock.left(spokenTime(this.left(seat)))}, ${this.state(seat)}`; }

  // The plate's clock, or null for a game without one.
  element(seat) { return this.clock ? this.els[seat] : null; }

  tick() {
    const c = this.clock;
    if (!c) return;
    const tc = this.game.time_control;
    for (const seat of [0, 1]) {
      const el = this.els[seat];
      showClock(el, el.face, this.game, seat, this.receivedAt);
      el.said.textContent = ` ${this.label(seat)}`;
    }
    this.out.check(this.game, this.receivedAt);
    for (const el of this.claimLeft) el.textContent = el.sentence(clockText(this.untilClaim(), tc?.kind));
  }

  untilClaim() {
    const t = this.game?.timeout;
    return t ? untilAt(t.claim_until, this.game.clock?.at, this.receivedAt, now()) : 0;
  }

  // The countdown to the automatic claim, as a sentence that ticks (not a live region).
  claimCountdown(sentence) {
    const el = h("p", { class: "small", "data-claim-left": "" });
    el.sentence = sentence;
    this.claimLeft = [el];
    this.tick();
    return el;
  }

  // The panel while a seat's time is out and the opponent chooses. The opponent gets both
  // choices (a choice: space and enter press neither); the seat that ran out and a spectator
  // read who chooses.
  timeoutBody(viewer, claim) {
    const g = this.game;
    const out = g.timeout.seat;
    const box = h("div", { class: "claim-box", "data-timeout": out }, h("h2", {}, T.clock.outTitle));
    if (viewer === null || viewer === undefined || (viewer !== 0 && viewer !== 1)) {
      box.append(h("p", {}, T.clock.theirsOut(playerName(g, out), playerName(g, 1 - out))),
        this.claimCountdown(T.clock.autoIn));
    } else if (viewer === out) {
      box.append(h("p", { "data-timed-out": "" }, T.clock.yoursOut), this.claimCountdown(T.clock.autoIn));
    } else {
      const extra = g.timeout.extra_time;
      box.setAttribute("data-must-choose", "");
      box.append(h("p", {}, T.clock.claimText(playerName(g, out))),
        h("div", { class: "row" },
          h("button", { class: "btn btn-gold", type: "button", "data-action": "claim-win", onclick: () => claim("win") }, T.clock.claimWin),
          h("button", { class: "btn", type: "button", "data-action": "claim-wait", onclick: () => claim("wait") },
            extra ? T.clock.giveTime(durationText(extra)) : T.clock.giveTimePlain)),
        this.claimCountdown(T.clock.autoClaim));
    }
    return box;
  }
}
