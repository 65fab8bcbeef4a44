import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash, createHmac } from "node:crypto";
import { emptyReport, reportProblems, toAnswer, thirdLost } from "../out/logic/battle-report.js";
import { sha256Hex, hmacSha256Hex } from "../out/logic/sha256.js";
import { Mt19937_64, checkAllRolls, checkSeenRolls, seedMatchesHash, boundedRoll, diceSeed, companionPipDice, rollFromDerived, checkStreamRolls, streamDiceKey, DerivedStream } from "../out/logic/dice-log.js";
import { formatRemaining, remainingMs, urgency } from "../out/logic/countdown.js";
import { knownEnemies, positionsFromEvents, describeSize } from "../out/logic/knowledge.js";
import { clickPath, orderToWire, emptyOrder, moveRegiment } from "../out/logic/orders.js";

const record = {
  id: "1.day.1",
  attacker: { side: "raiders", forces: ["aeskrvald"], regiments: [{ force: "aeskrvald", regiment: "ae1", figures: 20, elements: 20 }], starting_elements: 20, starting_figures: 20 },
  defender: { side: "realm", forces: ["hadewych"], regiments: [{ force: "hadewych", regiment: "ha1", figures: 40, elements: 40 }], starting_elements: 40, starting_figures: 40 },
};

test("a battle report starts empty and reads like docs/decisions.md", () => {
  const r = emptyReport(record);
  r.attacker.losses[0].elements = 7;
  r.attacker.claimed = "defeated";
  r.bounds = 3;
  assert.deepEqual(reportProblems(record, r), []);
  assert.equal(thirdLost(record.attacker, r.attacker), true);
  assert.deepEqual(toAnswer(r), {
    attacker: { losses: [{ regiment: "ae1", elements: 7 }], figures_off_in_good_order: 0, figures_routed_off: 0, camp_lost: false, general_lost: false, claimed: "defeated" },
    defender: { losses: [], figures_off_in_good_order: 0, figures_routed_off: 0, camp_lost: false, general_lost: false },
    bounds: 3, time_limit_reached: false,
  });
  r.defender.losses[0].elements = 41;
  r.defender.figures_routed_off = 50;
  assert.equal(reportProblems(record, r).length, 2);
  const limited = { ...record, time_limit: 4 };
  const t = emptyReport(limited);
  t.bounds = 5;
  assert.match(reportProblems(limited, t)[0], /time limit is 4 bounds/);
  t.bounds = 3; t.time_limit_reached = true;
  assert.match(reportProblems(limited, t)[0], /reached in bound 4/);
});

test("SHA-256 agrees with node:crypto", () => {
  for (const s of ["", "abc", "x".repeat(200), "8c1d" + "0".repeat(60)])
    assert.equal(sha256Hex(s), createHash("sha256").update(s).digest("hex"));
});

test("mt19937_64 matches the C++ standard's 10000th output for the default seed", () => {
  const e = new Mt19937_64(5489n);
  let x = 0n;
  for (let i = 0; i < 10000; i++) x = e.next();
  assert.equal(x, 9981545732273789042n);
});

test("rolls re-derive from a seed: all in order for the GM, a subsequence for a player", () => {
  const seed = "0123456789abcdef" + "0".repeat(48);
  assert.equal(diceSeed(seed), 0x0123456789abcdefn);
  assert.equal(seedMatchesHash(seed, createHash("sha256").update(seed).digest("hex")), true);
  const e = new Mt19937_64(diceSeed(seed));
  const rolls = Array.from({ length: 12 }, () => ({ die: "d6", value: boundedRoll(e, 6) }));
  assert.ok(checkAllRolls(seed, rolls).every((c) => c.ok));
  const seen = [rolls[2], rolls[7], rolls[11]];
  assert.ok(checkSeenRolls(seed, seen).every((c) => c.ok));
  const forged = [{ ...rolls[0], value: (rolls[0].value % 6) + 1 }, ...rolls.slice(1)];
  assert.equal(checkAllRolls(seed, forged)[0].ok, false);
});

test("deadline countdowns", () => {
  const now = Date.parse("2025-03-01T09:00:00Z");
  assert.equal(formatRemaining(remainingMs("2025-03-01T11:05:00Z", now)), "2 h 05 min left");
  assert.equal(formatRemaining(remainingMs("2025-03-03T10:00:00Z", now)), "2 d 1 h left");
  assert.equal(formatRemaining(remainingMs("2025-03-01T09:00:42Z", now)), "42 s left");
  assert.equal(formatRemaining(remainingMs("2025-03-01T08:00:00Z", now)), "deadline passed");
  assert.equal(formatRemaining(remainingMs(null, now)), "no deadline");
  assert.equal(urgency(remainingMs("2025-03-01T09:10:00Z", now)), "urgent");
});

