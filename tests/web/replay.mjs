// A resolved period replayed on the map (issue 31). Anna and Ingrid order their forces at each
// other over the HTTP API (/api/v1/messages), the GM force-advances; on Anna's reports tab
// "Replay on the map" opens the period: at its start Hadewych's army stands where the report's
// first move starts, stepping forward (keyboard and buttons) moves its counter to the hex each
// of the report's moves says, the contact shows Ingegerd where Anna saw her, play and pause, the
// slider (Home, arrows), the step's sentence and the list of steps as text. The replay passes the
// accessibility check, at a desk and on a 390 px phone. Then the GM rolls the period back: its replay says it was rolled back.
//   node tests/web/replay.mjs --server build/dev/server/umpire-server [--artifacts DIR]
import assert from "node:assert/strict";
import { join } from "node:path";
import { startServer } from "./server-process.mjs";
import { loadPlaywright, openFirstCampaign, openUser, testCommandLine } from "./browser.mjs";
import { checkAccessibility } from "./a11y-check.mjs";

// With --artifacts DIR, `shot` takes screenshots for docs/web-client.md.
const { source, binary, shot } = testCommandLine();

const playwright = loadPlaywright(join(source, "web-client"));
const server = await startServer({ binary, source, staticDir: join(source, "web-client", "dist") });
const users = [];
let failed = false;

