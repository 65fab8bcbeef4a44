// A routine server restart under three open tabs (issue 31): the GM and two players have the
// demo campaign open in Debian's Chromium; the server stops for 3.5 s and starts again on the
// same port and database. Each tab must come back online, logged in and in its campaign, within
// seconds, having opened only a handful of WebSockets (before the fix each failed attempt
// scheduled two retries and the tabs opened about 1,000 sockets each in 45 s), and what the GM
// had typed in a form is still there.
//   node tests/web/reconnect.mjs --server build/dev/server/umpire-server
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

const DOWN_MS = 3_500;
const BACK_WITHIN_MS = 30_000;  // waits of 0.5–1, 1–2, 2–4, 4–8, 8–16 s: room for a slow start
const MAX_SOCKETS = 6;          // opened per tab from the drop until it is back
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const started = Date.now();
const log = (...a) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s]`, ...a);

const playwright = loadPlaywright(join(source, "web-client"));
const server = await startServer({ binary, source, staticDir: join(source, "web-client", "dist") });
const tabs = [];
let failed = false;
try {
  for (const account of ["gm", "anna", "ingrid"]) {
    const user = await openUser(playwright);
    const tab = { account, ...user, sockets: 0 };
    tabs.push(tab);
    tab.page.setDefaultTimeout(15_000);
    tab.page.on("websocket", () => { tab.sockets++; });
    await tab.page.goto(server.url);
    await signIn(tab.page, server, account);
    await tab.page.getByRole("button", { name: /^Open / }).first().click();
    await tab.page.waitForSelector("svg.map polygon");
  }
  const gm = tabs[0].page;
  await gm.getByRole("tab", { name: "GM console" }).click();
  const typed = gm.locator("form[aria-labelledby=gm-extend] input[name=reason]");
  await typed.fill("the post is slow this week");
  const online = (page) => page.evaluate(() => window.umpire?.status === "online" && !!window.umpire?.view);
  for (const t of tabs) assert.ok(await online(t.page), `${t.account}: not online before the restart`);

  log(`the server stops for ${DOWN_MS} ms`);
  for (const t of tabs) t.sockets = 0;
  const down = Date.now();
  await server.restart(DOWN_MS);
  log("the server is back");

  for (const t of tabs) {
    while (!(await online(t.page))) {
      if (Date.now() - down > BACK_WITHIN_MS)
        throw new Error(`${t.account}: not back online ${BACK_WITHIN_MS} ms after the stop (${t.sockets} sockets opened)`);
      await sleep(100);
    }
    t.back = Date.now() - down;
  }
  await sleep(2_000);  // a loop that kept going would open more
  for (const t of tabs) {
    log(`${t.account}: back after ${t.back} ms, ${t.sockets} WebSocket(s) opened`);
    assert.ok(t.sockets >= 1, `${t.account}: never reconnected`);
    assert.ok(t.sockets <= MAX_SOCKETS, `${t.account}: ${t.sockets} WebSockets opened for one restart`);
  }
  assert.equal(await typed.inputValue(), "the post is slow this week", "the GM's typed reason was lost");
  // Logged in and in the campaign again: a request that needs both is answered.
  const anna = tabs[1].page;
  const joined = await anna.evaluate(() => window.umpire.view.campaign);
  assert.ok(joined, "anna is not back in her campaign");
  log("ok: every tab came back with a handful of attempts");
} catch (e) {
  failed = true;
  console.error(e);
  console.error(server.stderr().slice(-2000));
} finally {
  for (const t of tabs) await t.context.close().catch(() => {});
  await server.stop();
}
process.exit(failed ? 1 : 0);
