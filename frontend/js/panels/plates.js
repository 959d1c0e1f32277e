// Name plates for both players (resources, dice pool, favor, aanzien, hand size, the clock)
// and the phase bar (round, the four phases, whose turn, the time control).
import { h } from "../dom.js";
import { T, RESOURCE_ORDER } from "../strings.js";
import { inlineIcon, resourceIcon, postShape } from "../icons.js";
import { dicePool, playerName } from "../derive.js";
import { botBadge } from "../botbadge.js";
import { ruleNumbers } from "../content.js";
import { controlChip } from "./clocks.js";

function stat(res, value, label) {
  return h("span", { class: "stat", title: label, "data-stat": res },
    inlineIcon(resourceIcon(res), 16, label), h("span", {}, String(value)));
}

// clocks: the screen's PlateClocks (panels/clocks.js), whose elements tick in place
export function plates(game, view, content, clocks) {
  const order = [...view.players].sort((a, b) => {
    // the viewer's own plate first
    if (a.seat === view.viewer) return -1;
    if (b.seat === view.viewer) return 1;
    return a.seat - b.seat;
  });
  return h("div", { class: "plates" }, order.map((p) => plate(game, view, p, content, clocks)));
}

function plate(game, view, p, content, clocks) {
  const name = playerName(game, p.seat);
  const isMe = p.seat === view.viewer;
  const onTurn = view.current === p.seat && view.phase !== "over";
  const pool = dicePool(p);
  const offices = Object.entries(view.offices || {}).filter(([, s]) => s === p.seat).map(([k]) => content.office(k).name);
  return h("section", {
    class: `plate seat${p.seat}${onTurn ? " turn" : ""}`, "data-plate": p.seat, "aria-label": name,
  },
    inlineIcon(postShape(p.seat, { transform: "scale(1.5)" }), 18, T.seatColour[p.seat]),
    h("div", { class: "name" }, isMe ? `${name} (${T.you.toLowerCase()})` : name, " ",
      botBadge((game.players || []).find((x) => x.seat === p.seat)), " ",
      onTurn ? h("span", { class: "turn-flag" }, T.onTurn) : null),
    vacationNote(game, p.seat),
    clocks?.element(p.seat) || null,
    scoreNow(p),
    h("div", { class: "stats" },
      RESOURCE_ORDER.map((r) => stat(r, p.resources?.[r] ?? 0, T.resources[r])),
      stat("dice", pool, T.dicePool),
      stat("cards", p.hand_size ?? (p.hand || []).length, T.handSize)),
    offices.length ? h("div", { class: "extra", "data-offices": "" }, T.offices(offices.join(" · "))) : null,
  );
}

// "op vakantie tot …" while the seat's clock stands still for the player's vacation (the
// server says so per seat: `players[i].vacation_until`); null otherwise. The games list
// shows it too.
export function vacationNote(game, seat) {
  const until = (game.players || []).find((pl) => pl.seat === seat)?.vacation_until;
  if (!until || game.status !== "active") return null;
  return h("div", { class: "vacation small", "data-vacation": seat }, T.vacation.until(T.vacation.when(until)));
}

// The score as the end screen would count it now (the server's view carries it), not only
// the aanzien collected: offices and foundations count too.
function scoreNow(p) {
  const s = p.score_now || { total: p.aanzien, aanzien: p.aanzien, offices: 0, foundations: 0 };
  const label = T.scoreNow(s);
  return h("div", { class: "aanzien", title: label, "aria-label": label, role: "img", "data-stat": "score" },
    inlineIcon(resourceIcon("aanzien"), 20, ""), h("span", { "aria-hidden": "true" }, String(s.total)));
}

export function phaseBar(game, view) {
  const phases = ["draw", "walk", "actions", "roll"];
  const idx = phases.indexOf(view.phase);
  const mine = view.current === view.viewer && view.phase !== "over";
  const whoName = playerName(game, view.current);
  return h("div", { class: "phasebar", "data-phase": view.phase },
    h("span", { class: "round" }, T.round(view.round, ruleNumbers()), controlChip(game) ? " · " : null, controlChip(game)),
    h("ol", {}, phases.map((ph, i) => h("li", {
      class: i < idx ? "done" : i === idx ? "now" : "", "aria-current": i === idx ? "step" : null,
    }, `${i + 1}`, h("span", { class: "ph-name" }, ` · ${T.phases[ph]}`)))),
    view.phase === "over" ? null : h("span", { class: `who${mine ? " mine" : ""}`, title: deadlineText(game) || null },
      mine ? T.yourTurn : T.waitFor(whoName), deadlineText(game) ? h("small", { class: "deadline" }, deadlineText(game)) : null));
}

// Time left for the current turn ("nog 5 uur"), from the game's deadline; a game with a
// clock shows it on the plates instead.
export function deadlineText(game) {
  if (!game.deadline_at || game.status !== "active" || game.clock) return "";
  const ms = new Date(game.deadline_at).getTime() - Date.now();
  if (!(ms > 0)) return T.deadline.over;
  const hours = Math.floor(ms / 3600000);
  if (hours >= 48) return T.deadline.days(Math.floor(hours / 24));
  if (hours >= 1) return T.deadline.hours(hours);
  return T.deadline.minutes(Math.max(1, Math.floor(ms / 60000)));
}
