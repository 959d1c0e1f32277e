// The game's history in words (history.js), as the Verloop and the turn summary show it:
// steps grouped by turn, a turn's net changes per player, and the sentences built from the
// server's facts, with no rule worked out in the client.
import "./dutch.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { groupTurns, turnChanges, changeLines, stepLines, describe } from "../../frontend/js/history.js";
import { content } from "../../frontend/js/content.js";

// Anna (seat 0) plays the computer (seat 1) and looks at her own game.
const ctx = {
  game: { players: [{ seat: 0, username: "anna", display_name: "Anna" }, { seat: 1, is_computer: true }] },
  viewer: 0,
  view: { houses: { smidse: { hex: [2, -1] } } },
  content: content(), // not loaded: names are readable keys ("Smidse")
};

const step = (seq, round, turn, seat, entries, changes = {}) => ({ seq, round, turn, seat, entries, changes });

test("steps are grouped by turn, in order, each group with its round and player", () => {
  const steps = [
    step(1, 1, 1, 0, []), step(2, 1, 1, 0, []),
    step(3, 1, 2, 1, []),
    step(4, 2, 3, 1, []), step(5, 2, 3, 1, []), step(6, 2, 3, 1, []),
  ];
  const groups = groupTurns(steps);
  assert.deepEqual(groups.map((g) => [g.round, g.turn, g.seat, g.steps.map((s) => s.seq)]),
    [[1, 1, 0, [1, 2]], [1, 2, 1, [3]], [2, 3, 1, [4, 5, 6]]]);
});

test("a turn's changes add up per player, and what came and went again is not shown", () => {
  const group = { steps: [
    step(1, 1, 1, 0, [], { 0: { geld: 2, relaties: -1 }, 1: { gunst: 1 } }),
    step(2, 1, 1, 0, [], { 0: { geld: -2, aanzien: 1 }, 1: { gunst: -1 } }),
  ] };
  assert.deepEqual(turnChanges(group), { 0: { relaties: -1, aanzien: 1 } });
  assert.deepEqual(turnChanges({ steps: [step(1, 1, 1, 0, [])] }), {});
});

test("the changes read as signed amounts, aanzien first, with the singular for one", () => {
  const lines = changeLines({ 1: { geld: 2 }, 0: { relaties: -1, aanzien: 3, gunst: 2 } }, ctx);
  assert.deepEqual(lines, [
    { seat: 0, text: "Jij: +3 aanzien · −1 relatie · +2 gunst" },
    { seat: 1, text: "De computer: +2 geld" },
  ]);
});

test("the summary leaves out the automatic 'klaar' entry after a walk; the full history keeps it", () => {
  const walk = step(7, 1, 2, 1, [
    { seq: 7, type: "walk", pawn: 2, steps: 3, to: [2, -1], rotations: 1 },
    { seq: 8, type: "end_walk", auto: true },
  ]);
  assert.deepEqual(stepLines(walk, ctx, { quiet: true }).map((l) => l.text),
    ["De computer liep met de klerk 3 stappen naar Smidse (1 tegel gedraaid)."]);
  assert.deepEqual(stepLines(walk, ctx).map((l) => l.text),
    ["De computer liep met de klerk 3 stappen naar Smidse (1 tegel gedraaid).", "De computer was klaar met lopen."]);
});

test("the settle line says the sum that counted and the favour of a miss as the server reported them", () => {
  const settle = { type: "settle", report: { sum: 11, effective: 9, actions: [
    { pawn: 3, house: "smidse", action: "court", court_action: "hof_feest", hit: false, threshold: 10, gunst: 2 },
  ] } };
  assert.equal(describe(settle, step(9, 1, 2, 1, []), ctx),
    "Afgerekend met som 11, telt als 9. Kapelaan: Hof feest gemist (drempel 10): +2 gunst.");
});

test("a card the viewer may not see reads as 'een kaart'; a task taken names its cost", () => {
  const s = step(1, 1, 2, 1, []);
  assert.equal(describe({ type: "take_card", card: null }, s, ctx), "De computer nam een kaart van de hofmarkt.");
  assert.equal(describe({ type: "take_task", task: "drie_posten", cost: 1 }, step(1, 1, 1, 0, []), ctx),
    "Jij nam de opdracht Drie posten (1 relatie).");
});
