// The dice check a finished game's record runs in the browser (dicecheck.js): the revealed
// seed must hash to the commitment published at the start, and every die shown must come out
// of that seed. The game here is dealt by the engine itself: test_pure_modules.py draws its
// dice with engine.rng and its commitment with games.services, and passes them in
// DWAALHOF_DICE_GAME ({seed, commitment, steps}).
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkGame } from "../../frontend/js/dicecheck.js";

const dealt = process.env.DWAALHOF_DICE_GAME;
const game = () => {
  assert.ok(dealt, "run from test_pure_modules.py, which deals the game with the engine");
  return JSON.parse(dealt);
};
const count = (steps) => steps.reduce((n, s) => n + s.dice.reduce((m, d) => m + d.values.length, 0), 0);

test("every die the engine drew from the seed passes, walking and court dice alike", async () => {
  const g = game();
  const r = await checkGame(g);
  assert.equal(r.commitOk, true);
  assert.deepEqual(r.bad, []);
  assert.equal(r.total, count(g.steps));
  assert.ok(new Set(g.steps.flatMap((s) => s.dice.map((d) => d.purpose))).size >= 2);
});

test("one die changed in the export is named: its move, purpose, the die shown and the seed's", async () => {
  const g = game();
  const changed = g.steps[1]; // four court dice; the second is changed
  const target = changed.dice[0];
  const real = target.values[1];
  target.values[1] = (real % 6) + 1;
  const r = await checkGame(g);
  assert.equal(r.commitOk, true);
  assert.deepEqual(r.bad, [{ seq: changed.seq, purpose: target.purpose, shown: (real % 6) + 1, fromSeed: real }]);
});

test("another seed fails the commitment, and its dice are not the game's", async () => {
  const g = game();
  const r = await checkGame({ ...g, seed: `${g.seed}x` });
  assert.equal(r.commitOk, false);
  assert.ok(r.bad.length > 0);
});
