// Press in the browser (issue 31): anna writes to ingrid alone; ingrid, on a phone, sees "1 new"
// on her Press tab and reads it as text (markup stays words); the GM does not see it, writes to
// everyone, and both players read that. The Press tab passes the accessibility checks. Then the
// GM views the campaign as anna (read only): anna's forces on the map, no order bar, no press
// form, and anna's private word to ingrid still unread by the GM; and back to the GM's view.
//   node tests/web/press.mjs --server build/dev/server/umpire-server [--artifacts DIR]
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
const PRIVATE = "Parley at the mill? <b>not bold</b>";
const PUBLIC = "Rain tonight: the fords are deep.";

async function open(account, viewport) {
  const user = await openUser(playwright, viewport);
  users.push(user);
  const page = user.page;
  page.setDefaultTimeout(15_000);
  await openFirstCampaign(page, server, account);
  return page;
}
const messages = (page) => page.locator(".press-message .press-text").allTextContents();
// A heading in the list (the announcer says the same words for screen readers).
const heading = (page, text) => page.locator(".press-list").getByText(text).first();

try {
  const anna = await open("anna", { width: 1366, height: 768 });
  const ingrid = await open("ingrid", { width: 390, height: 844 });
  const gm = await open("gm", { width: 1366, height: 768 });

  // anna writes to ingrid alone.
  await anna.getByRole("tab", { name: /^Press/ }).click();
  await anna.getByText(/read by you and those you write to/).waitFor();
  const send = anna.getByRole("button", { name: "Send" });
  assert.equal(await send.isDisabled(), true, "Send is enabled with nothing to send");
  await anna.getByLabel("Ingrid", { exact: true }).check();
  await anna.getByLabel("Message", { exact: true }).fill(PRIVATE);
  await send.click();
  await heading(anna, "You to Ingrid").waitFor();
  assert.deepEqual(await messages(anna), [PRIVATE]);
  assert.equal(await anna.getByLabel("Message", { exact: true }).inputValue(), "", "the box was not emptied after sending");
  const problems = await checkAccessibility(anna, "press");

  // ingrid, on her phone: "1 new" on the tab, the message as words.
  await ingrid.getByRole("tab", { name: "Press (1 new)" }).waitFor();
  await ingrid.getByRole("tab", { name: /^Press/ }).click();
  await heading(ingrid, "Anna to you").waitFor();
  assert.deepEqual(await messages(ingrid), [PRIVATE]);
  assert.equal(await ingrid.locator(".press-message b").count(), 0, "a message was shown as markup");
  assert.equal(await ingrid.getByRole("tab", { name: "Press" }).count(), 1, "the new count stayed after reading");
  const wide = await ingrid.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `the phone page scrolls sideways (${wide} px)`);

  // The GM does not read it, and writes to everyone.
  await gm.getByRole("tab", { name: /^Press/ }).click();
  await heading(gm, "No messages yet.").waitFor();
  await gm.getByLabel("Everyone", { exact: true }).check();
  await gm.getByLabel("Message", { exact: true }).fill(PUBLIC);
  await gm.getByLabel("Message", { exact: true }).press("Enter");  // a new line, not a reload
  await gm.getByRole("button", { name: "Send" }).click();
  await heading(gm, "You (GM) to everyone").waitFor();
  assert.deepEqual((await messages(gm)).map((t) => t.trim()), [PUBLIC]);
  for (const page of [anna, ingrid]) {
    await heading(page, "The GM to everyone").waitFor();
    assert.deepEqual((await messages(page)).map((t) => t.trim()), [PRIVATE, PUBLIC]);
  }
  await shot(anna, "11-press");
  // A refresh keeps them (they come from the server, not the page).
  await ingrid.reload();
  await ingrid.waitForFunction(() => window.umpire?.screen === "campaign" && window.umpire.tab === "press");
  await heading(ingrid, "The GM to everyone").waitFor();
  assert.equal((await messages(ingrid)).length, 2);

  // The GM views the campaign as anna does, read only, and comes back.
  await gm.getByRole("tab", { name: "GM console" }).click();
  await gm.getByLabel("Player", { exact: true }).first().selectOption("anna");
  await gm.getByRole("button", { name: "View as this player" }).click();
  await gm.getByText(/viewing the campaign as Anna sees it: read only/).waitFor();
  assert.equal(await gm.evaluate(() => window.umpire.view.you.player), "anna");
  await shot(gm, "12-view-as-player");
  assert.equal(await gm.getByRole("tab", { name: "GM console" }).count(), 0);
  assert.equal(await gm.locator(".order-bar").isVisible().catch(() => false), false, "the order bar is shown in a preview");
  await gm.getByRole("tab", { name: /^Press/ }).click();
  assert.equal(await gm.locator(".press-form").isVisible(), false, "the press form is shown in a preview");
  assert.deepEqual((await messages(gm)).map((t) => t.trim()), [PUBLIC], "a preview opened anna's private press");
  await gm.getByText(/not Anna's private messages/).waitFor();
  const previewProblems = await checkAccessibility(gm, "view as player");
  await gm.getByRole("button", { name: "Back to the GM view" }).click();
  await gm.getByRole("tab", { name: "GM console" }).waitFor();
  assert.equal(await gm.evaluate(() => window.umpire.view.you.role), "gm");
  problems.push(...previewProblems);

  assert.deepEqual(problems, [], "accessibility");
  for (const u of users) assert.deepEqual(u.errors, [], "console errors");
  console.log("ok: press reaches whom it is written to, as words, on desktop and phone");
} catch (e) {
  failed = true;
  console.error(e);
  console.error(server.stderr().slice(-2000));
} finally {
  for (const u of users) await u.context.close().catch(() => {});
  await server.stop();
}
process.exit(failed ? 1 : 0);
