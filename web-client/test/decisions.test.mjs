import { test } from "node:test";
import assert from "node:assert/strict";
import { choicesFor, decisionTitle, checkLossAllocation, contactOf, contextLines } from "../out/logic/decisions.js";
import { placementProblem, moveCell, rotate } from "../out/logic/card-grid.js";

const before = {
  id: "1.day.1.before.hadewych", player: "anna", force: "hadewych", kind: "contact_window",
  window: "before_contact", options: ["engage", "avoid", "delay"], default: "engage",
  context: { contact: "1.day.1", hex: [4, 3], may_rest: false, own_assault_figures: 40, opponents: [], avoid_hexes: [[3, 3], [3, 4]] },
};

test("a contact window offers each action; avoid once per target hex", () => {
  assert.equal(decisionTitle(before), "Contact before the contact dice");
  const c = choicesFor(before);
  assert.deepEqual(c.map((x) => x.label), ["Engage", "Avoid to (3, 3)", "Avoid to (3, 4)", "Delay"]);
  assert.deepEqual(c[1].value, { action: "avoid", hex: [3, 3] });
  assert.ok(contextLines(before).includes("May not rest"));
});

test("yes/no kinds and maneuver moves with their costs", () => {
  assert.deepEqual(choicesFor({ ...before, kind: "pursuit", options: [true, false], context: {} }).map((c) => c.label), ["Yes", "No"]);
  const mm = choicesFor({ ...before, kind: "maneuver_move", options: [[5, 2], false], context: { candidates: [{ hex: [5, 2], cost: 6 }] } });
  assert.deepEqual(mm.map((c) => c.label), ["Move to (5, 2), 6 points", "No"]);
});

test("loss allocation must sum to the losses and fit each company (R-7.4)", () => {
  const req = { ...before, kind: "loss_allocation", options: ["proportional"], context: { figures: 4, companies: [30, 2] } };
  assert.equal(checkLossAllocation(req, [2, 2]), null);
  assert.match(checkLossAllocation(req, [1, 2]), /add up to 4/);
  assert.match(checkLossAllocation(req, [1, 3]), /only 2/);
  assert.match(checkLossAllocation(req, [4]), /each of the 2/);
});

test("card placement: on the grid, a free cell, a right angle (R-6.6)", () => {
  const ctx = { columns: 6, rows: 4, placed: [{ card: "hill", column: 2, row: 0 }] };
  assert.equal(placementProblem(ctx, { column: 3, row: 0, rotation: 90 }), null);
  assert.match(placementProblem(ctx, { column: 2, row: 0, rotation: 0 }), /already holds hill/);
  // A card's code as words ("rough_ground"), on the grid as in the problem.
  assert.match(placementProblem({ ...ctx, placed: [{ card: "rough_ground", column: 1, row: 1 }] }, { column: 1, row: 1, rotation: 0 }), /already holds rough ground$/);
  assert.match(placementProblem(ctx, { column: 6, row: 0, rotation: 0 }), /off the 6 × 4/);
  assert.match(placementProblem(ctx, { column: 1, row: 1, rotation: 45 }), /rotation/);
  assert.deepEqual(moveCell(ctx, { column: 5, row: 3, rotation: 0 }, "ArrowRight"), { column: 5, row: 3, rotation: 0 });
  assert.deepEqual(moveCell(ctx, { column: 5, row: 3, rotation: 0 }, "ArrowUp"), { column: 5, row: 2, rotation: 0 });
  assert.equal(rotate(270), 0);
  assert.equal(rotate(0, false), 270);
});

test("a contact decision names each opponent, where it stands and what is known of it (issue 31)", () => {
  const req = { ...before, window: "after_contact_dice", context: { ...before.context, largest_estimated_opponent: 24,
    opponents: [
      { force: "ingegerd", hex: [5, 2], known: { score: 4, aware: true, size: { estimate: 24, accuracy_percent: 25 }, composition: { types: ["light_horse", "spearmen"] } } },
      { force: "skoll", hex: [5, 3], known: { score: 1, aware: false } },
      { force: "thorgrim", hex: [4, 4] }] } };
  const lines = contextLines(req);
  assert.ok(lines.includes("Opponent ingegerd at (5, 2): assault regiment about 24 (19–32, ±25%), composition light horse and spearmen"), lines.join("\n"));
  assert.ok(lines.includes("Opponent skoll at (5, 3): your commander is unaware of it (R-6.3: no evasion)"));
  assert.ok(lines.includes("Opponent thorgrim at (4, 4): not yet estimated (before the contact dice)"));
  assert.ok(!lines.some((l) => l.startsWith("Largest estimated")), "the bare estimate without its band is not shown beside the opponents");
});

test("each kind's context lines; only a contact's requests and a battle report show the contact on the map", () => {
  const contact = { contact: "1.day.1", hex: [4, 3], own_assault_figures: 40, may_rest: true, opponents: [] };
  const ask = (kind, context) => ({ ...before, kind, window: undefined, options: [true, false], default: false, context });
  assert.deepEqual(contextLines(ask("loss_allocation", { ...contact, figures: 4, companies: [30, 2] })),
    ["Contact 1.day.1", "At (4, 3)", "Own assault regiment: 40 figures", "Losses to allocate: 4 figures"]);
  assert.deepEqual(contextLines(ask("maneuver", { ...contact, disengaging: "skoll", operation: "withdraw", contact_score: 3 })),
    ["Contact 1.day.1", "At (4, 3)", "Own assault regiment: 40 figures", "Contact score: 3", "Disengaging: skoll (withdraw)"]);
  const support = ask("support_role", { contact: "1.day.1", supports: "hadewych", hex: [4, 4] });
  assert.deepEqual(contextLines(support), ["Contact 1.day.1", "At (4, 4)"]);
  assert.equal(contactOf(support), undefined);
  const cards = ask("card_placement", { contact: "1.day.1", card: "hill", placed: [], columns: 6, rows: 4 });
  assert.deepEqual(contextLines(cards), ["Contact 1.day.1"]);
  // A battle report's context holds the contact's members besides its documents; a dispute's does not.
  const report = ask("battle_report", { ...contact, battle: {}, role: "attacker", battlefield: [] });
  assert.equal(contactOf(report), report.context);
  assert.deepEqual(contextLines(report), ["Contact 1.day.1", "At (4, 3)", "Own assault regiment: 40 figures", "Your side is the attacker"]);
  const dispute = ask("battle_dispute", { contact: "1.day.1", battle: {}, reports: {} });
  assert.equal(contactOf(dispute), undefined);
  assert.deepEqual(contextLines(dispute), ["Contact 1.day.1"]);
  assert.equal(contactOf(before), before.context);
});
