// The band of a size estimate: the true size is estimate ÷ (1 ± p), each end
// rounded half up to whole figures; at p ≥ 100% there is no upper bound.
import { test } from "node:test";
import assert from "node:assert/strict";
import { bandText, estimateBand } from "../out/logic/estimate-band.js";
import { describeSize } from "../out/logic/knowledge.js";
import { eventText } from "../out/logic/event-text.js";

test("the band is estimate ÷ (1 ± p), not estimate × (1 ± p)", () => {
  assert.deepEqual(estimateBand(24, 25), { low: 19, high: 32 });   // 19.2, 32 (not 18–30)
  assert.deepEqual(estimateBand(30, 50), { low: 20, high: 60 });   // 20, 60 (not 15–45)
  assert.deepEqual(estimateBand(40, 10), { low: 36, high: 44 });   // 36.36…, 44.44…
  assert.deepEqual(estimateBand(0, 50), { low: 0, high: 0 });
});

test("every true size the engine can turn into the estimate lies in the band", () => {
  // The engine: estimate = true × (100 + e) / 100, rounded half up, e between −p and +p.
  const halfUp = (n, d) => Math.floor((2 * n + d) / (2 * d));
  for (const p of [10, 25, 50])
    for (let truth = 1; truth <= 200; truth++)
      for (const e of [-p, -p / 2, 0, p / 2, p]) {
        const estimate = halfUp(truth * (100 + e) * 2, 200);
        const { low, high } = estimateBand(estimate, p);
        // Each end is rounded to whole figures: the truth is within one figure of the band.
        assert.ok(truth >= low - 1 && truth <= high + 1, `truth ${truth}, e ${e}%: estimate ${estimate}, band ${low}–${high}`);
      }
});

test("ends are rounded half up to whole figures", () => {
  assert.equal(estimateBand(10, 20).high, 13);  // 10 ÷ 0.8 = 12.5 → 13
  assert.equal(estimateBand(10, 20).low, 8);    // 10 ÷ 1.2 = 8.33… → 8
  assert.equal(estimateBand(5, 25).low, 4);     // 5 ÷ 1.25 = 4
  assert.equal(estimateBand(7, 40).low, 5);     // 7 ÷ 1.4 = 5
  assert.equal(estimateBand(11, 10).low, 10);   // 11 ÷ 1.1 = 10 (not 9.999…)
  assert.equal(estimateBand(9, 10).high, 10);   // 9 ÷ 0.9 = 10 (not 10.000…1)
  assert.equal(estimateBand(3, 50).low, 2);     // 3 ÷ 1.5 = 2
  assert.equal(estimateBand(5, 60).low, 3);     // 5 ÷ 1.6 = 3.125 → 3
  assert.equal(estimateBand(13, 60).low, 8);    // 13 ÷ 1.6 = 8.125 → 8
  assert.equal(estimateBand(12.5, 25).low, 10); // a fractional estimate still rounds half up
});

test("at an accuracy of 100% or more there is no upper bound", () => {
  assert.deepEqual(estimateBand(24, 100), { low: 12, high: null });
  assert.deepEqual(estimateBand(30, 150), { low: 12, high: null });
  assert.equal(bandText(estimateBand(24, 100)), "12 or more");
  assert.equal(describeSize({ estimate: 24, accuracy_percent: 100 }), "about 24 (12 or more, ±100%)");
});

test("no accuracy, or a nonsense one, is the estimate alone", () => {
  assert.deepEqual(estimateBand(24, 0), { low: 24, high: 24 });
  assert.deepEqual(estimateBand(24, -5), { low: 24, high: 24 });
  assert.deepEqual(estimateBand(24, Number.NaN), { low: 24, high: 24 });
  assert.deepEqual(estimateBand(-3, 25), { low: 0, high: 0 });
  assert.equal(describeSize({ estimate: 24, accuracy_percent: 0 }), "about 24");
  assert.equal(describeSize({ estimate: 24 }), "about 24");
});

test("where the client shows an estimate it shows the ÷ band", () => {
  assert.equal(describeSize({ estimate: 24, accuracy_percent: 25 }), "about 24 (19–32, ±25%)");
  assert.equal(describeSize({ estimate: 30, accuracy_percent: 50 }), "about 30 (20–60, ±50%)");
  assert.equal(bandText(estimateBand(30, 50)), "20–60");
  const intel = eventText({ type: "intelligence", contact: "c1", receiver: "hadewych",
    fact: { force: "ingegerd", aware: true, score: 4, size: { estimate: 24, accuracy_percent: 25 } } });
  assert.match(intel, /^hadewych learns of ingegerd \(contact c1\): aware of it, score 4, size about 24 \(19–32, ±25%\)$/);
  assert.doesNotMatch(intel, /accuracy_percent/);
  const scout = eventText({ type: "scout_result", scout: "1.day.hadewych", force: "hadewych", target: [6, 1], result: "success",
    accuracy_percent: 50, reports: [{ force: "thorgrim", hex: [6, 1], size: { estimate: 30, accuracy_percent: 50 } }] });
  assert.equal(scout, "Scout 1.day.hadewych of hadewych at (6, 1): success — finds thorgrim at (6, 1), size about 30 (20–60, ±50%)");
});
