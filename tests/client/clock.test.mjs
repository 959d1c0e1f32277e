// The clocks as the client shows them (clock.js): the short form of a time control, a clock's
// face per kind, the time read aloud, and the countdown between two server readings, which
// starts at receipt, runs only for the running seat and never goes below zero.
import "./dutch.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { clockText, controlText, fieldRange, isLow, remainingAt, spokenTime, untilAt } from "../../frontend/js/clock.js";

const S = 1000;
const MIN = 60 * S;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

test("a time control in short, per kind", () => {
  assert.equal(controlText({ kind: "live", seconds: 600, increment: 20, cap: null }), "10 min + 20 s");
  assert.equal(controlText({ kind: "live", seconds: 300, increment: 0, cap: null }), "5 min");
  assert.equal(controlText({ kind: "correspondence", seconds: 3 * 86400, increment: 86400, cap: 7 * 86400 }), "3 dagen + 1 dag (max 7)");
  assert.equal(controlText({ kind: "correspondence", seconds: 86400, increment: 12 * 3600, cap: 3 * 86400 }), "1 dag + 12 uur (max 3)");
  assert.equal(controlText({ kind: "per_turn", seconds: 86400, increment: 0, cap: null }), "1 dag per beurt");
  assert.equal(controlText({ kind: "per_turn", seconds: 3600, increment: 0, cap: null }), "1 uur per beurt");
  assert.equal(controlText(null), "");
});

test("a live clock reads m:ss, and h:mm:ss from an hour", () => {
  assert.equal(clockText(4 * MIN + 12 * S, "live"), "4:12");
  assert.equal(clockText(4 * MIN + 11 * S + 1, "live"), "4:12"); // a part of a second counts as one
  assert.equal(clockText(9 * S, "live"), "0:09");
  assert.equal(clockText(HOUR + 5 * MIN + 3 * S, "live"), "1:05:03");
  assert.equal(clockText(0, "live"), "0:00");
  assert.equal(clockText(-5 * S, "live"), "0:00");
});

test("a correspondence clock reads days and hours, hours and minutes, then m:ss", () => {
  assert.equal(clockText(2 * DAY + 5 * HOUR + 7 * MIN, "correspondence"), "2 d 5 u");
  assert.equal(clockText(5 * HOUR + 12 * MIN, "correspondence"), "5 u 12 min");
  assert.equal(clockText(59 * MIN + 30 * S, "correspondence"), "59:30");
  assert.equal(clockText(DAY, "per_turn"), "1 d 0 u");
  // rounded up to the whole second first: just under a day reads as the day, never "24 u 0 min"
  assert.equal(clockText(DAY - 500, "per_turn"), "1 d 0 u");
  assert.equal(clockText(HOUR - 500, "correspondence"), "1 u 0 min");
});

test("the time left in words, the two largest units", () => {
  assert.equal(spokenTime(4 * MIN + 12 * S), "4 minuten 12 seconden");
  assert.equal(spokenTime(MIN), "1 minuut");
  assert.equal(spokenTime(2 * DAY + 5 * HOUR + 7 * MIN), "2 dagen 5 uur");
  assert.equal(spokenTime(0), "0 seconden");
});

test("only the running seat counts down, from the moment the reading arrived, never below zero", () => {
  const clock = { at: 5_000_000, remaining: [90 * S, 300 * S], running: 0, deadline: null, paused: [false, false] };
  const arrived = 1_000; // the browser's clock differs from the server's `at`
  assert.equal(remainingAt(clock, 0, arrived, arrived), 90 * S);
  assert.equal(remainingAt(clock, 0, arrived, arrived + 10 * S), 80 * S);
  assert.equal(remainingAt(clock, 1, arrived, arrived + 10 * S), 300 * S);
  assert.equal(remainingAt(clock, 0, arrived, arrived + 200 * S), 0);
  assert.equal(remainingAt({ ...clock, paused: [true, false] }, 0, arrived, arrived + 10 * S), 90 * S);
  assert.equal(remainingAt({ ...clock, running: null }, 0, arrived, arrived + 10 * S), 90 * S);
  assert.equal(remainingAt(null, 0, arrived, arrived), null);
});

test("the automatic claim counts down to a server instant from receipt", () => {
  assert.equal(untilAt(5_060_000, 5_000_000, 1_000, 1_000), 60 * S);
  assert.equal(untilAt(5_060_000, 5_000_000, 1_000, 21_000), 40 * S);
  assert.equal(untilAt(5_060_000, 5_000_000, 1_000, 99_000), 0);
});

test("low time is under a fifth of the bank", () => {
  const tc = { kind: "live", seconds: 600, increment: 20, cap: null };
  assert.equal(isLow(119 * S, tc), true);
  assert.equal(isLow(120 * S, tc), false);
  assert.equal(isLow(0, null), false);
});

test("custom fields are typed in the unit their bounds suit", () => {
  assert.deepEqual(fieldRange([180, 3600, 60]), { unit: 60, min: 3, max: 60, by: 1 });
  assert.deepEqual(fieldRange([0, 60, 1]), { unit: 1, min: 0, max: 60, by: 1 });
  assert.deepEqual(fieldRange([86400, 14 * 86400, 3600]), { unit: 86400, min: 1, max: 14, by: 1 });
  assert.deepEqual(fieldRange([0, 3 * 86400, 3600]), { unit: 3600, min: 0, max: 72, by: 1 });
  assert.deepEqual(fieldRange([3600, 14 * 86400, 1]), { unit: 3600, min: 1, max: 336, by: 1 });
});
