import { test } from "node:test";
import assert from "node:assert/strict";
import { parseRoute, formatRoute } from "../out/logic/route.js";

test("routes read back what they write", () => {
  for (const r of [
    { screen: "campaigns" },
    { screen: "campaign", campaign: "demo", tab: "map" },
    { screen: "campaign", campaign: "a b/ç", tab: "gm" },
    { screen: "campaign", campaign: "demo", tab: "notifications" },
    { screen: "campaign", campaign: "demo", tab: "reports", period: 12 },
  ]) assert.deepEqual(parseRoute(formatRoute(r)), r);
});

test("a campaign without a tab, or with an unknown one, opens on its default tab", () => {
  assert.deepEqual(parseRoute("#/c/demo"), { screen: "campaign", campaign: "demo" });
  assert.deepEqual(parseRoute("#/c/demo/nonsense"), { screen: "campaign", campaign: "demo" });
  assert.equal(formatRoute({ screen: "campaign", campaign: "demo" }), "#/c/demo/map");
});

test("a period is kept only on the reports tab, and only as a number", () => {
  assert.equal(parseRoute("#/c/demo/map/3").period, undefined);
  assert.equal(parseRoute("#/c/demo/reports/x").period, undefined);
  assert.equal(formatRoute({ screen: "campaign", campaign: "demo", tab: "map", period: 3 }), "#/c/demo/map");
});

test("anything else is no route", () => {
  for (const h of ["", "#", "#/", "#/c", "#/c/", "#/elsewhere", "#/c/%E0%A4%A/map", "#/c/demo/reports/1/extra"])
    assert.equal(parseRoute(h).screen, "none", h);
});
