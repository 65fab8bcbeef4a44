#!/usr/bin/env node
// Writes a large umpire-scenario/1 document for the web client's map benchmark (issue 31,
// "Weight and scale"): by default a 120 × 80 map and 1,000 forces, four players on two sides
// (250 forces each, the realm in the west, the raiders in the east), the demo's ruleset
// (valormr 1) and terrain letters, roads, a track, two rivers and dwellings. Deterministic:
// the same options give the same bytes (a seeded generator, no clock).
//   node scripts/gen_big_scenario.mjs [--cols 120] [--rows 80] [--forces 1000] [--seed 31]
//                                     [--id valormr-big] [--out FILE]     (default: stdout)
// Check the result with `umpire scenario check FILE --rulesets rulesets`.
import { writeFileSync } from "node:fs";

const opts = { cols: 120, rows: 80, forces: 1000, seed: 31, id: "valormr-big", out: "" };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const key = argv[i].replace(/^--/, "");
  if (!(key in opts) || argv[i + 1] === undefined) {
    console.error(`usage: gen_big_scenario.mjs [--cols N] [--rows N] [--forces N] [--seed N] [--id ID] [--out FILE]`);
    process.exit(2);
  }
  opts[key] = typeof opts[key] === "number" ? Number(argv[i + 1]) : argv[i + 1];
}
const { cols, rows, forces: forceCount, seed } = opts;

