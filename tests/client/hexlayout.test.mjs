// The board's hex geometry (hexlayout.js): a tap lands on the tile under the finger, and a
// tile's openings point at the neighbours they connect to. Hexes compare by `key` as the
// client does (a rounded -0 is the same hex as 0).
import { test } from "node:test";
import assert from "node:assert/strict";
import { key, toPixel, fromPixel, neighbour, distance, rotateMask, sidesOf, edgeMid, corner } from "../../frontend/js/hexlayout.js";

const area = [];
for (let q = -5; q <= 5; q++) for (let r = -5; r <= 5; r++) if (distance([q, r], [0, 0]) <= 5) area.push([q, r]);

test("a tap anywhere inside a tile picks that tile, at every board size", () => {
  for (const size of [10, 36, 57.5]) {
    for (const hex of area) {
      const [x, y] = toPixel(hex, size);
      assert.equal(key(fromPixel(x, y, size)), key(hex));
      // towards each corner, just inside the tile
      for (let i = 0; i < 6; i++) {
        const [cx, cy] = corner(i, size * 0.95);
        assert.equal(key(fromPixel(x + cx, y + cy, size)), key(hex), `corner ${i} of ${hex} at size ${size}`);
      }
    }
  }
});

test("a tap just past a side lands on the neighbour across that side", () => {
  const size = 36;
  for (const hex of area) {
    const [x, y] = toPixel(hex, size);
    for (let side = 0; side < 6; side++) {
      const [mx, my] = edgeMid(side, size * 1.1);
      assert.equal(key(fromPixel(x + mx, y + my, size)), key(neighbour(hex, side)));
    }
  }
});

test("an opening is drawn towards the neighbour it leads to, and that neighbour's matching side points back", () => {
  const size = 36;
  for (let side = 0; side < 6; side++) {
    const here = [2, -1];
    const there = neighbour(here, side);
    assert.equal(distance(here, there), 1);
    const [mx, my] = edgeMid(side, size);
    const [ax, ay] = toPixel(here, size);
    const [bx, by] = toPixel(there, size);
    // the middle of side `side` lies halfway to the neighbour's centre
    assert.ok(Math.abs(ax + mx - (ax + bx) / 2) < 1e-9 && Math.abs(ay + my - (ay + by) / 2) < 1e-9);
    assert.deepEqual(neighbour(there, (side + 3) % 6), here);
  }
});

test("turning a tile right moves each opening one side clockwise; six turns or a turn back restore it", () => {
  assert.deepEqual(sidesOf(rotateMask(0b000001, 1)), [1]); // east -> south-east
  assert.deepEqual(sidesOf(rotateMask(0b100001, 1)), [0, 1]); // north-east + east -> east + south-east
  assert.deepEqual(sidesOf(rotateMask(0b000001, -1)), [5]); // left: east -> north-east
  for (let mask = 0; mask < 64; mask++) {
    assert.equal(rotateMask(rotateMask(mask, 1), -1), mask);
    assert.equal(rotateMask(mask, 6), mask);
    assert.equal(sidesOf(rotateMask(mask, 2)).length, sidesOf(mask).length); // no opening lost
  }
});
