import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { buildReplay, factsOfPeriod, firstHex, mapOps, rolledBack, startPositions } from "../out/logic/replay.js";

const catalogue = JSON.parse(readFileSync(new URL("../../protocol/events.json", import.meta.url)));

// Period 0 of the demo campaign as anna saw it (recorded from the server: Hadewych marched on
// Ingegerd; a contact, a quick battle), shortened to the events that matter here.
const period0 = [
  { audience: "all", date: "1205-06-01", day: 1, period: "day", type: "period_started" },
  { audience: ["anna"], force: "hadewych", order: 0, player: "anna", status: "accepted", type: "order_result" },
  { audience: ["anna", "bertram"], available: 12, cost: 6, force: "hadewych", from: [2, 3], half_period: "morning", spent: 6, t: "1/2", to: [3, 3], type: "force_moved" },
  { audience: ["anna", "bertram"], available: 12, cost: 6, force: "hadewych", from: [3, 3], half_period: "afternoon", spent: 12, t: "1", to: [4, 3], type: "force_moved" },
  { audience: ["anna", "bertram"], force: "hadewych", hex: [4, 3], reason: "map contact", type: "force_halted" },
  { audience: ["anna", "ingrid"], day: 1, forces: ["hadewych", "ingegerd"], half_period: "afternoon", hexes: [[4, 3], [5, 2]], hour: 12, period: "day", t: "1", type: "contact" },
  { audience: ["anna", "ingrid"], contact: "1.afternoon.hadewych", forces: ["hadewych", "ingegerd"], half_period: "afternoon", type: "contact_procedure" },
  { audience: ["anna", "ingrid"], attacker: "realm", battlefield: [], contact: "1.afternoon.hadewych", half_period: "afternoon", hour: 11,
    record: { id: "1.afternoon.hadewych", attacker: { side: "realm", forces: ["hadewych"] }, defender: { side: "raiders", forces: ["ingegerd"] } }, sides: {}, type: "battle" },
  { audience: ["anna", "ingrid"], battle: "1.afternoon.hadewych", attacker: { outcome: "withdrew", side: "realm" }, defender: { outcome: "won", side: "raiders" }, rule: "R-8.8", settled_by: "quick_battle", type: "battle_result" },
  { audience: ["anna", "ingrid"], force: "hadewych", from: [4, 3], path: [[3, 3], [3, 4]], type: "retreat_move" },
  { audience: "all", day: 1, period: "day", type: "period_ended" },
];

test("every catalogued type is classified for the map, and those with hexes use them", () => {
  const hexFields = (spec) => Object.entries(spec.fields).filter(([, t]) => /hex/.test(t)).map(([k]) => k);
  for (const [type, spec] of Object.entries(catalogue.events)) {
    const ev = { type, audience: "all" };
    for (const [k, t] of Object.entries(spec.fields)) {
      const base = t.replace(/\?$/, "");
      ev[k] = base === "hex" ? [4, 5] : base === "list<hex>" ? [[4, 5], [5, 5]] : base === "list<string>" ? ["a", "b"] : base === "string" ? "a" : base === "integer" ? 1 : base === "boolean" ? true : base === "list<scout_report>" ? [{ force: "b", hex: [6, 6], size: { estimate: 3, accuracy_percent: 25 } }] : base === "object" ? {} : base.startsWith("list<") ? [] : {};
    }
    const ops = mapOps(ev);
    assert.ok(Array.isArray(ops), type);
    // An event that carries a hex of a force (not the dice, not the catalogue's other hexes) does something on the map.
    if (hexFields(spec).length) assert.ok(ops.length > 0, `${type} has hexes (${hexFields(spec)}) but nothing on the map`);
  }
});

