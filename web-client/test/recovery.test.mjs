import { test } from "node:test";
import assert from "node:assert/strict";
import { recoveryPlan, largestFirstSplit, recoveryProblem, figuresAfter, describeSplit, companyName, recoveryIntro, recoverySentence } from "../out/logic/recovery.js";
import { answerWords } from "../out/logic/event-words.js";
import { choicesFor } from "../out/logic/decisions.js";
import { eventText } from "../out/logic/event-text.js";

// A recovery_choice request as docs/decisions.md describes it.
const request = (context) => ({
  id: "1.day.1.recovery-ha1.hadewych", player: "anna", force: "hadewych", kind: "recovery_choice",
  options: ["largest_first"], default: "largest_first",
  context: { contact: "1.day.1", hex: [4, 3], own_assault_figures: 28, may_rest: false, opponents: [], regiment: "ha1", ...context },
});
const req = request({ companies: [{ type: "spearmen", figures: 20, lost: 5 }, { type: "archers", figures: 8, lost: 2 }], recovered: 4, penalty: 2 });

test("the plan is the request's regiment, companies, recovered figures and penalty", () => {
  assert.deepEqual(recoveryPlan(req), { regiment: "ha1", companies: [{ type: "spearmen", figures: 20, lost: 5 }, { type: "archers", figures: 8, lost: 2 }], recovered: 4, penalty: 2 });
  const odd = recoveryPlan(request({ companies: [{ type: "hero", name: "Sigrun the Bold", figures: 1, lost: 0 }], recovered: 0, penalty: 0 }));
  assert.deepEqual(odd, { regiment: "ha1", companies: [{ type: "hero", name: "Sigrun the Bold", figures: 1, lost: 0 }], recovered: 0, penalty: 0 });
  assert.equal(companyName(odd.companies[0], 0), "Company 1 (Sigrun the Bold, hero)");
  assert.equal(companyName({ type: "light_horse", figures: 3, lost: 0 }, 1), "Company 2 (light horse)");
});

test("the default brings figures back to the largest companies first, then takes the penalty from the largest (as the server does)", () => {
  assert.deepEqual(largestFirstSplit(recoveryPlan(req)), { recovered: [4, 0], penalty: [2, 0] });
  // The largest company lost only 1: the rest go to the next largest.
  const spill = recoveryPlan(request({ companies: [{ type: "a", figures: 10, lost: 1 }, { type: "b", figures: 4, lost: 3 }], recovered: 3, penalty: 0 }));
  assert.deepEqual(largestFirstSplit(spill), { recovered: [1, 2], penalty: [0, 0] });
  // The penalty follows the sizes after recovery, ties by position, and spills over a company it empties.
  const ties = recoveryPlan(request({ companies: [{ type: "a", figures: 1, lost: 0 }, { type: "b", figures: 0, lost: 1 }], recovered: 1, penalty: 2 }));
  assert.deepEqual(largestFirstSplit(ties), { recovered: [0, 1], penalty: [1, 1] });
});

test("a split must place every recovered and penalty figure, within each company (R-8.7)", () => {
  const plan = recoveryPlan(req);
  assert.equal(recoveryProblem(plan, { recovered: [3, 1], penalty: [2, 0] }), null);
  assert.equal(recoveryProblem(plan, { recovered: [2, 2], penalty: [0, 2] }), null);
  assert.match(recoveryProblem(plan, { recovered: [1, 3], penalty: [2, 0] }), /Company 2 \(archers\) lost only 2/);
  assert.match(recoveryProblem(plan, { recovered: [3, 0], penalty: [2, 0] }), /brought back 4 figures: 3 placed/);
  assert.match(recoveryProblem(plan, { recovered: [3, 1], penalty: [1, 0] }), /penalty is 2 figures: 1 placed/);
  assert.match(recoveryProblem(plan, { recovered: [3, 1], penalty: [-1, 3] }), /whole numbers/);
  assert.match(recoveryProblem(plan, { recovered: [3.5, 0.5], penalty: [2, 0] }), /whole numbers/);
  assert.match(recoveryProblem(plan, { recovered: [4], penalty: [2] }), /each of the 2 companies/);
  const small = recoveryPlan(request({ companies: [{ type: "a", figures: 5, lost: 0 }, { type: "b", figures: 1, lost: 0 }], recovered: 0, penalty: 2 }));
  assert.match(recoveryProblem(small, { recovered: [0, 0], penalty: [0, 2] }), /Company 2 \(b\) would have only 1 figures/);
});

