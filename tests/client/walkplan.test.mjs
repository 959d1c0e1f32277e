// Planning a walk (walkplan.js) reads the server's preview and nothing else: where the pawn
// may go (the gold glow), what is refused and why, and what a step costs all come from
// POST /api/games/ID/preview/, from the first pick-up of a pawn (an empty plan) on.
import "./dutch.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { WalkPlanner } from "../../frontend/js/walkplan.js";

const HOME = [0, 0], EAST = [1, 0], FAR = [2, 0], SOUTH = [0, 1];

// The server: the previews asked for, and its answer for each plan.
function server(answers) {
  const asked = [];
  globalThis.document = { cookie: "csrftoken=t" };
  globalThis.fetch = async (path, opts) => {
    const body = JSON.parse(opts.body);
    asked.push({ path, body });
    const answer = answers(body.plan);
    return new Response(JSON.stringify({ ok: true, confirmable: body.plan.length > 0, steps: [], cost: { steps: 0, relaties: 0 },
      steps_left: 7, relaties_left: 2, resting: false, next: [], refused: [], rotatable: [], ...answer }), { status: 200 });
  };
  return asked;
}

function planner() {
  const view = {
    seq: 5, phase: "walk", viewer: 0,
    players: [{ seat: 0, pawns: { 1: HOME, 2: FAR, 3: FAR }, resources: { relaties: 2 } }, { seat: 1, pawns: {} }],
    turn: { walk_dice: [3, 4], steps: 7, rested: [] },
    // every side of every tile open: a client working it out itself would glow all six
    board: [HOME, EAST, FAR, SOUTH, [-1, 0], [0, -1], [1, -1], [-1, 1]].map((hex) => ({ hex, kind: "path", shape: "cross", openings: 63 })),
  };
  const toasts = [];
  const host = { gameId: 12, view: () => view, mine: () => true, rerender() {}, busyChanged() {}, toast: (t) => toasts.push(t),
    error: (e) => { throw e; }, send: async () => true };
  return { walk: new WalkPlanner(host), toasts, view };
}

const settled = async (walk) => { while (walk.pending) await new Promise((r) => setTimeout(r, 1)); };
const glow = (walk) => [...walk.overlay().glow].sort();

test("picking up a pawn asks the server with an empty plan, and only the server's next tiles glow", async () => {
  const asked = server((plan) => (plan.length ? {} : { next: [{ hex: EAST, via: "enter", steps: 1 }], refused: [{ hex: SOUTH, via: "enter", reason: "no_opening", text: "Geen opening." }] }));
  const { walk } = planner();
  walk.selectPawn(1);
  await settled(walk);
  assert.deepEqual(asked, [{ path: "/api/games/12/preview/", body: { pawn: 1, plan: [] } }]);
  assert.deepEqual(glow(walk), ["1,0"]);
  assert.equal(walk.refusal(SOUTH).text, "Geen opening.");
});

test("a resting pawn glows nothing, as the server says", async () => {
  server(() => ({ resting: true, next: [{ hex: EAST, via: "enter", steps: 1 }] }));
  const { walk } = planner();
  walk.selectPawn(1);
  await settled(walk);
  assert.deepEqual(glow(walk), []);
});

test("a step the server refuses is taken back, with the server's reason", async () => {
  const asked = server((plan) => {
    if (plan.length === 2) return { ok: false, error_step: 1, error: "Die tegels hebben geen opening naar elkaar." };
    if (plan.length === 1) return { next: [{ hex: FAR, via: "enter", steps: 1 }] };
    return { next: [{ hex: EAST, via: "enter", steps: 1 }] };
  });
  const { walk, toasts } = planner();
  walk.selectPawn(1);
  await settled(walk);
  assert.equal(walk.go(EAST), true);
  await settled(walk);
  assert.equal(walk.go(FAR), true);
  await settled(walk);
  assert.deepEqual(walk.steps, [{ enter: EAST }]);
  assert.deepEqual(toasts, ["Die tegels hebben geen opening naar elkaar."]);
  assert.deepEqual(asked.at(-1).body.plan, [{ enter: EAST }]); // asked again for the plan kept
  assert.deepEqual(walk.route(), [HOME, EAST]);
});

test("a tile turned in the plan is drawn turned, one side clockwise per turn right", async () => {
  server(() => ({ next: [], rotatable: [{ hex: EAST, first_rotation_costs_step: true, affordable: true }] }));
  const { walk, view } = planner();
  view.board.find((t) => t.hex === EAST).openings = 0b001001; // east and west
  walk.selectPawn(1);
  await settled(walk);
  walk.tapHex(EAST); // select the tile: the knobs appear
  assert.equal(walk.overlay().knobs, true);
  walk.knob("cw");
  await settled(walk);
  assert.equal(walk.overlay().openings.get("1,0"), 0b010010); // south-east and north-west
  walk.knob("ccw");
  walk.knob("ccw");
  await settled(walk);
  assert.equal(walk.overlay().openings.get("1,0"), 0b100100); // north-east and south-west
});

test("dragging back over the last tile takes that step back", async () => {
  server((plan) => ({ next: plan.length ? [{ hex: FAR, via: "enter", steps: 1 }] : [{ hex: EAST, via: "enter", steps: 1 }] }));
  const { walk } = planner();
  assert.equal(walk.dragStart(0, 1), true);
  await settled(walk);
  walk.dragOver(EAST);
  await settled(walk);
  walk.dragOver(FAR);
  await settled(walk);
  assert.deepEqual(walk.route(), [HOME, EAST, FAR]);
  walk.dragOver(EAST);
  await settled(walk);
  assert.deepEqual(walk.route(), [HOME, EAST]);
  walk.dragEnd();
});

test("six turns of a tile that never joins the pawn's road: the planner says it never connects; five do not yet", async () => {
  // the server never offers the tile as a next step, however it is turned
  server(() => ({ next: [], rotatable: [{ hex: EAST, first_rotation_costs_step: true, affordable: true }] }));
  const { walk } = planner();
  walk.selectPawn(1);
  await settled(walk);
  walk.tapHex(EAST);
  for (let turn = 1; turn <= 6; turn++) {
    assert.equal(walk.neverConnects(EAST), false, `after ${turn - 1} turns`);
    walk.knob("cw");
    await settled(walk);
  }
  assert.equal(walk.neverConnects(EAST), true);
});

test("a tile that joins in some position is never said to be unconnectable", async () => {
  server((plan) => ({ next: plan.length === 3 ? [{ hex: EAST, via: "enter", steps: 1 }] : [],
    rotatable: [{ hex: EAST, first_rotation_costs_step: true, affordable: true }] }));
  const { walk } = planner();
  walk.selectPawn(1);
  await settled(walk);
  walk.tapHex(EAST);
  for (let turn = 1; turn <= 3; turn++) { walk.knob("cw"); await settled(walk); }
  assert.equal(walk.neverConnects(EAST), false);
});
