// Troop types and classes read as words wherever they reach the screen (issue 31): the shared
// helper, the compositions a contact tells (decisions, reports, the known-enemies table, counter
// titles), the forces list's companies, and the other codes a player was shown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { troopWords, companyWords, compositionWords } from "../out/logic/troop-words.js";
import { describeComposition, knownEnemies } from "../out/logic/knowledge.js";
import { contextLines, describeAnswer, opponentLine } from "../out/logic/decisions.js";
import { eventText } from "../out/logic/event-text.js";
import { companyName } from "../out/logic/recovery.js";
import { orderFlagWords } from "../out/logic/orders.js";
import { describeBattleReport } from "../out/logic/battle-report.js";
import { ruleset, scenario } from "./fixtures.mjs";

const code = /[a-z]_[a-z]/;  // an identifier with an underscore, as the ruleset writes them

test("a troop type or class code reads as words", () => {
  assert.equal(troopWords("light_horse"), "light horse");
  assert.equal(troopWords("wolf_riders"), "wolf riders");
  assert.equal(troopWords("cavalry"), "cavalry");
  assert.equal(troopWords(""), "troops of unknown type");
  assert.equal(troopWords(undefined), "troops of unknown type");
  // Every troop type and class of the shipped ruleset, and every company of the demo.
  for (const [type, t] of Object.entries(ruleset.troop_types)) {
    assert.doesNotMatch(troopWords(type), code, type);
    assert.doesNotMatch(troopWords(t.class), code, t.class);
  }
  for (const f of scenario.forces) for (const r of f.regiments) for (const c of r.companies)
    assert.doesNotMatch(companyWords(c), code, JSON.stringify(c));
});

test("a company in words: figures of a type, a share, a name", () => {
  assert.equal(companyWords({ type: "light_horse", figures: 16 }), "16 figures of light horse");
  assert.equal(companyWords({ type: "hero", figures: 1, name: "Sigrun the Bold" }), "Sigrun the Bold (1 figure of hero)");
  assert.equal(companyWords({ type: "light_horse", share_percent: 73 }), "73% light horse");
  assert.equal(companyWords({ type: "wolf_riders" }), "wolf riders");
  assert.equal(companyName({ type: "light_horse", figures: 16, lost: 2 }, 0), "Company 1 (light horse)");
});

test("each composition a contact score gives reads as words (R-6.3)", () => {
  assert.equal(compositionWords({ class: "cavalry" }), "mainly cavalry");
  assert.equal(compositionWords({ types: ["light_horse", "spearmen"] }), "light horse and spearmen");
  assert.equal(compositionWords({ companies: [{ type: "light_horse", share_percent: 73 }, { type: "spearmen", share_percent: 27 }] }), "73% light horse and 27% spearmen");
  assert.equal(compositionWords({ companies: [{ type: "light_horse", figures: 16 }, { type: "spearmen", figures: 6 }] }), "16 figures of light horse and 6 figures of spearmen");
  assert.equal(compositionWords({ classes: ["infantry", "wolf_riders"] }), "infantry and wolf riders");
  assert.equal(compositionWords({ something: 1 }), null);
  assert.equal(describeComposition({ companies: [{ type: "wolf_riders", figures: 12, name: "Skoll's own" }] }), "Skoll's own (12 figures of wolf riders)");
  assert.equal(describeComposition(null), "unknown");
});

test("a contact decision tells the opponent's troops in words, not codes", () => {
  const o = { force: "ingegerd", hex: [5, 2], known: { score: 6, aware: true, size: { exact: 22 }, composition: { companies: [{ type: "light_horse", figures: 16 }, { type: "spearmen", figures: 6 }] } } };
  // Before: "… composition light_horse 16, spearmen 6".
  assert.equal(opponentLine(o), "Opponent ingegerd at (5, 2): assault regiment 22 figures (exact), composition 16 figures of light horse and 6 figures of spearmen");
  const lines = contextLines({ id: "x", player: "ingrid", force: "ingegerd", kind: "maneuver", options: [true, false], default: false,
    context: { contact: "1.day.1", hex: [4, 2], own_assault_figures: 30, may_rest: false, opponents: [o], disengaging: "hadewych", operation: "evade" } });
  assert.ok(lines.includes("Disengaging: hadewych (evade)"), lines.join("\n"));
  for (const l of lines) assert.doesNotMatch(l, code, l);
});

test("the known-enemies table and the counters' titles: the composition in words", () => {
  const facts = [{ about: "skoll", kind: "contact_intel", source: "contact 1.day.1", period: 0,
    value: { aware: true, score: 5, size: { estimate: 12, accuracy_percent: 10 }, composition: { companies: [{ type: "wolf_riders", share_percent: 100 }] } } }];
  const [skoll] = knownEnemies(facts, new Map(), 0);
  assert.equal(skoll.composition, "100% wolf riders");
});

test("a report's intelligence event tells the composition in words", () => {
  const text = eventText({ type: "intelligence", audience: "player", contact: "1.day.1", receiver: "hadewych",
    fact: { force: "ingegerd", score: 6, aware: true, size: { exact: 22 }, composition: { companies: [{ type: "light_horse", figures: 16 }] } } });
  assert.equal(text, "hadewych learns of ingegerd (contact 1.day.1): aware of it, score 6, size 22 figures (exact), composition 16 figures of light horse");
});

test("other codes a player was shown read as words", () => {
  assert.equal(describeAnswer("largest_first"), "Largest companies first");
  assert.equal(describeAnswer("some_new_answer"), "some new answer");
  assert.equal(orderFlagWords("none"), "no orders yet");
  assert.equal(orderFlagWords("some_state"), "some state");
  // A disputed battle shows the GM each side's report in words, never JSON.
  const report = { attacker: { losses: [{ regiment: "ha1", elements: 2 }, { regiment: "ha2", elements: 1 }], figures_off_in_good_order: 4, figures_routed_off: 0, camp_lost: false, general_lost: true, claimed: "won" },
    defender: { losses: [], figures_off_in_good_order: 0, figures_routed_off: 3, camp_lost: true, general_lost: false }, bounds: 6, time_limit_reached: true };
  assert.equal(describeBattleReport(report),
    "The attacker lost 3 elements (2 of ha1 and 1 of ha2), 4 figures off the table in good order, none routed off, the general lost; claims a win; " +
    "the defender lost 0 elements, no figures off the table in good order, 3 figures routed off, the camp lost; 6 bounds played, the time limit reached");
});
