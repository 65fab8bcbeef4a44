// URLs, refresh, Back and links (issue 31, "never lose work"): the campaign, its tab and the
// open report are in the URL; a refresh lands where the page was; Back and Forward walk the
// tabs and screens in the app instead of leaving it; a link to a campaign's tab opens there
// after signing in; a link to a tab the viewer does not have falls back to the map. On the way:
// the order bar is in view at 1366 × 768 without scrolling, and a double click on it sends once;
// the map's counters show their strength and title and a hovered hex its coordinates; edits are
// autosaved as a draft that a refresh brings back (even at once after the edit), and a refused
// autosave keeps the edits.
//   node tests/web/navigation.mjs --server build/dev/server/umpire-server
import assert from "node:assert/strict";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./server-process.mjs";
import { loadPlaywright, openUser, signIn } from "./browser.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const source = resolve(here, "..", "..");
const arg = (name, fallback) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : fallback; };
const binary = arg("--server", process.env.UMPIRE_SERVER);
assert.ok(binary, "give --server PATH (the umpire-server binary)");

const playwright = loadPlaywright(join(source, "web-client"));
const server = await startServer({ binary, source, staticDir: join(source, "web-client", "dist") });
const users = [];
let failed = false;
const where = (page) => page.evaluate(() => ({ hash: location.hash, screen: window.umpire?.screen, tab: window.umpire?.tab, campaign: window.umpire?.view?.campaign }));
const settle = (page, hash) => page.waitForFunction((h) => location.hash === h && window.umpire?.screen !== "login"
  && (h === "#/campaigns" ? window.umpire.screen === "campaigns" : window.umpire.screen === "campaign" && location.hash.includes(`/${window.umpire.tab}`)), hash, { timeout: 15_000 });
const selectedTab = (page) => page.locator("[role=tab][aria-selected=true]").textContent();

