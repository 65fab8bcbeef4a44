import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { eventText } from "../out/logic/event-text.js";

// Every event type of the catalogue (protocol/events.json), with every field, optional ones too,
// filled with a value of its declared type: each must read as words, never as JSON.
const catalogue = JSON.parse(readFileSync(new URL("../../protocol/events.json", import.meta.url)));

function sample(type, depth = 0) {
  const optional = type.endsWith("?");
  const t = optional ? type.slice(0, -1) : type;
  const list = /^list<(.+)>$/.exec(t);
  if (list) return [sample(list[1], depth + 1), sample(list[1], depth + 1)];
  switch (t) {
    case "string": return "some_value";
    case "integer": return 3;
    case "boolean": return true;
    case "hex": return [4, 5];
    case "fraction": return "1/2";
    case "modifiers": return { formed: 2, supported: 1 };
    case "object": return { terrain: -1, general: { present: 1 } };
    case "any": return { action: "avoid", hex: [3, 3] };
    // The values the server's edge writes (protocol/events.json, field_types).
    case "answer": return { action: "avoid", hex: [3, 3] };
    case "battle_record": return { terrain: -1, general: { present: 1 } };
    case "battle_report": return { terrain: -1, general: { present: 1 } };
    case "battle_sides": return { north: ["n1", "n2"], south: ["s1"] };
  }
  const shape = catalogue.shapes[t];
  assert.ok(shape, `unknown field type ${t}`);
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, sample(v, depth + 1)]));
}

for (const [type, spec] of Object.entries(catalogue.events)) {
  test(`${type} reads as words`, () => {
    const event = { type, audience: "all" };
    for (const [field, type] of Object.entries(spec.fields)) event[field] = sample(type);
    const text = eventText(event);
    assert.doesNotMatch(text, /[{}"]|\[object|undefined|NaN/, text);
    assert.notEqual(text, type.replace(/_/g, " "), `${type} has no sentence of its own`);
    assert.ok(text.length > 12, text);
    // As a player who is not the force's owner reads it: the private fields stripped.
    for (const field of spec.private ?? []) delete event[field];
    assert.doesNotMatch(eventText(event), /[{}"]|\[object|undefined|NaN/, `${type} without its private fields`);
  });
}

test("forces are named as the viewer knows them", () => {
  const text = eventText({ type: "force_halted", audience: "all", force: "hadewych", hex: [1, 2], reason: "enemy_adjacent" },
    (id) => (id === "hadewych" ? "Hadewych's army" : id));
  assert.equal(text, "Hadewych's army halts at (1, 2): enemy adjacent");
});

test("a decision's answer is told in words", () => {
  const base = { type: "decision", audience: "all", force: "f", id: "x", kind: "contact_window", window: "before_contact", by: "standing_instruction" };
  assert.match(eventText({ ...base, answer: { action: "avoid", hex: [3, 3] } }), /Avoid.* to \(3, 3\) — standing instruction$/);
  assert.match(eventText({ ...base, answer: [2, 2], kind: "loss_allocation" }), /: takes the losses of 4 figures, 2 from company 1 and 2 from company 2 — /);
  assert.match(eventText({ ...base, answer: true, kind: "pursuit" }), /: Yes/);
});
