// The clocks in words and numbers, with no page: a time control's short form ("10 min + 20 s"),
// a clock's face ("4:12", "2 d 5 u"), the same read aloud, and the local countdown between two
// server updates. The server is the only clock (docs/clocks.md): the client counts down the
// running seat's `remaining` from the moment the reading arrived, never below zero, and
// decides nothing from it.
import { T } from "./strings.js";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Low time is marked under a fifth of the bank (the turn's time for per_turn): a display choice.
const LOW_PART = 5;

// The seat's time left at `now` (browser ms): the server's `remaining`, less the time since the
// reading arrived (`receivedAt`, browser ms) for the running seat. The server's `at` is on
// another clock, so the count starts at receipt, not at `at`.
export function remainingAt(clock, seat, receivedAt, now) {
  if (!clock) return null;
  const left = clock.remaining[seat];
  const runs = clock.running === seat && !clock.paused?.[seat];
  return Math.max(0, runs ? left - Math.max(0, now - receivedAt) : left);
}

// Time left until a server instant (`until`, server epoch ms), counted the same way: the
// server's `at` was "now" when the reading arrived at `receivedAt`.
export function untilAt(until, serverAt, receivedAt, now) {
  const serverNow = (serverAt ?? receivedAt) + Math.max(0, now - receivedAt);
  return Math.max(0, until - serverNow);
}

const two = (n) => String(n).padStart(2, "0");

// A clock's face: live m:ss (h:mm:ss from an hour); correspondence and per turn in days and
// hours, hours and minutes, and m:ss under an hour. Whole seconds are rounded up, so 0:00
// means the time is really out.
export function clockText(ms, kind) {
  const all = Math.ceil(Math.max(0, ms) / SECOND);
  const s = all % 60;
  const m = Math.floor(all / 60) % 60;
  const hrs = Math.floor(all / 3600);
  if (kind !== "live" && all * SECOND >= DAY) return T.clock.daysHours(Math.floor(hrs / 24), hrs % 24);
  if (kind !== "live" && all * SECOND >= HOUR) return T.clock.hoursMinutes(hrs, m);
  if (hrs > 0) return `${hrs}:${two(m)}:${two(s)}`;
  return `${m}:${two(s)}`;
}

// The time left in words for a screen reader: the two largest units ("4 minuten 12 seconden").
export function spokenTime(ms) {
  const all = Math.ceil(Math.max(0, ms) / SECOND);
  const parts = [
    [Math.floor(all / 86400), T.clock.unit.day],
    [Math.floor(all / 3600) % 24, T.clock.unit.hour],
    [Math.floor(all / 60) % 60, T.clock.unit.minute],
    [all % 60, T.clock.unit.second],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first < 0) return T.clock.unit.second(0);
  return parts.slice(first, first + 2).filter(([n]) => n > 0).map(([n, word]) => word(n)).join(" ");
}

// A duration of whole seconds in the largest units that fit ("3 dagen", "1 dag 12 uur", "2 uur").
export function durationText(seconds) {
  return spokenTime(seconds * SECOND);
}

// A time control in short: "10 min + 20 s", "3 dagen + 1 dag (max 7)", "1 dag per beurt".
export function controlText(tc) {
  if (!tc) return "";
  if (tc.kind === "live") {
    const bank = T.clock.liveBank(Math.floor(tc.seconds / 60));
    return tc.increment ? `${bank} + ${T.clock.liveIncrement(tc.increment)}` : bank;
  }
  if (tc.kind === "correspondence") {
    const bank = durationText(tc.seconds);
    if (!tc.increment) return bank;
    const cap = tc.cap % 86400 === 0 ? String(tc.cap / 86400) : durationText(tc.cap);
    return `${bank} + ${durationText(tc.increment)} (${T.clock.max(cap)})`;
  }
  return T.clock.perTurn(durationText(tc.seconds));
}

// Under a fifth of the bank: the clock is marked low.
export function isLow(ms, tc) {
  return !!tc && ms !== null && ms < (tc.seconds * SECOND) / LOW_PART;
}

// The unit a custom field is typed in (seconds), from its served bounds [min, max, grain]:
// the largest of day, hour, minute, second not above the smallest sensible value, so a live
// bank is typed in minutes, its increment in seconds, a correspondence bank in days and its
// increment in hours.
export function fieldUnit(bounds) {
  const [lo, , grain] = bounds;
  const least = Math.max(lo, grain);
  return [86400, 3600, 60, 1].find((u) => u <= least) || 1;
}

// The number input's min, max and step in that unit.
export function fieldRange(bounds) {
  const [lo, hi, grain] = bounds;
  const unit = fieldUnit(bounds);
  return { unit, min: Math.ceil(lo / unit), max: Math.floor(hi / unit), by: Math.max(1, Math.floor(grain / unit)) };
}