test("the moves of a period, step by step, from the start its events give", () => {
  assert.deepEqual(firstHex(period0, "hadewych"), [2, 3]);
  assert.equal(firstHex(period0, "anselm"), undefined);
  const start = startPositions({ forces: ["hadewych", "anselm"], events: period0, later: [], now: new Map([["hadewych", [3, 4]], ["anselm", [1, 5]]]) });
  assert.deepEqual(start.get("hadewych"), { hex: [2, 3], from: "this period" });
  assert.deepEqual(start.get("anselm"), { hex: [1, 5], from: "now" }, "a force that did not move stands where it stands now");
  const steps = buildReplay({ events: period0, start });
  assert.deepEqual(steps.map((s) => s.event?.type), ["period_started", "force_moved", "force_moved", "force_halted", "contact", "battle", "battle_result", "retreat_move", "period_ended"]);
  const at = (i, force) => steps[i].forces.find((f) => f.id === force)?.hex;
  assert.deepEqual(at(0, "hadewych"), [2, 3]);
  assert.deepEqual(at(0, "anselm"), [1, 5]);
  assert.equal(at(0, "ingegerd"), undefined, "an enemy not yet seen is not drawn");
  assert.deepEqual(steps[1].moves, [{ force: "hadewych", path: [[2, 3], [3, 3]] }]);
  assert.deepEqual(at(2, "hadewych"), [4, 3]);
  assert.equal(steps[2].trail.length, 2);
  // The contact shows the enemy where it was seen, and marks both hexes.
  assert.deepEqual(at(4, "ingegerd"), [5, 2]);
  assert.equal(steps[4].forces.find((f) => f.id === "ingegerd").how, "contact");
  assert.deepEqual(steps[4].marks, [{ kind: "contact", hexes: [[4, 3], [5, 2]] }]);
  // The battle at the hexes of its forces; its result too, found by the battle's id.
  assert.deepEqual(steps[5].marks, [{ kind: "battle", hexes: [[4, 3], [5, 2]] }]);
  assert.deepEqual(steps[6].marks, [{ kind: "battle", hexes: [[4, 3], [5, 2]] }]);
  assert.deepEqual(steps[6].actors.sort(), ["hadewych", "ingegerd"]);
  // A retreat is one arrow along its path.
  assert.deepEqual(steps[7].moves, [{ force: "hadewych", path: [[4, 3], [3, 3], [3, 4]] }]);
  assert.deepEqual(at(8, "hadewych"), [3, 4]);
  assert.equal(steps[8].trail.length, 3);
  // The contact and the battle stay marked, faintly, once past (one mark for the battle and its result).
  assert.deepEqual(steps[4].earlier, []);
  assert.deepEqual(steps[8].earlier, [{ kind: "contact", hexes: [[4, 3], [5, 2]] }, { kind: "battle", hexes: [[4, 3], [5, 2]] }]);
});

test("start positions walk back through later periods, and stop where the walk is not reliable", () => {
  const later1 = [{ type: "force_moved", audience: "all", force: "anselm", from: [1, 5], to: [2, 5] }];
  const later2 = [{ type: "force_moved", audience: "all", force: "anselm", from: [2, 5], to: [3, 5] }];
  const now = new Map([["anselm", [3, 5]], ["hadewych", [4, 3]]]);
  // Did not move in the period: its first move afterwards says where it stood.
  let start = startPositions({ forces: ["anselm"], events: period0, later: [later1, later2], now });
  assert.deepEqual(start.get("anselm"), { hex: [1, 5], from: "a later period" });
  // A report not held breaks the walk: not known.
  start = startPositions({ forces: ["anselm"], events: period0, later: [undefined, later2], now });
  assert.equal(start.has("anselm"), false);
  // No current positions (a rolled-back attempt) and nothing later: not known.
  start = startPositions({ forces: ["anselm"], events: period0, later: [], now: null });
  assert.equal(start.has("anselm"), false);
  // The GM moved it since: only the period's own events may say.
  start = startPositions({ forces: ["anselm", "hadewych"], events: period0, later: [later1], now, edited: new Set(["anselm"]) });
  assert.equal(start.has("anselm"), false);
  assert.deepEqual(start.get("hadewych").hex, [2, 3]);
  start = startPositions({ forces: ["anselm", "hadewych"], events: period0, later: [later1], now, edited: "all" });
  assert.deepEqual([...start.keys()], ["hadewych"]);
});

test("a force whose start is not known appears at its first move: only where it went", () => {
  const steps = buildReplay({ events: period0, start: new Map() });
  assert.deepEqual(steps[0].forces, []);
  assert.deepEqual(steps[1].forces.map((f) => [f.id, f.hex]), [["hadewych", [3, 3]]]);
  assert.deepEqual(steps[1].moves[0].path, [[2, 3], [3, 3]]);
});

