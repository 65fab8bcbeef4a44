import { test } from "node:test";
import assert from "node:assert/strict";
import { applyPatch, PatchError } from "../out/logic/json-patch.js";
import { ViewStore } from "../out/logic/view-store.js";

test("RFC 6902 operations, without touching the original", () => {
  const doc = { a: [1, 2], b: { c: "x" } };
  const out = applyPatch(doc, [
    { op: "add", path: "/a/1", value: 9 },
    { op: "add", path: "/a/-", value: 3 },
    { op: "replace", path: "/b/c", value: "y" },
    { op: "add", path: "/b/d~1e", value: true },
    { op: "move", from: "/b/c", path: "/moved" },
    { op: "copy", from: "/a/0", path: "/first" },
    { op: "remove", path: "/a/0" },
    { op: "test", path: "/first", value: 1 },
  ]);
  assert.deepEqual(out, { a: [9, 2, 3], b: { "d/e": true }, moved: "y", first: 1 });
  assert.deepEqual(doc, { a: [1, 2], b: { c: "x" } });
});

test("bad patches throw PatchError", () => {
  assert.throws(() => applyPatch({}, [{ op: "remove", path: "/x" }]), PatchError);
  assert.throws(() => applyPatch({ a: 1 }, [{ op: "test", path: "/a", value: 2 }]), PatchError);
  assert.throws(() => applyPatch({ a: [] }, [{ op: "replace", path: "/a/0", value: 2 }]), PatchError);
});

test("the view store applies deltas in version order and asks for a snapshot on a gap", () => {
  const s = new ViewStore();
  s.snapshot("raid", 1, { order_flags: [{ player: "anna", state: "none" }] });
  assert.equal(s.delta("raid", 2, [{ op: "replace", path: "/order_flags/0/state", value: "draft" }]), "applied");
  assert.equal(s.view.order_flags[0].state, "draft");
  assert.equal(s.delta("raid", 2, []), "applied");     // a repeat changes nothing
  assert.equal(s.delta("raid", 4, []), "resync");      // a gap
  assert.equal(s.delta("other", 3, []), "resync");
  assert.equal(s.delta("raid", 3, [{ op: "remove", path: "/nothing" }]), "resync");
  assert.equal(s.version, 2);
});
