// Every view the client holds has one shape (docs/protocol.md): the world's forces, allies and
// knowledge are there, empty where the viewer may see nothing; a snapshot replaces the view
// rather than merging into it, so what an observer may no longer see leaves the screen
// (issue 28, defect 6).
import { test } from "node:test";
import assert from "node:assert/strict";
import { normalizeView, normalizeWorld } from "../out/logic/view-shape.js";
import { ViewStore } from "../out/logic/view-store.js";
import { scenario } from "./fixtures.mjs";

const board = () => ({ role: "observer", name: scenario.name, calendar: { day: 1, period: "day", start_date: "2025-03-01" },
  map: scenario.map, sides: scenario.sides, players: scenario.players, ruleset: scenario.ruleset });
const view = (world) => ({ campaign: "raid", name: "The Eldholm Raid", status: "active", you: { role: "observer", player: "" },
  world, period: { index: 0, day: 1, period: "day", seed_hash: "", deadline: null }, order_flags: [], my_orders: null, decisions: [], notices: [] });

test("a world without pieces gets empty forces, allies and knowledge", () => {
  const w = normalizeWorld(board());
  assert.deepEqual(w.forces, []);
  assert.deepEqual(w.allies, []);
  assert.deepEqual(w.knowledge, []);
  assert.equal(w.map, scenario.map);
  assert.deepEqual(normalizeWorld({ forces: null, allies: "x", knowledge: 3 }), { forces: [], allies: [], knowledge: [] });
  // What is there stays: a player's facts (an array), every player's facts (an object).
  const facts = [{ about: "ingegerd", kind: "contact_intel", value: {}, source: "c", period: 0 }];
  assert.equal(normalizeWorld({ knowledge: facts }).knowledge, facts);
  assert.deepEqual(normalizeWorld({ knowledge: { anna: facts } }).knowledge, { anna: facts });
  const v = normalizeView({ world: board() });
  assert.deepEqual([v.world.forces, v.decisions, v.notices, v.order_flags], [[], [], [], []]);
});

test("an observer's screen loses the forces when the setting goes back to the map", () => {
  const s = new ViewStore();
  s.snapshot("raid", 1, view(board()));                 // "map": the server's old shape had no forces
  assert.deepEqual(s.view.world.forces, []);
  assert.doesNotThrow(() => { for (const f of s.view.world.forces) void f; });
  // "all": a delta brings every force.
  const forces = structuredClone(scenario.forces);
  assert.equal(s.delta("raid", 2, [{ op: "add", path: "/world/forces", value: forces }, { op: "add", path: "/world/history", value: {} }]), "applied");
  assert.equal(s.view.world.forces.length, forces.length);
  // Back to "map" by a delta that removes the member (an older server) or empties it.
  assert.equal(s.delta("raid", 3, [{ op: "remove", path: "/world/forces" }, { op: "remove", path: "/world/history" }]), "applied");
  assert.deepEqual(s.view.world.forces, []);
  assert.equal(s.view.world.history, undefined);
  // A fresh snapshot replaces the held view: nothing of the "all" view is merged in.
  s.snapshot("raid", 1, { ...view({ ...board(), forces, knowledge: { anna: [] } }) });
  const shown = { ...view(board()) };
  s.snapshot("raid", 1, shown);
  assert.deepEqual(s.view.world.forces, []);
  assert.deepEqual(s.view.world.knowledge, []);
  assert.equal(JSON.stringify(s.view).includes("hadewych"), false);
  assert.notEqual(s.view, shown, "the store keeps its own copy");
});