test("relief, displacement, rout off the map and elimination", () => {
  const events = [
    { type: "relief", audience: "all", contact: "c", force: "a", relieved: "b", to: [2, 2], relieved_to: [1, 1], cost: 0, relieved_cost: 0 },
    { type: "displaced", audience: "all", force: "e", from: [5, 5], to: [6, 5] },
    { type: "routed_off_map", audience: "all", force: "b", from: [1, 1], path: [[0, 1]], exit: [0, 1], figures: 9 },
    { type: "force_eliminated", audience: "all", force: "b" },
    { type: "surrendered", audience: "all", force: "a", from: [2, 2], captor: "e", figures: 3 },
  ];
  const steps = buildReplay({ events, start: new Map([["a", [1, 1]], ["b", [2, 2]]]) });
  assert.deepEqual(steps[1].moves, [{ force: "a", path: [[1, 1], [2, 2]] }, { force: "b", path: [[2, 2], [1, 1]] }]);
  assert.deepEqual(steps[2].moves, [{ force: "e", path: [[5, 5], [6, 5]] }]);
  assert.deepEqual(steps[3].moves, [{ force: "b", path: [[1, 1], [0, 1]] }], "the exit hex is not repeated");
  const b = steps[3].forces.find((f) => f.id === "b");
  assert.equal(b.gone, true);
  assert.deepEqual(steps[3].marks, [{ kind: "eliminated", hexes: [[0, 1]] }]);
  assert.equal(steps[5].forces.find((f) => f.id === "a").gone, true);
});

test("scouts and the period's knowledge facts place enemies; sightings move them", () => {
  const facts = [
    { about: "skoll", kind: "scout_report", period: 0, source: "scout 1.day.hadewych", value: { hex: [6, 5], size: { estimate: 30, accuracy_percent: 25 } } },
    { about: "thorgrim", kind: "scout_report", period: 1, source: "scout 1.night.hadewych", value: { hex: [8, 1] } },
    { about: "ingegerd", kind: "contact_intel", period: 0, source: "contact x", value: { aware: true } },
    { about: "hadewych", kind: "scout_report", period: 0, source: "odd", value: { hex: [1, 1] } },
  ];
  const seen = factsOfPeriod(facts, 0, new Set(["hadewych"]));
  assert.deepEqual(seen, [{ force: "skoll", hex: [6, 5], source: "scout 1.day.hadewych" }]);
  const events = [
    { type: "scout_result", audience: ["anna"], scout: "1.day.hadewych", force: "hadewych", target: [7, 3], result: "success", accuracy_percent: 25,
      reports: [{ force: "aeskrvald", hex: [7, 3], size: { estimate: 20, accuracy_percent: 25 } }] },
    { type: "contact", audience: "all", forces: ["aeskrvald", "hadewych"], hexes: [[6, 3], [5, 3]], day: 1, period: "day", half_period: "morning", t: "1/2", hour: 3 },
  ];
  const steps = buildReplay({ events, start: new Map([["hadewych", [5, 3]]]), seen });
  assert.deepEqual(steps[0].forces.map((f) => [f.id, f.how]), [["hadewych", "start"], ["skoll", "scout 1.day.hadewych"]]);
  assert.deepEqual(steps[1].marks, [{ kind: "scout", hexes: [[7, 3]] }]);
  assert.deepEqual(steps[1].forces.find((f) => f.id === "aeskrvald"), { id: "aeskrvald", hex: [7, 3], how: "scout", gone: false });
  assert.deepEqual(steps[2].forces.find((f) => f.id === "aeskrvald").hex, [6, 3], "seen again at the contact, where it stands then");
  assert.equal(steps[2].forces.find((f) => f.id === "hadewych").how, "contact");
});

test("a report of an attempt the GM rolled back is known by its seed hash", () => {
  const history = [
    { period_index: 0, seed_hash: "a", rolled_back: false },
    { period_index: 1, seed_hash: "b", rolled_back: true },
    { period_index: 1, seed_hash: "c", rolled_back: false },
    { period_index: 2, seed_hash: "d", rolled_back: true },
  ];
  assert.equal(rolledBack({ period_index: 0, seed_hash: "a" }, history), false);
  assert.equal(rolledBack({ period_index: 1, seed_hash: "b" }, history), true);
  assert.equal(rolledBack({ period_index: 1, seed_hash: "c" }, history), false);
  assert.equal(rolledBack({ period_index: 2, seed_hash: "x" }, history), true, "no attempt of the period stands");
  assert.equal(rolledBack({ period_index: 3, seed_hash: "y" }, history), false, "not in the history yet");
});
