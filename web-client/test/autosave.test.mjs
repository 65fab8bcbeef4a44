// The autosave of orders (issue 31, "never lose work"): a draft saved about 2 s after the last
// edit, one request at a time, never over submitted or confirmed orders, a refusal keeping the
// edits and saying why; driven here by a fake clock and a fake server.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Autosave, refusalText, saveStatusText } from "../out/logic/autosave.js";

const tick = () => new Promise((r) => setImmediate(r));

// A fake host: timers run when the clock is advanced; each save waits until the test answers it.
function harness({ stored = true } = {}) {
  let now = 0;
  let timers = [];
  const saves = [];
  const h = {
    stored,  // true, or the state that forbids saving
    saves,
    statuses: [],
    host: {
      delayMs: 2000,
      canSave: () => h.stored,
      save: () => new Promise((resolve, reject) => saves.push({ resolve, reject })),
      setTimer: (fn, ms) => { const t = { fn, at: now + ms }; timers.push(t); return t; },
      clearTimer: (t) => { timers = timers.filter((x) => x !== t); },
      now: () => now,
    },
    async advance(ms) {
      now += ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= now);
        if (!due.length) break;
        timers = timers.filter((t) => !due.includes(t));
        for (const t of due) t.fn();
      }
      await tick();
    },
    async answer(i, error) {
      if (error) saves[i].reject(error); else saves[i].resolve();
      await tick(); await tick();
    },
  };
  h.auto = new Autosave(h.host);
  h.auto.subscribe((s) => h.statuses.push(s.kind));
  return h;
}

test("a draft is saved once the edits pause for 2 s, not on each edit", async () => {
  const h = harness();
  h.auto.edited();
  assert.equal(h.auto.status.kind, "pending");
  await h.advance(1500);
  h.auto.edited();               // the pause starts again
  await h.advance(1500);
  assert.equal(h.saves.length, 0);
  await h.advance(600);
  assert.equal(h.saves.length, 1);
  assert.equal(h.auto.status.kind, "saving");
  assert.equal(h.auto.dirty, true);
  await h.answer(0);
  assert.equal(h.auto.dirty, false);
  assert.deepEqual(h.auto.status, { kind: "saved", at: 3600 });
  assert.deepEqual(h.statuses, ["pending", "pending", "saving", "saved"]);
});

test("never two saves at once: an edit during a save is saved after it returns", async () => {
  const h = harness();
  h.auto.edited();
  await h.advance(2000);
  assert.equal(h.saves.length, 1);
  h.auto.edited();               // while the first is on its way
  await h.advance(2000);         // its pause is over, but the first has not returned
  assert.equal(h.saves.length, 1);
  h.auto.flush();                // the page is hidden: still not a second request
  assert.equal(h.saves.length, 1);
  await h.answer(0);
  assert.equal(h.saves.length, 2, "saved again at once after the first returned");
  assert.equal(h.auto.dirty, true);
  await h.answer(1);
  assert.equal(h.auto.dirty, false);
  assert.equal(h.auto.status.kind, "saved");
});

test("an edit during a save whose pause is not over waits for its pause", async () => {
  const h = harness();
  h.auto.edited();
  await h.advance(2000);
  await h.advance(1000);
  h.auto.edited();
  await h.answer(0);
  assert.equal(h.saves.length, 1);
  assert.equal(h.auto.status.kind, "pending");
  await h.advance(2000);
  assert.equal(h.saves.length, 2);
});

test("hiding the page saves at once; with nothing unsaved it sends nothing", async () => {
  const h = harness();
  h.auto.flush();
  assert.equal(h.saves.length, 0);
  h.auto.edited();
  h.auto.flush();
  assert.equal(h.saves.length, 1);
  await h.answer(0);
  await h.advance(5000);
  assert.equal(h.saves.length, 1, "the pending timer was cancelled by the flush");
});

test("never over orders submitted or confirmed: the edits are kept and held", async () => {
  const h = harness({ stored: "submitted" });
  h.auto.edited();
  await h.advance(5000);
  h.auto.flush();
  assert.equal(h.saves.length, 0);
  assert.deepEqual(h.auto.status, { kind: "held", state: "submitted" });
  assert.equal(h.auto.dirty, true);
  assert.match(saveStatusText(h.auto.status, String), /Unsent changes: your submitted orders stand until you submit again/);
  // Submitted between the edit and its pause: still not saved.
  const g = harness();
  g.auto.edited();
  g.stored = "confirmed";
  await g.advance(2000);
  assert.equal(g.saves.length, 0);
  assert.equal(g.auto.status.kind, "held");
});

