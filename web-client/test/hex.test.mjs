import { test } from "node:test";
import assert from "node:assert/strict";
import { hexDistance, neighbours, edgeKey, sharedEdge, hexToPixel, adjacent } from "../out/logic/hex.js";

test("neighbours are the six of docs/scenario-format.md, all at distance 1", () => {
  const n = neighbours([2, 3]);
  assert.deepEqual(n, [[3, 3], [3, 2], [2, 2], [1, 3], [1, 4], [2, 4]]);
  for (const h of n) assert.equal(hexDistance([2, 3], h), 1);
});

test("distance counts steps in axial coordinates", () => {
  assert.equal(hexDistance([0, 0], [3, -3]), 3);
  assert.equal(hexDistance([0, 0], [2, 1]), 3);
  assert.equal(adjacent([0, 0], [1, 1]), false);
});

test("an edge key is the same from either side", () => {
  assert.equal(edgeKey([6, 4], [6, 5]), edgeKey([6, 5], [6, 4]));
});

test("adjacent hexes share exactly two corners, halfway between their centres", () => {
  const [p, q] = sharedEdge([6, 4], [6, 5], 10);
  const a = hexToPixel([6, 4], 10), b = hexToPixel([6, 5], 10);
  const mid = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
  assert.ok(Math.abs(mid.x - (a.x + b.x) / 2) < 1e-9 && Math.abs(mid.y - (a.y + b.y) / 2) < 1e-9);
  assert.throws(() => sharedEdge([0, 0], [2, 0], 10));
});

test("rows of the scenario stay rows on screen (pointy-top)", () => {
  assert.equal(hexToPixel([0, 2], 10).y, hexToPixel([5, 2], 10).y);
  assert.equal(hexToPixel([-1, 2], 10).x, hexToPixel([0, 0], 10).x);
});
