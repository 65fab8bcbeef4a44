// Notifications in the browser (issue 31). Anna opens the Notifications tab: the browser is not
// asked for permission on load, only when she presses "Notify me in this browser". With her page
// out of view, the GM writes to her and force-advances the period: she gets a notification for
// the message (titled in her words), one for the resolved period and one for the GM's notice;
// clicking one opens its tab. Her webhook: a client-side refusal, the server's refusal shown next
// to the field (mailto: on a server without e-mail), then a loopback URL this server allows
// (--allow-private-webhooks): the signing secret is shown once and kept nowhere, the deliveries
// reach a receiver here signed with it, and the log table shows them. Remove asks first. Turned
// off, nothing more is shown. The GM's browser has refused notifications (told how to undo it);
// Ingrid's has allowed them (the real API) but she has not turned them on. The tab passes the
// accessibility checks, and fits a phone.
//   node tests/web/notifications.mjs --server build/dev/server/umpire-server [--artifacts DIR]
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import { join } from "node:path";
import { startServer } from "./server-process.mjs";
import { loadPlaywright, openFirstCampaign, openUser, testCommandLine } from "./browser.mjs";
import { checkAccessibility } from "./a11y-check.mjs";

// With --artifacts DIR, `shot` takes screenshots for docs/web-client.md.
const { source, binary, shot } = testCommandLine();

// The webhook's receiver: records each POST and answers 204.
const received = [];
const hook = createServer((req, res) => {
  let body = "";
  req.on("data", (d) => { body += d; });
  req.on("end", () => { received.push({ headers: req.headers, body }); res.writeHead(204).end(); });
});
await new Promise((r) => hook.listen(0, "127.0.0.1", r));
const hookUrl = `http://127.0.0.1:${hook.address().port}/hook?token=do-not-keep`;

const playwright = loadPlaywright(join(source, "web-client"));
const server = await startServer({ binary, source, staticDir: join(source, "web-client", "dist"), args: ["--allow-private-webhooks"] });
const users = [];
let failed = false;

// In the page before the app: a Notification that records what is shown and whether permission
// was asked, and a visibilityState the test sets (headless pages are always "visible").
function stubNotifications(initial) {
  const shown = [];
  let asked = 0;
  let permission = initial;
  class RecordingNotification {
    static get permission() { return permission; }
    static requestPermission() { asked++; if (permission === "default") permission = "granted"; return Promise.resolve(permission); }
    constructor(title, options = {}) { this.title = title; this.body = options.body; this.tag = options.tag; this.onclick = null; this.closed = false; shown.push(this); }
    close() { this.closed = true; }
  }
  window.Notification = RecordingNotification;
  window.__notify = { shown, asked: () => asked, hidden: false };
  Object.defineProperty(Document.prototype, "visibilityState", { configurable: true, get: () => (window.__notify.hidden ? "hidden" : "visible") });
}

async function open(account, { viewport, notifications } = {}) {
  const user = await openUser(playwright, viewport);
  users.push(user);
  const page = user.page;
  page.setDefaultTimeout(15_000);
  if (notifications === "real") await user.context.grantPermissions(["notifications"], { origin: server.url.replace(/\/$/, "") });
  else if (notifications) await page.addInitScript(stubNotifications, notifications);
  page.sent = [];  // the types of the messages the page sends
  page.on("websocket", (ws) => ws.on("framesent", (f) => { try { page.sent.push(JSON.parse(f.payload).type); } catch { /* binary */ } }));
  await openFirstCampaign(page, server, account);
  return page;
}
const setHidden = (page, hidden) => page.evaluate((h) => { window.__notify.hidden = h; document.dispatchEvent(new Event("visibilitychange")); }, hidden);
const titles = (page) => page.evaluate(() => window.__notify.shown.map((n) => n.title));
const waitForTitle = (page, title) => page.waitForFunction((t) => window.__notify.shown.some((n) => n.title === t), title);

