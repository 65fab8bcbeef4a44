import { test } from "node:test";
import assert from "node:assert/strict";
import { byPeriod, heading, merge, nameOf, policyText, recipients, sendProblem } from "../out/logic/press.js";

const world = { players: [{ id: "anna", name: "Anna", side: "realm" }, { id: "ingrid", name: "Ingrid", side: "raiders" }, { id: "sven", name: "Sven", side: "raiders" }] };
const anna = { role: "player", player: "anna" };
const gm = { role: "gm", player: "" };
const observer = { role: "observer", player: "" };
const msg = (id, from, to, period = 1) => ({ id, period_index: period, from, to, gm_reads: false, text: "t", sent_at: "2026-12-05T10:00:00Z" });

test("names in words, from the viewer's side", () => {
  assert.equal(nameOf("anna", anna, world), "you");
  assert.equal(nameOf("ingrid", anna, world), "Ingrid");
  assert.equal(nameOf("gm", anna, world), "the GM");
  assert.equal(nameOf("gm", gm, world), "you (GM)");
  assert.equal(nameOf("olaf", anna, world), "olaf");
  assert.equal(heading(msg("1", "anna", ["ingrid", "sven", "gm"]), anna, world), "You to Ingrid, Sven and the GM");
  assert.equal(heading(msg("1", "gm", ["all"]), anna, world), "The GM to everyone");
});

test("whom one may write to follows the setting", () => {
  assert.deepEqual(recipients("private", anna, world), ["all", "gm", "ingrid", "sven"]);
  assert.deepEqual(recipients("off", anna, world), ["gm"]);
  assert.deepEqual(recipients("off", gm, world), ["all", "anna", "ingrid", "sven"]);
  assert.deepEqual(recipients("private", observer, world), []);
  assert.match(policyText("gm_reads", anna), /GM reads every message/);
  assert.match(policyText("off", anna), /off/);
  assert.match(policyText(undefined, anna), /read by you and those you write to/);
});

test("messages come once each, in the server's order, grouped by period", () => {
  const list = [msg("a", "anna", ["all"], 1), msg("b", "gm", ["all"], 2)];
  const pushed = [msg("b", "gm", ["all"], 2), msg("c", "sven", ["anna"], 2)];
  const merged = merge(list, pushed);
  assert.deepEqual(merged.map((m) => m.id), ["a", "b", "c"]);
  assert.deepEqual(byPeriod(merged).map((g) => [g.period, g.messages.length]), [[1, 1], [2, 2]]);
});

test("a message is refused before it is sent when it cannot be", () => {
  assert.match(sendProblem([], "hi"), /whom/);
  assert.match(sendProblem(["gm"], "  \n"), /Write something/);
  assert.match(sendProblem(["gm"], "é".repeat(2001)), /4002 bytes/);
  assert.equal(sendProblem(["gm"], "hello"), "");
});