// One message over HTTP (docs/protocol.md): the reply, or the error it came back with.
async function api(token, message) {
  const res = await fetch(`${server.url}api/v1/messages`, {
    method: "POST", body: JSON.stringify(message),
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = await res.json();
  const replies = body.messages ?? [body];
  const error = replies.find((m) => m.type === "error");
  if (error) throw new Error(`${message.type}: ${error.code} ${error.message}`);
  return replies.find((m) => m.type !== "decision_request" && m.type !== "notice") ?? replies[0];
}
const tokenOf = async (account) => (await api(null, { type: "login", account, password: server.password(account) })).token;

try {
  const anna = await openUser(playwright, { width: 1366, height: 768 });
  users.push(anna);
  const page = anna.page;
  page.setDefaultTimeout(15_000);
  await openFirstCampaign(page, server, "anna");
  const campaign = await page.evaluate(() => window.umpire.view.campaign);
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByText("No period has resolved yet.").waitFor();

  // Orders in, the period resolved: Hadewych marches east, Ingegerd comes to meet her.
  const [annaToken, ingridToken, gmToken] = [await tokenOf("anna"), await tokenOf("ingrid"), await tokenOf("gm")];
  await api(annaToken, { type: "submit_orders", campaign, period_index: 0, state: "submitted", orders: [{ force: "hadewych", path: [[3, 3], [4, 3], [5, 3], [6, 3]] }] });
  await api(ingridToken, { type: "submit_orders", campaign, period_index: 0, state: "submitted", orders: [{ force: "ingegerd", path: [[6, 2], [5, 2]] }] });
  await api(gmToken, { type: "gm", campaign, command: "force_advance", period: 0, reason: "the replay test moves on" });

  const toggle = page.locator("#replay-0-toggle");
  await toggle.waitFor();
  assert.equal(await toggle.textContent(), "Replay on the map");
  assert.equal(await toggle.getAttribute("aria-expanded"), "false");
  const report = await page.evaluate(() => window.umpire.reports.get(0).events);
  const moves = report.filter((e) => e.type === "force_moved" && e.force === "hadewych");
  assert.ok(moves.length >= 1, `Hadewych did not move: ${JSON.stringify(report.map((e) => e.type))}`);
  const contact = report.find((e) => e.type === "contact" && e.forces.includes("enemy-A"));

  await toggle.click();
  assert.equal(await toggle.getAttribute("aria-expanded"), "true");
  const replay = page.locator("#replay-0");
  await replay.waitFor();
  const hadewych = replay.locator('svg.replay-map g.force[data-force="hadewych"]');
  const sentence = replay.locator(".replay-sentence");
  const hexOf = (locator) => locator.getAttribute("data-hex");
  const steps = Number(await replay.locator("#replay-0-slider").getAttribute("max")) + 1;
  assert.ok(steps >= moves.length + 2, `${steps} steps for ${moves.length} moves`);
  assert.equal(await replay.locator(".replay-steps li").count(), steps, "the list of steps as text");
  assert.equal(await replay.locator(".replay-count").textContent(), `1 of ${steps}`);

  // The start: Hadewych where the report's first move leaves from; no enemy seen yet.
  assert.equal(await hexOf(hadewych), moves[0].from.join(","));
  assert.match(await sentence.textContent(), /^Step 1 of \d+: Day 1, day period begins \(.+\)\. At the start: Your Hadewych's army at \(2, 3\)/);
  assert.equal(await replay.locator("g.force.f-own").count() >= 1, true);
  assert.equal(await replay.locator("g.force.f-enemy").count(), 0, "an enemy is drawn before anyone saw it");
  assert.match(await replay.locator(".replay-note").allTextContents().then((t) => t.join(" ")), /Hadewych's army from this period's moves/);

  // Step forward by keyboard: each of the report's moves puts the counter on the hex it says.
  await page.locator("#replay-0-forward").focus();
  let moved = 0;
  let sawContact = false;
  for (let i = 1; i < steps; i++) {
    await page.keyboard.press("Enter");
    await replay.locator(".replay-count", { hasText: `${i + 1} of ${steps}` }).waitFor();
    const said = await sentence.textContent();
    const m = /Hadewych's army moves \((-?\d+), (-?\d+)\) → \((-?\d+), (-?\d+)\)/.exec(said);
    if (m && moved < moves.length) {
      assert.deepEqual([Number(m[1]), Number(m[2])], moves[moved].from, `step ${i + 1}: ${said}`);
      assert.equal(await hexOf(hadewych), moves[moved].to.join(","), `step ${i + 1}: the counter is not where the report says: ${said}`);
      assert.equal(await replay.locator('.replay-moves polyline[data-force="hadewych"]').count(), 1, "the move's arrow");
      moved++;
    }
    if (contact && /^Step \d+ of \d+: Contact: /.test(said) && !sawContact) {
      sawContact = true;
      const i2 = contact.forces.indexOf("enemy-A");
      const enemy = replay.locator('g.force.f-enemy[data-force="enemy-A"]');
      assert.equal(await hexOf(enemy), contact.hexes[i2].join(","), "Ingegerd where the contact showed her");
      assert.match(await enemy.locator("title").textContent(), /^Enemy enemy-A, seen at the contact — at \(/);
      assert.equal(await replay.locator("circle.replay-mark.m-contact").count(), contact.hexes.length);
    }
  }
  assert.equal(moved, moves.length, "every move of the report was a step");
  assert.equal(sawContact, Boolean(contact), "the contact was a step");
  assert.match(await sentence.textContent(), new RegExp(`^Step ${steps} of ${steps}: End of day 1, day period$`));
  assert.equal(await page.locator("#replay-0-forward").getAttribute("aria-disabled"), "true");
  assert.equal(await page.evaluate(() => document.activeElement?.id), "replay-0-forward", "the focus stayed on the button at the end");

  // The slider: Home to the start, an arrow one step on.
  await page.locator("#replay-0-slider").focus();
  await page.keyboard.press("Home");
  await replay.locator(".replay-count", { hasText: `1 of ${steps}` }).waitFor();
  assert.equal(await hexOf(hadewych), moves[0].from.join(","));
  await page.keyboard.press("ArrowRight");
  await replay.locator(".replay-count", { hasText: `2 of ${steps}` }).waitFor();
  assert.match(await page.locator("#replay-0-slider").getAttribute("aria-valuetext"), /^Step 2 of \d+: /);

  // Play, and pause.
  const play = page.locator("#replay-0-play");
  await play.click();
  assert.equal(await play.textContent(), "Pause");
  await replay.locator(".replay-count", { hasText: `3 of ${steps}` }).waitFor({ timeout: 5_000 });
  await play.click();
  assert.equal(await play.textContent(), "Play");
  const paused = await replay.locator(".replay-count").textContent();
  await page.waitForTimeout(1500);
  assert.equal(await replay.locator(".replay-count").textContent(), paused, "it went on after Pause");
  // The arrow keys on the buttons step too; End goes to the last step.
  await play.focus();
  await page.keyboard.press("End");
  await replay.locator(".replay-count", { hasText: `${steps} of ${steps}` }).waitFor();
  assert.equal(await hexOf(hadewych), (await page.evaluate(() => window.umpire.view.world.forces.find((f) => f.id === "hadewych").hex)).join(","),
    "at the end of the period the counter is where the force stands now");

  await replay.locator(".replay-steps summary").click();
  assert.equal(await replay.locator('.replay-steps li[aria-current="step"]').count(), 1);
  await shot(page, "14-replay");
  const problems = await checkAccessibility(page, "replay");
  // On a phone: the map fits the width, the controls wrap, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `the replay on a phone scrolls sideways (${wide} px)`);
  const box = await replay.locator("svg.replay-map").boundingBox();
  assert.ok(box && box.width <= 390 && box.height > 100, `the replay's map on a phone: ${JSON.stringify(box)}`);
  problems.push(...(await checkAccessibility(page, "replay on a phone")));
  await page.setViewportSize({ width: 1366, height: 768 });

  // The GM rolls the period back: the report Anna holds is of an attempt that no longer stands.
  await api(gmToken, { type: "gm", campaign, command: "rollback", period: 1, to_period: 0, reason: "the replay test rolls back" });
  await page.waitForFunction(() => window.umpire.view.period.index === 0);
  await page.getByRole("button", { name: "Refresh reports" }).click();
  await page.locator("#replay-0-toggle", { hasText: "Replay on the map (rolled-back attempt)" }).waitFor();
  await toggle.click();  // closes
  await replay.waitFor({ state: "detached" });
  await toggle.click();  // and opens it again, now known as rolled back
  await replay.locator(".replay-note", { hasText: "an attempt the GM rolled back" }).waitFor();
  assert.equal(await hexOf(hadewych), moves[0].from.join(","));

  assert.deepEqual(problems, [], "accessibility");
  assert.deepEqual(anna.errors, [], "console errors");
  console.log(`ok: period 0 replayed in ${steps} steps, ${moves.length} moves of Hadewych's army where the report says${contact ? ", the contact with Ingegerd" : ""}`);
} catch (e) {
  failed = true;
  console.error(e);
  console.error(server.stderr().slice(-2000));
} finally {
  for (const u of users) await u.context.close().catch(() => {});
  await server.stop();
}
process.exit(failed ? 1 : 0);
