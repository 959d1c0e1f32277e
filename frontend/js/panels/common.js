// Pieces several panels share: a card, a task, the event strip and card, the hand window.
import { h } from "../dom.js";
import { T, prettyKey } from "../strings.js";
import { houseName } from "../content.js";
import { figuresIcon, inlineIcon, resourceIcon } from "../icons.js";
import { modal, toast } from "../ui.js";

export function resIcon(res, size = 16) {
  return inlineIcon(resourceIcon(res), size, T.resources[res] || res);
}

export function amount(res, n) {
  return h("span", { class: "stat" }, resIcon(res, 15), `${n} ${n === 1 ? T.resourceOne[res] || res : T.resources[res] || res}`);
}

// "+1 relatie", "+3 relaties": a gain with its resource in the right number.
export function gainText(n, res) {
  return `+${n} ${n === 1 ? T.resourceOne[res] || res : T.resources[res] || res}`;
}

// A court card. entry: {id, card} from the view; action: an optional button.
export function cardView(entry, content, { action = null, active = false, open = false } = {}) {
  if (!entry) return h("div", { class: "card empty" }, T.draw.empty);
  const c = content.card(entry.card);
  const cond = c.condition_text || "";
  return h("div", { class: `card${active ? " active" : ""}${open ? " open" : ""}`, "data-card": entry.id },
    h("div", { class: "c-name" }, c.affects ? figuresIcon(c.affects) : null, c.name || prettyKey(entry.card)),
    action ? h("div", { class: "c-action" }, action) : null,
    c.text ? h("div", { class: "c-text" }, c.text) : null,
    h("div", { class: "c-meta" },
      cond ? h("span", { class: "chip gold", title: T.condition }, cond) : null,
      c.cost !== undefined ? h("span", { class: "chip" }, T.hand.cost(c.cost)) : null,
      c.permanent !== undefined ? h("span", { class: "chip" }, c.permanent ? T.hand.permanent : T.hand.once) : null,
      active ? h("span", { class: "chip green" }, T.hand.active) : null),
  );
}

export function taskView(key, content, { action = null, cost = null, progress = null } = {}) {
  const t = content.task(key);
  return h("div", { class: "card", "data-task": key },
    h("div", { class: "c-name" }, t.name),
    action ? h("div", { class: "c-action" }, action) : null,
    t.text ? h("div", { class: "c-text" }, t.text) : null,
    h("div", { class: "c-meta" },
      t.reward !== undefined ? h("span", { class: "chip gold" }, resIcon("aanzien", 13), T.draw.reward(t.reward)) : null,
      cost !== null ? h("span", { class: cost === 0 ? "chip green" : "chip" }, T.draw.taskCost(cost)) : null,
      progress));
}

// "1 van 2" as a chip: the server's count against the task's number (no rule here).
export function progressChip(view, content, key) {
  const me = view.players.find((p) => p.seat === view.viewer);
  const done = me?.task_progress?.[key];
  const n = content.task(key).n;
  if (done === undefined || n === undefined) return null;
  // met: XIII settles it at the end of the turn, not now; say so (issue 28)
  if (done >= n) return h("span", { class: "chip gold", "data-progress": `${done}/${n}`, "data-task-met": "" }, T.tasksNow.paysAtEnd);
  return h("span", { class: "chip", "data-progress": `${done}/${n}` }, T.tasksNow.progress(done, n));
}

// The round's event at the top of the panel, folded to one line on request (a phone needs the
// room): the choice is remembered in this browser; on a phone it starts folded, since the
// event has just been shown big at the change of round.
const FOLD_KEY = "dw-event-open";

function eventOpen() {
  const saved = localStorage.getItem(FOLD_KEY);
  if (saved !== null) return saved === "1";
  return !window.matchMedia("(max-width: 600px)").matches;
}