// mulberry32: small, seeded, the same on every platform.
function random32(a) {
  return () => {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random32(seed);
const int = (n) => Math.floor(rnd() * n);
const pick = (list) => list[int(list.length)];

// The map is drawn as a rectangle on screen: row r starts at q = -floor(r / 2) (pointy-top
// axial, as the demo's rows do). Column c of row r is hex (c - floor(r / 2), r).
const qOf = (c, r) => c - Math.floor(r / 2);
const colOf = (q, r) => q + Math.floor(r / 2);
const onMap = (q, r) => r >= 0 && r < rows && colOf(q, r) >= 0 && colOf(q, r) < cols;
const key = (q, r) => `${q},${r}`;
const STEPS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];

// Terrain: mostly clear, with patches grown from seeds (forest, hills, swamp, mountains, lakes).
const grid = Array.from({ length: rows }, () => Array(cols).fill("c"));
const patches = [["f", 70, 40], ["h", 45, 25], ["s", 18, 20], ["m", 14, 30], ["w", 10, 22]];
for (const [letter, count, size] of patches) {
  for (let n = 0; n < count; n++) {
    const r = int(rows), q = qOf(int(cols), r);
    const cells = [[q, r]];
    for (let k = 0; k < size; k++) {
      const [bq, br] = pick(cells);
      const [dq, dr] = pick(STEPS);
      if (onMap(bq + dq, br + dr)) cells.push([bq + dq, br + dr]);
    }
    for (const [cq, cr] of cells) grid[cr][colOf(cq, cr)] = letter;
  }
}
const terrainAt = (q, r) => grid[r][colOf(q, r)];

// Roads: a few long walks across the map, west to east, drifting north and south; the hexes
// they pass are made passable (a road over a lake is a causeway: clear).
function walk(q, r, steps, choices) {
  const line = [[q, r]];
  for (let i = 0; i < steps; i++) {
    const options = choices.filter(([dq, dr]) => onMap(q + dq, r + dr));
    if (options.length === 0) break;
    const [dq, dr] = pick(options);
    q += dq; r += dr;
    line.push([q, r]);
  }
  return line;
}
const EASTWARD = [[1, 0], [1, 0], [1, -1], [0, 1]];
const roads = [];
for (let i = 0; i < 4; i++) {
  const r = Math.floor(((i + 0.5) * rows) / 4);
  roads.push(walk(qOf(0, r), r, cols + 8, EASTWARD));
}
const SOUTHWARD = [[0, 1], [0, 1], [-1, 1], [1, 0]];
const tracks = [];
for (let i = 0; i < 3; i++) {
  const c = Math.floor(((i + 0.5) * cols) / 3);
  tracks.push(walk(qOf(c, 0), 0, rows + 6, SOUTHWARD));
}
for (const line of [...roads, ...tracks])
  for (const [q, r] of line) if (terrainAt(q, r) === "w") grid[r][colOf(q, r)] = "c";

// Rivers: two, along hex sides (a pair of adjacent hexes each), north to south, skipping
// sides already taken.
const riverSides = new Map();
for (let i = 0; i < 2; i++) {
  let c = Math.floor(cols * (i === 0 ? 0.3 : 0.7)), r = 0;
  let q = qOf(c, r);
  while (r < rows - 1) {
    const east = [q + 1, r];
    if (onMap(...east)) {
      const k = `${key(q, r)}|${key(...east)}`;
      if (!riverSides.has(k)) riverSides.set(k, [[q, r], east]);
    }
    // down a row, south-west or south-east
    const [dq, dr] = rnd() < 0.5 ? [0, 1] : [-1, 1];
    if (!onMap(q + dq, r + dr) || !onMap(q + dq + 1, r + dr)) break;
    q += dq; r += dr;
  }
}

// Dwellings: about one per 250 hexes, on land, at most one per hex.
const dwellings = [];
const dwellingAt = new Set();
const KINDS = ["village", "village", "village", "town", "castle"];
const SYLLABLES = ["eld", "holm", "val", "berg", "sker", "rick", "thor", "by", "wick", "stad", "mar", "fjord", "ulf", "dal"];
const dwellingCount = Math.round((cols * rows) / 250);
for (let tries = 0; dwellings.length < dwellingCount && tries < dwellingCount * 20; tries++) {
  const r = int(rows), q = qOf(int(cols), r);
  if (terrainAt(q, r) === "w" || dwellingAt.has(key(q, r))) continue;
  dwellingAt.add(key(q, r));
  const name = pick(SYLLABLES) + pick(SYLLABLES);
  dwellings.push({ hex: [q, r], kind: pick(KINDS), name: name[0].toUpperCase() + name.slice(1) });
}

// Sides and players: the realm in the west, the raiders in the east; the players of a side
// interleaved over its half.
const sides = [
  { id: "realm", name: "The Realm of Valdberg", home_hexes: [] },
  { id: "raiders", name: "The Sea Raiders", home_hexes: [] },
];
const players = [
  { id: "anna", name: "Anna", side: "realm" },
  { id: "bertram", name: "Bertram", side: "realm" },
  { id: "ingrid", name: "Ingrid", side: "raiders" },
  { id: "erik", name: "Erik", side: "raiders" },
];
const GENERALS = ["Hadewych", "Anselm", "Sigrun", "Aldric", "Berthold", "Gisela", "Ingegerd", "Aeskrvald", "Skoll", "Thorgrim", "Ragna", "Eyvind", "Hrefna", "Ulfar"];
const COMPANIES = {
  infantry: [["spearmen", 12, 30], ["archers", 6, 14], ["warband", 12, 24]],
  cavalry: [["knights", 6, 14], ["light_horse", 8, 16], ["wolf_riders", 8, 12]],
};
const company = (arm) => { const [type, lo, hi] = pick(COMPANIES[arm]); return { type, figures: lo + int(hi - lo + 1) }; };

const taken = new Set();
function freeHex(colFrom, colTo) {
  for (;;) {
    const r = int(rows), c = colFrom + int(colTo - colFrom), q = qOf(c, r);
    if (terrainAt(q, r) === "w" || taken.has(key(q, r))) continue;
    taken.add(key(q, r));
    return [q, r];
  }
}
for (const s of sides) {
  const [from, to] = s.id === "realm" ? [0, Math.floor(cols * 0.45)] : [Math.ceil(cols * 0.55), cols];
  s.home_hexes.push(freeHex(from, to));
  taken.delete(key(...s.home_hexes[0]));
}

const forces = [];
for (let i = 0; i < forceCount; i++) {
  const player = players[i % players.length];
  const [from, to] = player.side === "realm" ? [0, Math.floor(cols * 0.45)] : [Math.ceil(cols * 0.55), cols];
  const n = Math.floor(i / players.length) + 1;
  const general = pick(GENERALS);
  const id = `${player.id}-${String(n).padStart(3, "0")}`;
  // The arm: infantry, cavalry or mixed, so the counters' glyphs vary.
  const arms = pick([["infantry", "infantry"], ["infantry", "infantry"], ["cavalry", "cavalry"], ["infantry", "cavalry"]]);
  forces.push({
    id, name: `${general}'s host ${n}`, player: player.id, hex: freeHex(from, to),
    general: { name: general, leadership: int(3) }, camp: true,
    regiments: arms.map((arm, k) => ({
      id: `${id}-r${k + 1}`, name: `${general}'s ${arm === "cavalry" ? "horse" : "foot"} ${k + 1}`, morale: 5 + int(4),
      companies: [company(arm)].concat(rnd() < 0.5 ? [company(arm)] : []),
    })),
  });
}
forces.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

const doc = {
  format: "umpire-scenario/1",
  id: opts.id,
  name: `The Great Raid (${forceCount} forces, ${cols} × ${rows})`,
  description: `A generated scenario for the map benchmark (scripts/gen_big_scenario.mjs --seed ${seed}): ${forceCount} forces of four players on a ${cols} × ${rows} map.`,
  ruleset: { name: "valormr", version: "1" },
  calendar: { start_date: "1205-06-01", day: 1, period: "day" },
  map: {
    legend: { c: "clear", f: "forest", h: "hill", s: "swamp", m: "mountain", w: "water" },
    rows: grid.map((row, r) => ({ r, q: qOf(0, r), terrain: row.join("") })),
    roads, tracks, rivers: [...riverSides.values()], dwellings,
  },
  sides, players, forces,
};
const text = JSON.stringify(doc) + "\n";
if (opts.out) writeFileSync(opts.out, text); else process.stdout.write(text);
