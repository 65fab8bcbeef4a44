import { test } from "node:test";
import assert from "node:assert/strict";
import { noticeText } from "../out/logic/notice-text.js";

test("a notice says what changed: minutes, the new deadline, the rollback's target", () => {
  const at = "2026-12-03T17:00:00.000Z";
  assert.equal(noticeText({ no: 1, kind: "extend", reason: "anna asked", at, details: { minutes: 120, due_at: "2026-12-04T19:00:00.000Z" } }, "UTC"),
    `Deadline extended (120 minutes added, deadline ${new Date("2026-12-04T19:00:00.000Z").toLocaleString(undefined, { timeZone: "UTC" })}): anna asked`);
  assert.equal(noticeText({ no: 2, kind: "rollback", reason: "a mistake", at, details: { to_period: 3, from_period: 5 } }), "Rolled back (back to period 3): a mistake");
  assert.equal(noticeText({ no: 3, kind: "pause", reason: "holiday", at, details: { remaining_minutes: 90 } }), "Paused (90 minutes left on the clock): holiday");
  assert.equal(noticeText({ no: 4, kind: "resume", reason: "", at }), "Resumed");
});

test("a world edit's notice names the viewer's own forces it changed, and a map change", () => {
  const at = "2026-12-04T17:00:00.000Z";
  assert.equal(noticeText({ no: 5, kind: "world_edit", reason: "lost in the storm", at, details: { forces: ["hadewych"], map_or_sides: false } }),
    "The GM edited the world (forces hadewych): lost in the storm");
  assert.equal(noticeText({ no: 6, kind: "world_edit", reason: "the bridge burnt", at, details: { forces: [], map_or_sides: true } }),
    "The GM edited the world (the map or the sides changed): the bridge burnt");
});
