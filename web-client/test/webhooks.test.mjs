import { test } from "node:test";
import assert from "node:assert/strict";
import { deliveryWhat, outcomeText, readRemembered, rememberKey, shownTarget, statusText, urlProblem } from "../out/logic/webhooks.js";

test("http, https and mailto pass the client's check; the server checks the rest", () => {
  for (const u of ["https://hooks.example.org/umpire", "http://127.0.0.1:9/x", "mailto:anna@example.org", "HTTPS://EXAMPLE.ORG"])
    assert.equal(urlProblem(u), "", u);
  assert.match(urlProblem(""), /Enter a URL/);
  assert.match(urlProblem("ftp://example.org/"), /http:\/\/, https:\/\/ or mailto:/);
  assert.match(urlProblem("example.org/hook"), /starts with/);
  assert.match(urlProblem("https://example.org/a b"), /no spaces/);
  assert.match(urlProblem("mailto:"), /needs an address/);
  assert.match(urlProblem("https://"), /needs a host/);
  assert.match(urlProblem("https://example.org/" + "é".repeat(300)), /at most 512/);
});

test("this browser keeps the scheme and host only, never a path, a password or an address", () => {
  assert.equal(shownTarget("https://hooks.slack.com/services/T000/B000/SECRETTOKEN"), "https://hooks.slack.com/…");
  assert.equal(shownTarget("http://user:pw@Example.ORG:8080/x?y=1"), "http://example.org:8080/…");
  assert.equal(shownTarget("mailto:anna@example.org"), "mailto:…");
  assert.equal(shownTarget("nonsense"), "(a URL)");
  assert.equal(rememberKey("anna", "raid"), "umpire.webhook.anna.raid");
  assert.deepEqual(readRemembered(JSON.stringify({ target: "https://x/…", at: "2026-01-01T00:00:00Z" })), { target: "https://x/…", at: "2026-01-01T00:00:00Z" });
  assert.equal(readRemembered(null), null);
  assert.equal(readRemembered("{not json"), null);
  assert.equal(readRemembered(JSON.stringify({ target: 3 })), null);
});

test("a delivery's notification key in words", () => {
  assert.equal(deliveryWhat("resolved:0.0"), "Period 0 resolved");
  assert.equal(deliveryWhat("resolved:12.1"), "Period 12 resolved");
  assert.equal(deliveryWhat("decision:3:d-7:1"), "A decision needs you (period 3)");
  assert.equal(deliveryWhat("deadline:4:2026-12-05T10:00:00Z"), "Deadline near (period 4)");
  assert.equal(deliveryWhat("missed_orders:2.0"), "Missed orders (period 2)");
  assert.equal(deliveryWhat("lapsed:2:d1:1"), "A decision lapsed (period 2)");
  assert.equal(deliveryWhat("answered_for:2:d1:1"), "The GM answered a decision for you (period 2)");
  assert.equal(deliveryWhat("ended:raid"), "The campaign ended");
  assert.equal(deliveryWhat("world_edit:17"), "The GM edited the world");
  assert.equal(deliveryWhat("something_new:1"), "something_new:1", "an unknown key is shown as it is");
});

test("outcome and HTTP status in words", () => {
  assert.equal(outcomeText({ outcome: "delivered" }), "Delivered");
  assert.equal(outcomeText({ outcome: "failed" }), "Failed");
  assert.equal(statusText({ http_status: 204 }), "204");
  assert.equal(statusText({ http_status: null }), "none");
});
