import { test } from "node:test";
import assert from "node:assert/strict";
import { alertFor, clip, mayShow, notifyKey, notifyState, stateText } from "../out/logic/notify.js";

const world = {
  players: [{ id: "anna", name: "Anna", side: "realm" }, { id: "ingrid", name: "Ingrid", side: "raiders" }],
  forces: [{ id: "f1", name: "Hadewych's column", player: "anna" }],
};
const anna = { role: "player", player: "anna" };
const gm = { role: "gm", player: "" };
const observer = { role: "observer", player: "" };
const ctx = (me = anna, known = () => false) => ({ campaign: "raid", name: "The Raid", me, world, known });
const press = (from, to, text = "Meet at the mill", id = "1.x.p1") => ({ type: "press", campaign: "raid", message: { id, period_index: 1, from, to, gm_reads: false, text, sent_at: "2026-12-05T10:00:00Z" } });
const request = (player = "anna", id = "d1") => ({ type: "decision_request", campaign: "raid", request: { id, player, force: "f1", kind: "pursuit", options: [], default: null, context: {} } });

test("a new decision for the viewer notifies and opens the decisions tab", () => {
  const a = alertFor(request(), ctx());
  assert.equal(a.title, "The Raid: a decision for Hadewych's column");
  assert.equal(a.body, "Pursue?");
  assert.equal(a.tab, "decisions");
  assert.equal(a.campaign, "raid");
  assert.equal(a.tag, "umpire:raid:decision:d1");
});

test("a request already held, another player's, or for an observer does not notify", () => {
  assert.equal(alertFor(request(), ctx(anna, (kind, id) => kind === "decision" && id === "d1")), null);
  assert.equal(alertFor(request("ingrid"), ctx()), null);
  assert.equal(alertFor(request(), ctx(observer)), null);
  // The GM answers what it is sent: told whose it is.
  assert.equal(alertFor(request("ingrid"), ctx(gm)).body, "Pursue? (ingrid)");
});

test("a resolved period opens its report", () => {
  const a = alertFor({ type: "period_resolved", campaign: "raid", period_index: 3, day: 2, period: "night", events: [] }, ctx());
  assert.equal(a.title, "The Raid: period 3 resolved");
  assert.equal(a.body, "Day 2, night period: the report is ready.");
  assert.equal(a.tab, "reports");
  assert.equal(a.period, 3);
  assert.equal(alertFor({ type: "period_resolved", campaign: "raid" }, ctx()), null, "no period: nothing to open");
});

test("press from someone else notifies in the reader's words; one's own does not", () => {
  const a = alertFor(press("gm", ["anna"]), ctx());
  assert.equal(a.title, "The Raid: The GM to you");
  assert.equal(a.body, "Meet at the mill");
  assert.equal(a.tab, "press");
  assert.equal(alertFor(press("ingrid", ["all"]), ctx()).title, "The Raid: Ingrid to everyone");
  assert.equal(alertFor(press("anna", ["ingrid"]), ctx()), null, "a player's own message");
  assert.equal(alertFor(press("gm", ["all"]), ctx(gm)), null, "the GM's own message");
  assert.equal(alertFor(press("anna", ["gm"]), ctx(gm)).title, "The Raid: Anna to you (GM)");
  assert.equal(alertFor(press("gm", ["all"]), ctx(observer)).title, "The Raid: The GM to everyone");
  assert.equal(alertFor(press("gm", ["anna"]), ctx(anna, (kind) => kind === "press")), null, "already listed");
});

test("a long or multi-line message is cut for the notification, as text", () => {
  const long = "line one\n\nline two " + "x".repeat(400);
  const body = alertFor(press("ingrid", ["anna"], long), ctx()).body;
  assert.ok(body.length <= 180, `${body.length}`);
  assert.ok(body.startsWith("line one line two"));
  assert.ok(body.endsWith("…"));
  assert.equal(clip("  short  "), "short");
  assert.equal(alertFor(press("ingrid", ["anna"], "<b>bold</b>"), ctx()).body, "<b>bold</b>", "markup stays words (the browser shows text)");
});

test("a GM notice notifies in words and opens the reports tab", () => {
  const a = alertFor({ type: "notice", campaign: "raid", notice: { no: 4, kind: "pause", reason: "holiday", at: "2026-12-05T10:00:00Z" } }, ctx());
  assert.equal(a.title, "The Raid: GM notice");
  assert.equal(a.body, "Paused: holiday");
  assert.equal(a.tab, "reports");
});

test("other messages, and messages of another campaign, never notify", () => {
  for (const m of [{ type: "view_delta", campaign: "raid", patch: [] }, { type: "error", code: "x", message: "y" }, { type: "battle_companion", campaign: "raid" }, { type: "press", campaign: "raid" }])
    assert.equal(alertFor(m, ctx()), null, m.type);
  assert.equal(alertFor({ ...press("gm", ["anna"]), campaign: "other" }, ctx()), null);
});

test("shown only when on, allowed and out of view", () => {
  assert.equal(mayShow(true, "granted", "hidden"), true);
  assert.equal(mayShow(true, "granted", "visible"), false);
  assert.equal(mayShow(false, "granted", "hidden"), false);
  assert.equal(mayShow(true, "denied", "hidden"), false);
  assert.equal(mayShow(true, "default", "hidden"), false);
  assert.equal(mayShow(true, "unsupported", "hidden"), false);
});

test("the permission in words, each state its own", () => {
  assert.equal(notifyState("granted", true), "on");
  assert.equal(notifyState("granted", false), "off");
  assert.equal(notifyState("denied", true), "blocked");
  assert.equal(notifyState("default", false), "not_asked");
  assert.equal(notifyState("unsupported", true), "unsupported");
  assert.match(stateText("on"), /^On/);
  assert.match(stateText("blocked"), /Blocked by the browser.*site settings/);
  assert.match(stateText("not_asked"), /Not asked yet/);
  assert.match(stateText("unsupported"), /Not supported/);
  assert.match(stateText("off"), /^Off/);
  assert.equal(notifyKey("raid"), "umpire.notify.raid");
});
