// The visible window of the map (logic/map-window.ts) and the hex under a point (hex.ts): what
// the map view keeps in the DOM while panning and zooming, and where a click lands.
import { test } from "node:test";
import assert from "node:assert/strict";
import { visibleRect, grow, containsRect, containsPoint, hexesInRect, hexesAcross, detailed, openingBox, OVERVIEW_HEX_PX } from "../out/logic/map-window.js";
import { hexCorners, hexKey, hexToPixel, pixelToHex } from "../out/logic/hex.js";

const SIZE = 30;
const near = (a, b) => Math.abs(a - b) < 1e-9;

test("the visible part is the view box grown to the element's proportions (meet), centred", () => {
  // A square box in a wide element: wider, same height, same centre.
  const v = visibleRect({ x: 0, y: 0, w: 100, h: 100 }, 400, 200);
  assert.deepEqual(v, { x: -50, y: 0, w: 200, h: 100 });
  // A wide box in a tall element: taller.
  const t = visibleRect({ x: 10, y: 10, w: 200, h: 100 }, 100, 200);
  assert.ok(near(t.w, 200) && near(t.h, 400) && near(t.x, 10) && near(t.y, -140));
  // Not laid out (hidden, detached): the box itself.
  assert.deepEqual(visibleRect({ x: 1, y: 2, w: 3, h: 4 }, 0, 0), { x: 1, y: 2, w: 3, h: 4 });
});

test("grow adds a fraction of the size on every side; containment of rectangles and points", () => {
  const g = grow({ x: 0, y: 0, w: 100, h: 40 }, 0.25);
  assert.deepEqual(g, { x: -25, y: -10, w: 150, h: 60 });
  assert.ok(containsRect(g, { x: 0, y: 0, w: 100, h: 40 }));
  assert.ok(containsRect(g, { x: -25, y: -10, w: 150, h: 60 }), "an edge is inside");
  assert.ok(!containsRect(g, { x: 30, y: 0, w: 100, h: 40 }), "panned past the margin");
  assert.ok(containsPoint(g, { x: 125, y: 50 }));
  assert.ok(!containsPoint(g, { x: 126, y: 50 }));
  assert.ok(containsPoint(g, { x: 126, y: 50 }, 1), "with a pad");
});

test("hexesInRect holds every hex any part of which lies in the rectangle, and few others", () => {
  const r = { x: 100, y: 80, w: 400, h: 300 };
  const got = new Set(hexesInRect(r, SIZE).map(hexKey));
  // Every hex with a corner or its centre inside is there.
  for (let q = -20; q <= 30; q++) for (let row = -20; row <= 30; row++) {
    const pts = [hexToPixel([q, row], SIZE), ...hexCorners([q, row], SIZE)];
    const touches = pts.some((p) => p.x > r.x && p.x < r.x + r.w && p.y > r.y && p.y < r.y + r.h);
    if (touches) assert.ok(got.has(hexKey([q, row])), `hex (${q}, ${row}) touches the rectangle but is missing`);
  }
  // And no hex whose centre is further than a hex's size away.
  for (const k of got) {
    const [q, row] = k.split(",").map(Number);
    assert.ok(containsPoint(r, hexToPixel([q, row], SIZE), SIZE + 1e-9), `hex ${k} is far outside`);
  }
  // About the area over a hex's area, plus a border of hexes.
  assert.ok(got.size >= hexesAcross(r, SIZE) && got.size < hexesAcross(grow(r, 0.25), SIZE) * 1.5, `${got.size} hexes`);
});

test("pixelToHex inverts hexToPixel and finds the hex of any point inside it", () => {
  for (const h of [[0, 0], [3, -2], [-5, 7], [12, 40], [-60, 79]]) {
    assert.deepEqual(pixelToHex(hexToPixel(h, SIZE), SIZE), h);
    const c = hexToPixel(h, SIZE);
    // Points most of the way to each corner stay in the hex.
    for (const p of hexCorners(h, SIZE)) assert.deepEqual(pixelToHex({ x: c.x + (p.x - c.x) * 0.9, y: c.y + (p.y - c.y) * 0.9 }, SIZE), h);
  }
  // Just past a side, the neighbour.
  const c = hexToPixel([2, 2], SIZE);
  assert.deepEqual(pixelToHex({ x: c.x + SIZE * Math.sqrt(3) / 2 + 1, y: c.y }, SIZE), [3, 2]);
  assert.ok(!Object.is(pixelToHex({ x: 0.1, y: 0.1 }, SIZE)[0], -0), "no negative zero in a hex key");
});

test("a map is drawn hex by hex when hexes are large enough on screen and not too many", () => {
  const width = 750;
  const across = (n) => ({ x: 0, y: 0, w: n * SIZE * Math.sqrt(3), h: n * SIZE * Math.sqrt(3) * 0.85 });
  const perUnit = (r) => width / r.w;
  assert.equal(detailed(across(16), perUnit(across(16)), SIZE), true, "16 hexes across: detail");
  assert.equal(detailed(across(40), perUnit(across(40)), SIZE), true, "40 across, 19 px a hex");
  const whole = across(120);
  assert.equal(detailed(whole, perUnit(whole), SIZE), false, "a 120-hex-wide map whole: overview");
  // The threshold is the hex's width in pixels.
  const px = (n) => SIZE * Math.sqrt(3) * perUnit(across(n));
  assert.ok(px(40) >= OVERVIEW_HEX_PX && px(120) < OVERVIEW_HEX_PX);
});

test("a small map opens whole, a large one around the given point in the element's proportions", () => {
  const small = { x: -36, y: -36, w: 700, h: 400 };
  assert.deepEqual(openingBox(small, { x: 0, y: 0 }, SIZE, 16, 750, 600), small);
  const big = { x: -36, y: -36, w: 6300, h: 3700 };
  const b = openingBox(big, { x: 1000, y: 2000 }, SIZE, 16, 750, 600);
  assert.ok(near(b.w, 16 * SIZE * Math.sqrt(3)) && near(b.h / b.w, 0.8));
  assert.ok(near(b.x + b.w / 2, 1000) && near(b.y + b.h / 2, 2000), "centred on the point");
  // Before it is laid out: 4:3.
  const d = openingBox(big, { x: 0, y: 0 }, SIZE, 16, 0, 0);
  assert.ok(near(d.h / d.w, 0.75));
});