test("known enemies: facts with estimate ranges and age, positions from contacts and scouts", () => {
  const facts = [
    { about: "ingegerd", kind: "contact_intel", source: "contact 1.day.1", period: 0,
      value: { aware: true, force: "ingegerd", score: 4, size: { estimate: 24, accuracy_percent: 25 }, composition: { types: ["light_horse", "spearmen"] } } },
    { about: "thorgrim", kind: "scout_report", source: "scout 1.day.hadewych", period: 1, value: { hex: [6, 1], size: { estimate: 30, accuracy_percent: 50 } } },
  ];
  const positions = positionsFromEvents([{ period: 0, event: { type: "contact", forces: ["hadewych", "ingegerd"], hexes: [[4, 3], [5, 2]] } }], new Set(["hadewych"]));
  const known = knownEnemies(facts, positions, 2);
  assert.equal(known.length, 2);
  assert.deepEqual(known[0].hex, [5, 2]);
  assert.equal(known[0].size, "about 24 (19–32, ±25%)"); // 24 ÷ 1.25 = 19.2, 24 ÷ 0.75 = 32
  assert.equal(known[0].composition, "light horse and spearmen");
  assert.equal(known[0].age, "2 periods ago");
  assert.deepEqual(known[1].hex, [6, 1]);
  assert.equal(known[1].age, "1 period ago");
  assert.equal(describeSize({ exact: 40 }), "40 figures (exact)");
});

test("plotting a path by clicks; the wire form of an order", () => {
  let p = clickPath([2, 3], [], [3, 3]);
  p = clickPath([2, 3], p, [4, 3]);
  assert.deepEqual(p, [[3, 3], [4, 3]]);
  assert.equal(clickPath([2, 3], p, [9, 9]), null);
  assert.deepEqual(clickPath([2, 3], p, [4, 3]), [[3, 3]]);
  assert.deepEqual(clickPath([2, 3], p, [3, 3]), [[3, 3]]);
  assert.deepEqual(clickPath([2, 3], p, [2, 3]), []);
  const o = { ...emptyOrder("hadewych"), path: p, forced_march: true, regiments: moveRegiment(["ha1", "ha2"], 1, -1) };
  assert.deepEqual(orderToWire(o), { force: "hadewych", path: [[3, 3], [4, 3]], forced_march: true, regiments: ["ha2", "ha1"] });
  assert.deepEqual(orderToWire({ ...o, hold: true }), { force: "hadewych", hold: true, regiments: ["ha2", "ha1"] });
});

test("companion PIP dice come from SHA-256(seed:companion:battle)", () => {
  const seed = "ab".repeat(32);
  const derived = createHash("sha256").update(`${seed}:companion:1.day.1`).digest("hex");
  const e = new Mt19937_64(BigInt("0x" + derived.slice(0, 16)));
  assert.deepEqual(companionPipDice(seed, "1.day.1", 4), [1, 2, 3, 4].map(() => boundedRoll(e, 6)));
});

test("dice streams: HMAC agrees with node:crypto and a roll is its derived seed's value, as the engine computes it", () => {
  for (const [key, data] of [["k", "s"], ["a".repeat(64), "/contact:morning:a,b,|contact die|#1"], ["x".repeat(100), ""]])
    assert.equal(hmacSha256Hex(key, data), createHmac("sha256", key).update(data).digest("hex"));
  // The golden pair of tests/rules/dice_streams_test.cpp.
  assert.equal(hmacSha256Hex("k", "s"), "a754f4059b0a4c0a4abf6568ea186538b7f2dc236ba3cdfd92492e37f066fe8d");
  const golden = new DerivedStream(hmacSha256Hex("k", "s"));
  assert.deepEqual(Array.from({ length: 8 }, () => golden.roll(6)), [3, 2, 6, 4, 6, 5, 4, 4]);
  assert.equal(rollFromDerived(hmacSha256Hex("k", "s"), 6), 3);
  // A GM (with the seed) and a player (with the derived seeds) check the same rolls, stream by
  // stream in order (a stream past its first block of four words too); a changed value or a
  // derived seed that does not come from the seed is caught.
  const seed = "3".repeat(64);
  const key = streamDiceKey(seed);
  const names = ["|scout|force=\"a\";", "/contact:morning:a,b,|shuffle terrain cards|"];
  const streams = names.map((n) => new DerivedStream(hmacSha256Hex(key, n)));
  const rolls = [];
  for (let i = 0; i < 12; i++) {
    const sides = 20 - i;
    rolls.push({ die: `d${sides}`, stream: names[i % 2], value: streams[i % 2].roll(sides) });
  }
  const seeds = Object.fromEntries(names.map((n) => [n, hmacSha256Hex(key, n)]));
  assert.ok(checkStreamRolls(seeds, rolls).every((c) => c.ok));
  assert.ok(checkStreamRolls(seeds, rolls, seed).every((c) => c.ok));
  const changed = rolls.map((r, i) => (i === 9 ? { ...r, value: r.value % 11 + 1 } : r));
  assert.deepEqual(checkStreamRolls(seeds, changed).map((c) => c.ok), rolls.map((_, i) => i !== 9));
  const forged = { ...seeds, [names[1]]: hmacSha256Hex("another key", names[1]) };
  assert.equal(checkStreamRolls(forged, rolls, seed)[1].ok, false);
  assert.equal(checkStreamRolls(forged, rolls, seed)[0].ok, true);
});