try {
  const anna = await open("anna", { viewport: { width: 1366, height: 768 }, notifications: "default" });
  const gm = await open("gm", { viewport: { width: 1366, height: 768 }, notifications: "denied" });
  const ingrid = await open("ingrid", { viewport: { width: 390, height: 844 }, notifications: "real" });
  const campaign = await anna.evaluate(() => window.umpire.view.campaign);
  const name = await anna.evaluate(() => window.umpire.view.name);
  const sent = anna.sent;

  // Opt-in: nothing asked on load; the state in words; asked on the button only.
  await anna.getByRole("tab", { name: "Notifications" }).click();
  await anna.waitForFunction((c) => location.hash === `#/c/${encodeURIComponent(c)}/notifications`, campaign);
  const state = anna.locator("#notify-state");
  await state.getByText(/^Not asked yet/).waitFor();
  assert.equal(await anna.evaluate(() => window.__notify.asked()), 0, "permission was asked before the button");
  await anna.getByRole("button", { name: "Notify me in this browser" }).click();
  await state.getByText(/^On:/).waitFor();
  assert.equal(await anna.evaluate(() => window.__notify.asked()), 1);
  assert.equal(await anna.evaluate((c) => localStorage.getItem(`umpire.notify.${c}`), campaign), "on");
  // The log is read when the tab opens: none yet.
  await anna.getByText("No deliveries yet.").waitFor();

  // The webhook: refused by the page first, then by the server, each next to the field.
  const field = anna.getByLabel("Webhook URL");
  const problem = anna.locator(".webhook-form .error");
  await field.fill("ftp://example.org/hook");
  await field.press("Enter");  // submits the form; never reloads the page
  await problem.getByText(/starts with http:\/\/, https:\/\/ or mailto:/).waitFor();
  assert.equal(sent.filter((t) => t === "set_webhook").length, 0, "a URL the page refuses was sent");
  await field.fill("mailto:anna@example.org");
  await anna.getByRole("button", { name: "Set webhook" }).click();
  await problem.getByText(/The server refused it: .*sends no e-mail.*\(invalid_argument\)/).waitFor();
  assert.equal(await field.getAttribute("aria-invalid"), "true");
  assert.equal(await anna.evaluate(() => window.umpire?.screen), "campaign", "the page reloaded");

  // Set: the secret, once.
  await field.fill(hookUrl);
  await field.press("Enter");
  const secretValue = anna.locator("#webhook-secret-value");
  await secretValue.waitFor();
  const secret = (await secretValue.textContent()).trim();
  assert.match(secret, /^[0-9a-f]{64}$/, "the signing secret");
  await anna.getByText(/shown this once and never again/).waitFor();
  assert.equal(await problem.textContent(), "", "the refusal stayed after success");
  await anna.getByText(`A webhook is set, from this browser on`).waitFor();
  assert.match(await anna.locator("#webhook-current").textContent(), new RegExp(`http://127\\.0\\.0\\.1:${hook.address().port}/…$`));
  await anna.getByRole("button", { name: "Replace webhook" }).waitFor();
  const stored = await anna.evaluate(() => Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`).join("\n"));
  assert.ok(!stored.includes(secret), "the secret is in localStorage");
  assert.ok(!stored.includes("do-not-keep"), "the webhook's path and query are in localStorage");
  await anna.getByRole("button", { name: "I have copied it" }).click();
  assert.equal(await anna.locator("#webhook-secret-value").count(), 0, "the secret stayed on the page");
  assert.ok(!(await anna.content()).includes(secret), "the secret is still in the page");

  // Out of view, anna is told of the GM's message, the resolved period and the notice.
  await setHidden(anna, true);
  const words = "Hold the bridge until dawn.";
  await gm.evaluate((t) => window.umpire.sendPress(["anna"], t), words);
  await waitForTitle(anna, `${name}: The GM to you`);
  const note = await anna.evaluate(() => window.__notify.shown.find((n) => n.title.endsWith("The GM to you")));
  assert.equal(note.body, words);
  await gm.evaluate(() => window.umpire.gm("force_advance", { period: 0, reason: "the test moves on" }));
  await waitForTitle(anna, `${name}: period 0 resolved`);
  await waitForTitle(anna, `${name}: GM notice`);
  const own = await titles(anna);
  assert.equal(own.filter((t) => t.endsWith("The GM to you")).length, 1, `a message notified twice: ${own.join(" | ")}`);
  // The GM's own message does not notify the GM (its browser refused them anyway).
  assert.equal((await gm.evaluate(() => window.__notify.shown.length)), 0);

  // A click brings the page forward on the notification's tab.
  await setHidden(anna, false);
  await anna.evaluate(() => window.__notify.shown.find((n) => n.title.endsWith("The GM to you")).onclick());
  await anna.waitForFunction((c) => window.umpire.tab === "press" && location.hash === `#/c/${encodeURIComponent(c)}/press`, campaign);
  await anna.getByRole("tab", { name: "Press", selected: true }).waitFor();
  await anna.evaluate(() => window.__notify.shown.find((n) => n.title.endsWith("period 0 resolved")).onclick());
  await anna.waitForFunction((c) => window.umpire.tab === "reports" && location.hash === `#/c/${encodeURIComponent(c)}/reports/0`, campaign);
  await anna.locator("#report-0[open]").waitFor();

  // The deliveries reached the receiver, signed with the secret, and the log shows them.
  const deadline = Date.now() + 20_000;
  while (!received.some((r) => r.body.includes("resolved:0")) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  const delivery = received.find((r) => r.body.includes("resolved:0"));
  assert.ok(delivery, `no period_resolved delivery: ${received.map((r) => r.body.slice(0, 80)).join(" | ")}`);
  const mac = createHmac("sha256", Buffer.from(secret, "hex")).update(`${delivery.headers["x-umpire-timestamp"]}.${delivery.body}`).digest("hex");
  assert.equal(delivery.headers["x-umpire-signature"], `sha256=${mac}`, "the delivery is not signed with the secret shown");
  await anna.getByRole("tab", { name: "Notifications" }).click();
  const row = anna.locator("#webhook-deliveries tbody tr", { hasText: "Period 0 resolved" });
  for (let i = 0; i < 20 && (await row.count()) === 0; i++) {
    await anna.getByRole("button", { name: "Refresh" }).click();
    await anna.waitForTimeout(300);
  }
  await row.first().waitFor();
  const cells = (await row.first().locator("td").allTextContents()).map((t) => t.trim());
  assert.deepEqual(cells.slice(1, 5), ["Period 0 resolved", "1", "Delivered", "204"], `the row: ${cells.join(" | ")}`);
  assert.deepEqual(await anna.locator("#webhook-deliveries th").allTextContents(), ["When", "What", "Attempt", "Outcome", "HTTP status", "Error"]);
  await shot(anna, "13-notifications");
  const problems = await checkAccessibility(anna, "notifications");

  // Remove asks first; "Keep it" keeps it.
  await anna.getByRole("button", { name: "Remove webhook" }).click();
  await anna.getByText(/Remove your webhook for this campaign\?/).waitFor();
  await anna.getByRole("button", { name: "Keep it" }).click();
  assert.equal(sent.filter((t) => t === "set_webhook").length, 2, "Keep it removed the webhook");
  await anna.getByRole("button", { name: "Remove webhook" }).click();
  await anna.getByRole("button", { name: "Yes, remove it" }).click();
  await anna.getByText("Webhook removed: nothing more is sent to it.").waitFor();
  await anna.getByText(/this browser has set none/).waitFor();
  assert.equal(await anna.evaluate((c) => localStorage.getItem(`umpire.webhook.anna.${c}`), campaign), null);

  // Turned off: nothing more is shown, though the message arrives.
  await anna.getByRole("button", { name: "Turn off notifications in this browser" }).click();
  await state.getByText(/^Off for this campaign/).waitFor();
  assert.equal(await anna.evaluate((c) => localStorage.getItem(`umpire.notify.${c}`), campaign), null);
  const before = (await titles(anna)).length;
  await setHidden(anna, true);
  await gm.evaluate(() => window.umpire.sendPress(["anna"], "Are you still there?"));
  await anna.waitForFunction(() => window.umpire.press.some((m) => m.text === "Are you still there?"));
  assert.equal((await titles(anna)).length, before, "a notification was shown after turning them off");
  await setHidden(anna, false);

  // The GM's browser refused them: told so, and how to undo it; no button to ask again.
  await gm.getByRole("tab", { name: "Notifications" }).click();
  await gm.locator("#notify-state").getByText(/^Blocked by the browser.*site settings/).waitFor();
  assert.equal(await gm.getByRole("button", { name: "Notify me in this browser" }).count(), 0);

  // Ingrid's browser allows them (the real API), but she has not turned them on; on a phone.
  await ingrid.getByRole("tab", { name: "Notifications" }).click();
  await ingrid.locator("#notify-state").getByText(/^Off for this campaign/).waitFor();
  await ingrid.getByRole("button", { name: "Notify me in this browser" }).waitFor();
  await ingrid.getByText("No deliveries yet.").waitFor();
  const wide = await ingrid.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `the phone page scrolls sideways (${wide} px)`);
  problems.push(...(await checkAccessibility(ingrid, "notifications on a phone")));

  // A reload: the secret is nowhere.
  await anna.reload();
  await anna.waitForFunction(() => window.umpire?.screen === "campaign" && window.umpire.tab === "notifications");
  await anna.getByText(/this browser has set none/).waitFor();
  assert.ok(!(await anna.content()).includes(secret), "the secret came back after a reload");

  assert.deepEqual(problems, [], "accessibility");
  for (const u of users) assert.deepEqual(u.errors, [], "console errors");
  console.log(`ok: notifications opt-in and shown out of view (${own.length}: ${own.join(" | ")}), webhook set, signed, logged and removed`);
} catch (e) {
  failed = true;
  console.error(e);
  console.error(server.stderr().slice(-2000));
} finally {
  for (const u of users) await u.context.close().catch(() => {});
  await server.stop();
  hook.close();
}
process.exit(failed ? 1 : 0);
