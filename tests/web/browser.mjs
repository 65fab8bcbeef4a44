// Debian's Chromium, headless, driven by playwright-core (never a downloaded browser): one
// persistent context per user, each with a fresh profile. And the command line the browser
// tests share: --server PATH (or UMPIRE_SERVER) and --artifacts DIR.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// The repository, the server binary (--server PATH, or UMPIRE_SERVER) and, with --artifacts
// DIR, `shot(page, name)`: a screenshot of the screen in view for docs/web-client.md (without
// the option it does nothing).
export function testCommandLine(argv = process.argv) {
  const source = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const arg = (name, fallback) => { const i = argv.indexOf(name); return i > 0 ? argv[i + 1] : fallback; };
  const binary = arg("--server", process.env.UMPIRE_SERVER);
  assert.ok(binary, "give --server PATH (the umpire-server binary)");
  const artifacts = arg("--artifacts", "");
  const shot = async (page, name) => {
    if (!artifacts) return;
    await page.evaluate(() => document.activeElement?.blur());  // no focus ring left from the keyboard checks
    await page.screenshot({ path: join(artifacts, `${name}.png`) });
  };
  return { source, arg, binary, artifacts, shot };
}

export function loadPlaywright(webClientDir) {
  const require = createRequire(join(webClientDir, "package.json"));
  return require("playwright-core");
}

export async function openUser(playwright, viewport = { width: 1280, height: 900 }) {
  const profile = mkdtempSync(join(tmpdir(), "umpire-chromium-"));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: process.env.UMPIRE_CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    viewport,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
      "--disable-sync", "--no-first-run"],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  return { context, page, errors };
}

// The login screen, as a user fills it in.
export async function signIn(page, server, account) {
  await page.getByLabel("Account").fill(account);
  await page.getByLabel("Password").fill(server.password(account));
  await page.getByRole("button", { name: "Sign in" }).click();
}

// From the start page to the first campaign in the signed-in account's list.
export async function openFirstCampaign(page, server, account) {
  await page.goto(server.url);
  await signIn(page, server, account);
  await page.getByRole("button", { name: /^Open / }).first().click();
  await page.waitForFunction(() => window.umpire?.screen === "campaign");
}