export function eventStrip(view, content, onOpen) {
  if (!view.event) return null;
  const ev = content.event(view.event);
  const closed = view.event_closed ? T.event.closed(houseName(view.event_closed)) : null;
  const box = h("details", { class: "event-strip", "data-event": view.event, open: eventOpen() },
    h("summary", { title: T.eventFold.show },
      h("span", { class: "sr-only" }, `${T.event.title}: `),
      h("span", { class: "seal", "aria-hidden": "true" }, String(view.round)),
      h("span", { class: "ev-name" }, ev.name),
      h("span", { class: "fold-mark", "aria-hidden": "true" }, "▾")),
    h("div", { class: "ev-body" },
      ev.text ? h("p", { class: "ev-text" }, ev.text) : null,
      closed ? h("p", { class: "ev-text" }, closed) : null,
      openerLines(view),
      h("button", { class: "btn btn-small btn-quiet", "data-action": "event-big", onclick: onOpen }, T.eventFold.big)));
  // remembered at the tap itself: the panel may be drawn anew before a toggle event arrives
  box.querySelector("summary").addEventListener("click", (ev) => {
    ev.preventDefault();
    box.open = !box.open;
    localStorage.setItem(FOLD_KEY, box.open ? "1" : "0");
  });
  return box;
}

// Who opens the round, and (rules 2 alternate the opening seat) that the opener also played
// the last turn of the round before: two turns in a row (issue 28). null: the viewer.
function openerLines(view) {
  const seat = view.first_seat;
  if (seat === undefined || seat === null) return null;
  const viewing = view.viewer !== null && view.viewer !== undefined;
  const who = viewing ? (seat === view.viewer ? null : T.event.opponent) : T.event.seat(seat + 1);
  return h("div", { class: "opener", "data-round-opener": String(seat) },
    h("p", {}, h("strong", {}, T.event.opens(who))),
    view.first_seat_twice ? h("p", { class: "small", "data-double-turn": "" }, T.event.twice(who)) : null);
}

// The court event, big: at the change of round (and when the strip is tapped).
// `quiet` (the player waiting for the opponent's turn): no window in the way, a toast with
// the event's name; the strip at the top of the panel holds the rest (issue 28).
export function showEventBig(view, content, onClose, { quiet = false } = {}) {
  const ev = content.event(view.event);
  if (quiet) {
    toast(`${T.event.ofRound(view.round)}: ${ev.name}. ${openerLines(view)?.querySelector("strong")?.textContent || ""}`, { ms: 6000 });
    return null;
  }
  const closed = view.event_closed ? T.event.closed(houseName(view.event_closed)) : null;
  const ok = h("button", { class: "btn btn-primary" }, T.event.ok);
  const m = modal(null, h("div", { class: "event-big", "data-event-big": view.event },
    h("div", { class: "kicker" }, T.event.ofRound(view.round)),
    h("h2", {}, ev.name),
    ev.text ? h("p", {}, ev.text) : null,
    closed ? h("p", {}, closed) : null,
    openerLines(view),
    h("div", { class: "row", style: "justify-content:center;margin-top:14px" }, ok)), { onClose });
  ok.addEventListener("click", () => m.close());
  ok.focus();
  return m;
}

// The hand, at any time: cards (with condition, cost, figures), tasks, offices, foundations.
export function showHand(view, content) {
  const me = view.players.find((p) => p.seat === view.viewer);
  if (!me) return;
  const active = new Set(me.active || []);
  const body = h("div", { "data-hand": "" });
  if (!me.hand?.length) body.append(h("p", { class: "muted" }, T.hand.empty));
  for (const c of me.hand || []) body.append(cardView(c, content, { active: active.has(c.id) }));
  if (me.tasks?.length) {
    body.append(h("h3", { style: "margin-top:14px" }, T.hand.tasks));
    me.tasks.forEach((k) => body.append(taskView(k, content, { progress: progressChip(view, content, k) })));
  }
  if (me.offices?.length) {
    body.append(h("h3", { style: "margin-top:14px" }, T.hand.offices));
    me.offices.forEach((k) => { const o = content.office(k); body.append(h("p", {}, h("b", {}, o.name), o.text ? ` · ${o.text}` : "")); });
  }
  if (me.foundations?.length) {
    body.append(h("h3", { style: "margin-top:14px" }, T.hand.foundations));
    me.foundations.forEach((k) => {
      const f = content.foundation(k);
      const v = me.foundation_values?.[k];
      body.append(h("p", {}, h("b", {}, f.name), f.text ? ` · ${f.text}` : "", v !== undefined ? ` (${T.actions.worthNow(v)})` : ""));
    });
  }
  modal(`${T.hand.title} (${(me.hand || []).length})`, body);
}
