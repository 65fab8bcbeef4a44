import { test } from "node:test";
import assert from "node:assert/strict";
import { buildMap } from "../out/logic/map-model.js";
import { stepCost, planPath, availablePoints, formatT, divideHalfUp } from "../out/logic/path-cost.js";
import { dailyMovePoints, movesAtNight } from "../out/logic/ruleset.js";
import { ruleset, scenario, force } from "./fixtures.mjs";

const map = buildMap(scenario.map);
const ctx = (extra = {}) => ({ map, ruleset, period: "day", forcedMarch: false, ...extra });

test("R-1.2 terrain costs, roads at two thirds, rivers +3 without a bridge, water impassable", () => {
  assert.equal(stepCost(map, ruleset, [2, 3], [3, 3]), 6);          // clear
  assert.equal(stepCost(map, ruleset, [2, 6], [3, 6]), 4);          // clear by road
  assert.equal(stepCost(map, ruleset, [6, 4], [6, 5]), 6 + 3);      // river, no road
  assert.equal(stepCost(map, ruleset, [0, 0], [2, 0]), null);       // not adjacent
  assert.equal(stepCost(map, ruleset, [-2, 6], [-3, 6]), null);     // water
  assert.equal(stepCost(map, ruleset, [0, 4], [-1, 4]), 9);         // forest
  assert.equal(divideHalfUp(9 * 2, 3), 6);
  assert.equal(divideHalfUp(7 * 2, 3), 5);                          // 4.67 rounds up
});

test("Hadewych's demo path: two hexes a day, the second arriving in the afternoon (t = 1)", () => {
  const hadewych = force("hadewych");
  assert.equal(dailyMovePoints(hadewych, ruleset), 12);             // spearmen pace the knights
  const plan = planPath(hadewych, [[3, 3], [4, 3], [5, 3]], ctx());
  assert.equal(plan.available, 12);
  assert.deepEqual(plan.steps.map((s) => s.halfPeriod), ["morning", "afternoon", null]);
  assert.deepEqual(plan.steps.map((s) => formatT(s.t)), ["1/2", "1", ""]);
  assert.equal(plan.total, 12);
  assert.equal(plan.reachedAll, false);
  assert.equal(plan.arrival, null);
});

test("forced march adds half the daily points (R-3.5) and reaches the third hex", () => {
  const plan = planPath(force("hadewych"), [[3, 3], [4, 3], [5, 3]], ctx({ forcedMarch: true }));
  assert.equal(plan.available, 18);
  assert.equal(plan.reachedAll, true);
  assert.equal(plan.arrival, "afternoon");
  assert.deepEqual(plan.steps.map((s) => formatT(s.t)), ["1/3", "2/3", "1"]);
});

test("saved points count; night troops do not move by day (R-2.2, R-3.3)", () => {
  const h = force("hadewych");
  h.saved_points = 6;
  assert.equal(availablePoints(h, ctx()), 18);
  const skoll = force("skoll");
  assert.equal(movesAtNight(skoll, ruleset), true);
  assert.equal(availablePoints(skoll, ctx()), 0);
  const plan = planPath(skoll, [[5, 5], [4, 5]], ctx({ period: "night" }));
  assert.equal(plan.available, 12);  // the troll paces the wolf riders
  assert.deepEqual(plan.steps.map((s) => s.halfPeriod), ["evening", "night"]);
});

test("a forest step leaves mixed forces unformed; a known enemy hex is flagged", () => {
  const h = force("hadewych"); // has knights: not all infantry
  h.hex = [1, 4];
  const plan = planPath(h, [[0, 4]], ctx({ knownEnemyHexes: new Set(["0,4"]) }));
  assert.equal(plan.steps[0].cost, 9);
  assert.equal(plan.steps[0].unformed, true);
  assert.equal(plan.steps[0].knownEnemy, true);
});

test("an impossible step stops the plan there", () => {
  const plan = planPath(force("hadewych"), [[3, 3], [5, 3]], ctx());
  assert.equal(plan.steps[1].cost, null);
  assert.equal(plan.steps[1].reached, false);
  assert.equal(plan.total, 6);
});