test("the companies after the split, and the split in words", () => {
  const plan = recoveryPlan(req);
  assert.deepEqual(figuresAfter(plan, { recovered: [2, 2], penalty: [0, 2] }), [22, 8]);
  assert.equal(describeSplit(plan, { recovered: [2, 2], penalty: [0, 2] }),
    "brings back 4 figures, 2 to company 1 (spearmen) and 2 to company 2 (archers), and takes the penalty of 2 figures from company 2 (archers)");
  assert.equal(describeSplit(plan, { recovered: [0, 0], penalty: [0, 0] }), "brings nothing back and pays no penalty");
  assert.equal(recoveryIntro(plan, "Hadewych's foot (ha1)"),
    "Hadewych's foot (ha1) lost 7 figures in the battle: the recovery dice bring back 4; losing the general or the camp costs 2 figures more (R-8.7). Choose which companies they come back to and which pay the penalty, or take the largest companies first.");
  const penaltyOnly = recoveryPlan(request({ companies: [{ type: "a", figures: 5, lost: 1 }, { type: "b", figures: 1, lost: 0 }], recovered: 0, penalty: 1 }));
  assert.match(recoveryIntro(penaltyOnly, "X"), /X lost 1 figure in the battle: the recovery dice bring none back; .* Choose which pay the penalty,/);
});

test("the default's button says what it would do to these companies", () => {
  const [c] = choicesFor(req);
  assert.equal(c.label, "Largest companies first");
  assert.equal(c.hint, "The default recovery: brings back 4 figures to company 1 (spearmen) and takes the penalty of 2 figures from company 1 (spearmen)");
});

test("the report says per company what came back and what the penalty took, in words", () => {
  const e = { type: "recovery_applied", audience: "player", battle: "b", force: "hadewych", regiment: "ha1", recovered: 1, recovered_by_company: [0, 1], penalty: 2, penalty_by_company: [1, 1] };
  assert.equal(eventText(e, () => "Hadewych's army"), "Hadewych's army: regiment ha1 recovers 1 figure (1 to company 2) and pays 2 figures in penalty (1 from company 1 and 1 from company 2)");
  assert.equal(eventText({ ...e, recovered: 0, recovered_by_company: [0, 0] }, () => "H"), "H: regiment ha1 recovers 0 figures and pays 2 figures in penalty (1 from company 1 and 1 from company 2)");
  assert.equal(eventText({ type: "recovery_applied", battle: "b", force: "hadewych", regiment: "ha1" }, () => "H"), "H: regiment ha1 recovers after the battle");
});

test("a recovery answer reads as a sentence, the same as the default's hint (issue 31)", () => {
  // Before: "recover 0, 1, penalty 1, 1 per company".
  assert.equal(answerWords({ recovered: [0, 1], penalty: [1, 1] }, "recovery_choice"),
    "brings back 1 figure to company 2 and takes the penalty of 2 figures, 1 from company 1 and 1 from company 2");
  assert.equal(answerWords({ recovered: [2, 1], penalty: [0, 2] }, "recovery_choice"),
    "brings back 3 figures, 2 to company 1 and 1 to company 2, and takes the penalty of 2 figures from company 2");
  assert.equal(answerWords({ recovered: [0, 0], penalty: [0, 1] }), "takes the penalty of 1 figure from company 2");
  assert.equal(answerWords({ recovered: [1, 0, 0] }), "brings back 1 figure to company 1");
  assert.equal(recoverySentence([0, 0], [0, 0]), "brings nothing back and pays no penalty");
  // The hint beside the default and the answer in the report are the one sentence: only the
  // companies' troops, known to the request, are added.
  const plan = recoveryPlan(req);
  assert.equal(describeSplit(plan, { recovered: [0, 4], penalty: [1, 1] }).replace(/ \((spearmen|archers)\)/g, ""), answerWords({ recovered: [0, 4], penalty: [1, 1] }));
});

test("the report's decision line has the recovery answer in words, as the player's own", () => {
  const e = { type: "decision", audience: "player", force: "hadewych", id: "1.day.1.recovery-ha1.hadewych", kind: "recovery_choice", by: "player",
    answer: { recovered: [0, 1], penalty: [1, 1] } };
  assert.equal(eventText(e, () => "Hadewych's army"),
    "Hadewych's army, recovery choice: brings back 1 figure to company 2 and takes the penalty of 2 figures, 1 from company 1 and 1 from company 2 — its player's answer");
});
