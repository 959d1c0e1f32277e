// The clocks on screen: a game's time control in short, both seats' clocks on the name plates
// (ticking locally once a second for the running seat, re-based on every server update), and
// the choice after a timeout. The numbers are the server's (docs/clocks.md); nothing here
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

// One clock element per seat, kept across redraws (so a focused clock keeps its focus), and
// the last server reading with the moment it arrived. When the running clock reaches zero the
// screen asks the server again (`onOut`): only the server says whether the time is out.
const ASK_AGAIN_MS = 5000;

export class PlateClocks {
  constructor({ say, onOut }) {
    this.say = say;
    this.onOut = onOut;
    this.askedAt = -Infinity;
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
      const ms = this.left(seat);
      el.face.textContent = clockText(ms, tc?.kind);
      el.said.textContent = ` ${this.label(seat)}`;
      el.classList.toggle("running", this.game.status === "active" && c.running === seat && !c.paused?.[seat]);
      el.classList.toggle("low", isLow(ms, tc));
      el.classList.toggle("paused", !!c.paused?.[seat]);
      el.dataset.ms = String(ms);
    }
    const running = c.running;
    const out = this.game.status === "active" && !this.game.timeout && running !== null && running !== undefined && this.left(running) === 0;
    if (out && now() - this.askedAt > ASK_AGAIN_MS) {
      this.askedAt = now();
      this.onOut?.();
    }
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
