// The history in English (issue 28: "You was done walking." was read on the site): the
// viewer is "You" with "were", anyone else "was", in every sentence that has the verb.
import "./english.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { stepLines } from "../../frontend/js/history.js";
import { content } from "../../frontend/js/content.js";

const ctx = {
  game: { players: [{ seat: 0, username: "anna", display_name: "Anna" }, { seat: 1, username: "bram", display_name: "Bram" }] },
  viewer: 0,
  view: { houses: {} },
  content: content(),
};
const step = (seat, entries) => ({ seq: entries[0].seq, round: 1, turn: 1, seat, entries, changes: {} });
const lines = (seat, entries) => stepLines(step(seat, entries), ctx).map((l) => l.text);

test("the viewer's own steps read 'You were', the opponent's 'Bram was'", () => {
  assert.deepEqual(lines(0, [{ seq: 3, type: "end_walk" }]), ["You were done walking."]);
  assert.deepEqual(lines(0, [{ seq: 4, type: "end_actions" }]), ["You were done with the actions."]);
  assert.deepEqual(lines(1, [{ seq: 5, type: "end_walk" }]), ["Bram was done walking."]);
  assert.deepEqual(lines(1, [{ seq: 6, type: "end_actions" }]), ["Bram was done with the actions."]);
});
