// Debian's Chromium, headless, driven by playwright-core (never a downloaded browser): one
// persistent context per user, each with a fresh profile.
import { createRequire } from "node:module";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

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