test("a refused draft keeps the edits, says why, and is not sent again until the next edit", async () => {
  const h = harness();
  h.auto.edited();
  await h.advance(2000);
  await h.answer(0, { code: "invalid_orders", message: "order 1: a forced march needs a path" });
  assert.deepEqual(h.auto.status, { kind: "refused", reason: "order 1: a forced march needs a path" });
  assert.equal(h.auto.dirty, true, "the edits are still unsaved, not thrown away");
  h.auto.flush();
  await h.advance(5000);
  assert.equal(h.saves.length, 1, "the same refused drafts are not sent again");
  h.auto.edited();
  await h.advance(2000);
  assert.equal(h.saves.length, 2);
  await h.answer(1);
  assert.equal(h.auto.status.kind, "saved");
});

test("a save not sent (offline) is tried again on retry()", async () => {
  const h = harness();
  h.auto.edited();
  await h.advance(2000);
  await h.answer(0, { code: "offline", message: "not connected to the server" });
  assert.equal(h.auto.status.kind, "failed");
  h.auto.retry();
  assert.equal(h.saves.length, 2);
  await h.answer(1);
  assert.equal(h.auto.status.kind, "saved");
  h.auto.retry();
  assert.equal(h.saves.length, 2, "nothing to retry once saved");
});

test("an explicit send waits for the autosave on its way, and the timer waits for it", async () => {
  const h = harness();
  h.auto.edited();
  await h.advance(2000);
  const order = [];
  const explicit = h.auto.alone(h.auto.generation, async () => { order.push("explicit"); return true; });
  await tick();
  assert.deepEqual(order, [], "the button's request waits for the autosave's reply");
  await h.answer(0);
  await explicit;
  assert.deepEqual(order, ["explicit"]);
  // Edited during an explicit send: the autosave waits for it, then saves.
  let finish;
  const second = h.auto.alone(h.auto.generation, () => new Promise((r) => { finish = r; }));
  await tick();
  h.auto.edited();
  await h.advance(3000);
  assert.equal(h.saves.length, 1, "no autosave beside an explicit send");
  finish(true);
  await second;
  assert.equal(h.auto.dirty, true, "an edit made during the send is still unsaved");
  await h.advance(2000);
  assert.equal(h.saves.length, 2);
});

test("an explicit save counts as saved; a reset forgets a reply still on its way", async () => {
  const h = harness();
  h.auto.edited();
  await h.auto.alone(h.auto.generation, async () => true);
  assert.equal(h.auto.dirty, false);
  assert.equal(h.auto.status.kind, "clean");
  await h.advance(5000);
  assert.equal(h.saves.length, 0, "nothing left to autosave");
  h.auto.edited();
  await h.advance(2000);
  h.auto.reset();                // a new period
  await h.answer(0, { code: "period_closed", message: "period 0 is not open" });
  assert.equal(h.auto.status.kind, "clean");
  assert.equal(h.auto.dirty, false);
});

test("the status in words", () => {
  const time = (ms) => new Date(ms).toISOString().slice(11, 16);
  assert.equal(saveStatusText({ kind: "clean" }, time), "");
  assert.equal(saveStatusText({ kind: "pending" }, time), "Unsaved changes…");
  assert.equal(saveStatusText({ kind: "saving" }, time), "Saving…");
  assert.equal(saveStatusText({ kind: "saved", at: Date.UTC(2025, 0, 1, 14, 5) }, time), "Draft saved at 14:05");
  assert.equal(saveStatusText({ kind: "refused", reason: "order 1 (Hadewych's army): path step 2 (5,3) is impassable (water)" }, time),
    "Draft not saved: order 1 (Hadewych's army): path step 2 (5,3) is impassable (water) — fix it or keep editing");
  assert.match(saveStatusText({ kind: "failed", reason: "not connected to the server" }, time), /^Draft not saved: not connected to the server/);
});

test("a refusal names the force of the order it means", () => {
  assert.equal(refusalText("order 2: a forced march needs a path", ["Hadewych's army", "Anselm's band"]), "order 2 (Anselm's band): a forced march needs a path");
  assert.equal(refusalText("order 3: x", ["a"]), "order 3: x");
  assert.equal(refusalText("period 0 is not open", ["a"]), "period 0 is not open");
});