try {
  const anna = await openUser(playwright, { width: 1366, height: 768 });
  users.push(anna);
  const page = anna.page;
  page.setDefaultTimeout(15_000);
  const sent = [];  // the types of the messages the page sends
  page.on("websocket", (ws) => ws.on("framesent", (f) => { try { sent.push(JSON.parse(f.payload).type); } catch { /* binary */ } }));
  await page.goto(server.url);
  await signIn(page, server, "anna");
  await settle(page, "#/campaigns");
  await page.getByRole("button", { name: /^Open / }).first().click();
  await page.waitForFunction(() => window.umpire?.screen === "campaign");
  const campaign = await page.evaluate(() => window.umpire.view.campaign);
  const base = `#/c/${encodeURIComponent(campaign)}`;
  await settle(page, `${base}/map`);

  // The order bar: in view on a laptop screen, and one request for a double click.
  await page.waitForSelector("#save-draft:not([disabled])");
  await page.evaluate(() => window.scrollTo(0, 0));
  const tall = await page.evaluate(() => document.documentElement.scrollHeight);
  const bar = await page.locator("#submit-orders").boundingBox();
  console.log(`page ${tall} px tall, Submit at y ${bar?.y}`);
  assert.ok(tall > 768 + 200, `the page (${tall} px) fits the screen: this check would prove nothing`);
  assert.ok(bar && bar.y >= 0 && bar.y + bar.height <= 768, `Submit is out of view: ${JSON.stringify(bar)}`);
  await page.locator("#save-draft").dblclick();
  await page.waitForFunction(() => /draft/.test(document.querySelector("#orders-state")?.textContent ?? ""));
  await page.waitForSelector("#save-draft:not([disabled])");
  assert.equal(sent.filter((t) => t === "submit_orders").length, 1, `a double click sent ${sent.filter((t) => t === "submit_orders").length} orders`);

  // The map pans with the arrow keys and shows the whole map again with 0 (WCAG 2.1.1).
  const viewBox = () => page.locator("svg.map").getAttribute("viewBox");
  await page.locator("svg.map").focus();
  await page.keyboard.press("0");
  const whole = await viewBox();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  const moved = (await viewBox()).split(" ").map(Number);
  const [x0, y0] = whole.split(" ").map(Number);
  assert.ok(moved[0] > x0 && moved[1] > y0, `the arrow keys did not pan: ${whole} → ${moved.join(" ")}`);
  await page.keyboard.press("0");
  assert.equal(await viewBox(), whole);

  // Counters (issue 31): a NATO frame, the arm inside when the force has one, the strength as
  // the viewer knows it under it; its title says who, how strong, as of when, and where.
  // Hovering a hex shows its coordinates and terrain.
  const own = page.locator('svg.map g.force.f-own[data-force="hadewych"]');
  assert.equal(await own.locator("text.strength").textContent(), "49", "Anna's own strength, exact");
  assert.match(await own.locator(":scope > title").textContent(), /^Your Hadewych's army · 49 figures · as of period 0 — formed — at \(2, 3\) clear$/);
  assert.equal(await own.locator(".glyph").count(), 0, "a mixed force (knights among foot) has no arm glyph");
  assert.match(await page.locator('svg.map polygon[data-hex="4,1"] > title').textContent(), /^\(4, 1\) clear$/);
  await page.locator('svg.map polygon[data-hex="4,1"]').hover();
  await page.locator(".map-readout:not([hidden])", { hasText: /^\(4, 1\) clear$/ }).waitFor();
  await own.hover();
  await page.locator(".map-readout:not([hidden])", { hasText: /^Your Hadewych's army · 49 figures/ }).waitFor();
  const key = await page.locator(".map-legend").textContent();
  for (const words of ["your force", "enemy, old sighting", "infantry", "cavalry", "its strength in figures"]) assert.ok(key.includes(words), `the map key has "${words}": ${key}`);
  assert.equal(await page.locator(".map-legend svg .glyph").count(), 2, "the key draws the infantry and cavalry glyphs");

  // Autosave ("never lose work"): edits are saved as a draft about 2 s after the last one, one
  // request for edits in a row, and a refresh brings them back.
  const submits = () => sent.filter((t) => t === "submit_orders").length;
  const status = page.locator("#autosave-status");
  const pathOf = () => page.evaluate(() => JSON.stringify(window.umpire.drafts.get("hadewych")));
  let before = submits();
  await page.getByRole("button", { name: "Step east to (3, 3)" }).click();
  await page.getByRole("button", { name: "Step east to (4, 3)" }).click();
  assert.equal(await status.textContent(), "Unsaved changes…");
  await status.filter({ hasText: /^Draft saved at \d/ }).waitFor();
  assert.equal(submits() - before, 1, "two edits in a row, one save");
  await page.locator("#orders-state", { hasText: "Orders: draft" }).waitFor();
  await page.reload();
  await settle(page, `${base}/map`);
  await page.waitForFunction(() => JSON.stringify(window.umpire.drafts.get("hadewych")?.path) === "[[3,3],[4,3]]", null, { timeout: 5_000 })
    .catch(async () => { throw new Error(`the refresh lost the autosaved path: ${await pathOf()}`); });
  await page.locator(".path-plan tbody tr").nth(1).waitFor();
  assert.equal(await status.textContent(), "", "nothing unsaved after the refresh");

  // A refused autosave: a forced march with the path cleared is not an order the server takes.
  // The edits stay, the refusal is said politely beside the buttons, the focus stays put and
  // nothing is sent again until the next edit.
  await page.getByRole("button", { name: "Clear path" }).click();
  await page.locator("#fm-hadewych").click();
  await status.filter({ hasText: "Draft not saved" }).waitFor();
  assert.equal(await status.textContent(), "Draft not saved: order 1 (Hadewych's army): a forced march needs a path — fix it or keep editing");
  assert.equal(await page.locator("#fm-hadewych").isChecked(), true, "the refused edit is kept");
  assert.equal(await page.evaluate(() => document.activeElement?.id), "fm-hadewych", "the refusal took the focus");
  assert.equal(await page.evaluate(() => window.umpire.error), "", "the refusal is not an error alert");
  assert.match(await pathOf(), /"path":\[\],.*"forced_march":true/);
  before = submits();
  await page.waitForTimeout(2500);
  assert.equal(submits(), before, "the refused draft was sent again");
  // Fixed by the next edit: saved; after a refresh the forced march and its path are there.
  await page.getByRole("button", { name: "Step east to (3, 3)" }).click();
  await status.filter({ hasText: /^Draft saved at \d/ }).waitFor();
  await page.reload();
  await settle(page, `${base}/map`);
  await page.waitForFunction(() => { const d = window.umpire.drafts.get("hadewych"); return d?.forced_march && JSON.stringify(d.path) === "[[3,3]]"; }, null, { timeout: 5_000 })
    .catch(async () => { throw new Error(`the refresh lost the fixed draft: ${await pathOf()}`); });
  assert.equal(await page.locator("#fm-hadewych").isChecked(), true);
  // An edit and at once a refresh, well inside the 2 s: the page being hidden saves it.
  await page.getByRole("button", { name: "Step east to (4, 3)" }).click();
  await page.reload();
  await settle(page, `${base}/map`);
  await page.waitForFunction(() => JSON.stringify(window.umpire.drafts.get("hadewych")?.path) === "[[3,3],[4,3]]", null, { timeout: 5_000 })
    .catch(async () => { throw new Error(`a refresh at once after an edit lost it: ${await pathOf()}`); });

  await page.getByRole("tab", { name: "Reports" }).click();
  await settle(page, `${base}/reports`);

  // A refresh lands on the same campaign and tab.
  await page.reload();
  await settle(page, `${base}/reports`);
  assert.equal(await selectedTab(page), "Reports", "the refresh lost the tab");

  // Back: the map tab, then the campaign list; Forward: the map again. All inside the app.
  await page.goBack();
  await settle(page, `${base}/map`);
  assert.match(await selectedTab(page), /^Map/);
  await page.goBack();
  await settle(page, "#/campaigns");
  await page.goForward();
  await settle(page, `${base}/map`);
  assert.equal((await where(page)).campaign, campaign);

  // A link to the decisions tab, opened by another account signing in there.
  const ingrid = await openUser(playwright);
  users.push(ingrid);
  await ingrid.page.goto(`${server.url}${base}/decisions`);
  await signIn(ingrid.page, server, "ingrid");
  await settle(ingrid.page, `${base}/decisions`);
  assert.match(await selectedTab(ingrid.page), /^Decisions/);
  // A player's link to the GM console opens the map instead, the URL corrected in place.
  await ingrid.page.goto(`${server.url}${base}/gm`);
  await settle(ingrid.page, `${base}/map`);
  assert.equal(await ingrid.page.getByRole("tab", { name: "GM console" }).count(), 0);
  // A link to a campaign that is not the account's: a clear error on the campaign list.
  await ingrid.page.goto(`${server.url}#/c/no-such-campaign/map`);
  await ingrid.page.waitForFunction(() => window.umpire?.screen === "campaigns" && /no campaign/.test(window.umpire.error));

  for (const u of users) assert.deepEqual(u.errors.filter((e) => !/no campaign/.test(e)), [], "console errors");
  console.log("ok: refresh, Back, Forward and links land where they say");
} catch (e) {
  failed = true;
  console.error(e);
  for (const u of users) console.error(await where(u.page).catch(() => "?"));
  console.error(server.stderr().slice(-2000));
} finally {
  for (const u of users) await u.context.close().catch(() => {});
  await server.stop();
}
process.exit(failed ? 1 : 0);
