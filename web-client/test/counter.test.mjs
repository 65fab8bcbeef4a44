// Map counters (issue 31): the strength as the viewer knows it — one's own exact, an enemy's
// latest estimate as its ÷ band, "?" when unknown — and the arm glyph from troop classes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { armOfClasses, armOfComposition, armOfTypes, exactStrength, knownStrength } from "../out/logic/counter.js";
import { ruleset, force } from "./fixtures.mjs";

test("own forces: the exact figures", () => {
  assert.deepEqual(exactStrength(49), { label: "49", words: "49 figures" });
  assert.deepEqual(knownStrength({ exact: 40 }), { label: "40", words: "40 figures (exact)" });
  assert.deepEqual(knownStrength({ exact: 40 }, "assault regiment"), { label: "40", words: "assault regiment 40 figures (exact)" });
});

test("enemy estimates: the band on the map, the estimate and its band in words", () => {
  // 24 at ±25%: the true size is 24 ÷ 1.25 … 24 ÷ 0.75 = 19–32 (logic/estimate-band.ts).
  assert.deepEqual(knownStrength({ estimate: 24, accuracy_percent: 25 }), { label: "19–32", words: "about 24 (19–32, ±25%)" });
  assert.deepEqual(knownStrength({ estimate: 24, accuracy_percent: 25 }, "assault regiment"),
    { label: "19–32", words: "assault regiment about 24 (19–32, ±25%)" });
  assert.deepEqual(knownStrength({ estimate: 30, accuracy_percent: 50 }), { label: "20–60", words: "about 30 (20–60, ±50%)" });
  // No upper bound at ±100% or more; no accuracy: the estimate alone.
  assert.deepEqual(knownStrength({ estimate: 24, accuracy_percent: 100 }), { label: "12+", words: "about 24 (12 or more, ±100%)" });
  assert.deepEqual(knownStrength({ estimate: 25 }), { label: "~25", words: "about 25" });
  assert.equal(knownStrength({ estimate: 1, accuracy_percent: 10 }).label, "~1");  // a band of one figure
});

test("nothing known: a question mark", () => {
  for (const size of [null, undefined, "big", {}, { estimate: "24" }])
    assert.deepEqual(knownStrength(size), { label: "?", words: "strength unknown" });
});

test("the arm: one class for all, mixed or unknown none", () => {
  assert.equal(armOfClasses(["infantry", "infantry"]), "infantry");
  assert.equal(armOfClasses(["cavalry"]), "cavalry");
  assert.equal(armOfClasses(["artillery", "artillery"]), "artillery");
  assert.equal(armOfClasses(["infantry", "cavalry"]), null);
  assert.equal(armOfClasses(["creature"]), null);
  assert.equal(armOfClasses([]), null);
  assert.equal(armOfClasses([undefined]), null);
  const types = (id) => force(id).regiments.flatMap((r) => r.companies.map((c) => c.type));
  assert.equal(armOfTypes(types("anselm"), ruleset), "infantry");     // spearmen, hero, archers
  assert.equal(armOfTypes(types("hadewych"), ruleset), null);         // knights among them
  assert.equal(armOfTypes(["knights", "light_horse"], ruleset), "cavalry");
  assert.equal(armOfTypes(["spearmen", "no_such_type"], ruleset), null);
  assert.equal(armOfTypes(["spearmen"], null), null);                 // no ruleset yet
});

test("the arm a knowledge fact's composition tells", () => {
  assert.equal(armOfComposition({ class: "cavalry" }, ruleset), "cavalry");
  assert.equal(armOfComposition({ class: "creature" }, ruleset), null);
  assert.equal(armOfComposition({ types: ["light_horse", "spearmen"] }, ruleset), null);
  assert.equal(armOfComposition({ types: ["warband", "archers"] }, ruleset), "infantry");
  assert.equal(armOfComposition({ companies: [{ type: "knights", share_percent: 70 }, { type: "light_horse", share_percent: 30 }] }, ruleset), "cavalry");
  assert.equal(armOfComposition(null, ruleset), null);
  assert.equal(armOfComposition("infantry", ruleset), null);
});

test("a known enemy carries its newest size and composition as the facts gave them", async () => {
  const { knownEnemies } = await import("../out/logic/knowledge.js");
  const facts = [
    { about: "ingegerd", kind: "contact_intel", source: "contact 1.day.1", period: 0,
      value: { aware: true, size: { estimate: 24, accuracy_percent: 25 }, composition: { class: "cavalry" } } },
    { about: "thorgrim", kind: "scout_report", source: "scout", period: 1, value: { hex: [6, 1], size: { estimate: 30, accuracy_percent: 50 } } },
    { about: "thorgrim", kind: "scout_report", source: "scout", period: 2, value: { hex: [6, 2] } },
  ];
  const [ingegerd, thorgrim] = knownEnemies(facts, new Map(), 2);
  assert.deepEqual([ingegerd.sizeFact, ingegerd.sizeKind, ingegerd.compositionFact], [{ estimate: 24, accuracy_percent: 25 }, "contact_intel", { class: "cavalry" }]);
  assert.deepEqual([thorgrim.sizeFact, thorgrim.sizeKind, thorgrim.compositionFact], [{ estimate: 30, accuracy_percent: 50 }, "scout_report", null]);
  assert.equal(knownStrength(thorgrim.sizeFact).label, "20–60");
  assert.equal(knownStrength(null).label, "?");
});
