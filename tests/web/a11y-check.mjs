import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// A small accessibility check run in the page: every control has an accessible name, every
// SVG and image a text alternative, no positive tabindex, and (by pressing Tab) every visible
// enabled control can be reached from the keyboard. Returns a list of violations.
export function nameProblemsInPage() {
  const problems = [];
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length) && getComputedStyle(el).visibility !== "hidden";
  const describe = (el) => `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${el.className && typeof el.className === "string" ? "." + el.className.split(" ").join(".") : ""}`;
  const named = (el) => {
    if (el.getAttribute("aria-label")?.trim()) return true;
    const by = el.getAttribute("aria-labelledby");
    if (by && by.split(" ").some((id) => document.getElementById(id)?.textContent.trim())) return true;
    if (el.labels && [...el.labels].some((l) => l.textContent.trim())) return true;
    if (el.getAttribute("title")?.trim()) return true;
    if (el.tagName === "TABLE" && el.querySelector(":scope > caption")?.textContent.trim()) return true;  // named by its caption
    if ((el.tagName === "BUTTON" || el.tagName === "A" || el.getAttribute("role") === "tab") && el.textContent.trim()) return true;
    return false;
  };
  for (const el of document.querySelectorAll("button, input, select, textarea, a[href], [role=tab], [role=grid], [tabindex]")) {
    if (!visible(el)) continue;
    if (el.type === "hidden") continue;
    if (!named(el)) problems.push(`no accessible name: ${describe(el)}`);
    if (el.tabIndex > 0) problems.push(`positive tabindex: ${describe(el)}`);
  }
  for (const svg of document.querySelectorAll("svg")) {
    if (!visible(svg) || svg.closest("[aria-hidden=true]")) continue;  // decorative: hidden from assistive tech
    if (!svg.getAttribute("aria-label") && !svg.querySelector(":scope > title")) problems.push(`svg without a title: ${describe(svg)}`);
  }
  for (const img of document.querySelectorAll("img")) if (!img.hasAttribute("alt")) problems.push(`img without alt: ${describe(img)}`);
  if (!document.documentElement.lang) problems.push("html without lang");
  for (const table of document.querySelectorAll("table")) if (visible(table) && !table.querySelector("caption") && !table.getAttribute("aria-label")) problems.push(`table without caption: ${describe(table)}`);
  return problems;
}

// Presses Tab through the page and reports visible, enabled controls never focused.
export async function unreachableByTab(page, maxPresses = 400) {
  await page.evaluate(() => {
    document.querySelectorAll("[data-a11y-seen]").forEach((e) => e.removeAttribute("data-a11y-seen"));
    (document.activeElement)?.blur?.();
    window.scrollTo(0, 0);
  });
  const wanted = await page.evaluate(() => {
    const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length) && getComputedStyle(el).visibility !== "hidden";
    const els = [...document.querySelectorAll("button, input, select, textarea, a[href], [tabindex='0']")]
      .filter((el) => visible(el) && !el.disabled && !el.closest("[hidden]") && el.tabIndex >= 0);
    // Radio groups and tab lists are one stop each: the checked radio / the selected tab.
    return els.filter((el) => !(el.type === "radio" && !el.checked) && !(el.getAttribute("role") === "tab" && el.getAttribute("aria-selected") !== "true")).length;
  });
  // Tab until focus comes back round to the first element it reached (or the browser chrome).
  let first = true;
  for (let i = 0; i < Math.min(maxPresses, wanted * 3 + 20); i++) {
    await page.keyboard.press("Tab");
    const state = await page.evaluate((isFirst) => {
      const el = document.activeElement;
      if (!el || el === document.body) return "none";
      if (el.hasAttribute("data-a11y-seen")) return el.hasAttribute("data-a11y-first") ? "wrapped" : "again";
      el.setAttribute("data-a11y-seen", "");
      if (isFirst) el.setAttribute("data-a11y-first", "");
      return "new";
    }, first);
    if (state === "new") first = false;
    if (state === "wrapped") break;
  }
  await page.evaluate(() => document.querySelectorAll("[data-a11y-first]").forEach((e) => e.removeAttribute("data-a11y-first")));
  return page.evaluate(() => {
    const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length) && getComputedStyle(el).visibility !== "hidden";
    return [...document.querySelectorAll("button, input, select, textarea, a[href], [tabindex='0']")]
      .filter((el) => visible(el) && !el.disabled && el.tabIndex >= 0 && !el.hasAttribute("data-a11y-seen"))
      .filter((el) => !(el.type === "radio" && !el.checked) && !(el.getAttribute("role") === "tab" && el.getAttribute("aria-selected") !== "true"))
      .map((el) => `not reachable by Tab: ${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""} "${(el.getAttribute("aria-label") || el.textContent || el.name || "").trim().slice(0, 40)}"`);
  });
}

// axe-core (npm), the WCAG 2.2 A and AA rules (contrast, names, roles, landmarks, …), run in the
// page. Each violation is reported with the elements it found.
const AXE = fileURLToPath(new URL("../../web-client/node_modules/axe-core/axe.min.js", import.meta.url));
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export async function axeViolations(page) {
  // Evaluated through the DevTools protocol, not a <script> tag: the page's Content-Security-Policy
  // (script-src 'self') refuses inline scripts, and the test must not weaken it (issue 53).
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(readFileSync(AXE, "utf8"));
  const violations = await page.evaluate((tags) => window.axe.run(document, { runOnly: { type: "tag", values: tags } }).then((r) => r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(" ")}${n.any?.[0]?.message ? ` (${n.any[0].message})` : ""}`),
  }))), WCAG_AA);
  return violations.flatMap((v) => v.nodes.map((n) => `axe ${v.id} (${v.impact}): ${v.help}: ${n}`));
}

export async function checkAccessibility(page, screen) {
  const problems = await page.evaluate(nameProblemsInPage);
  // A message arriving during the walk can draw part of the page again (the battle companion's
  // controls come with its state), and controls drawn after the walk passed them look
  // unreachable; one that truly is stays so on a second walk.
  let unreachable = await unreachableByTab(page);
  if (unreachable.length) {
    await page.waitForTimeout(1000);
    unreachable = await unreachableByTab(page);
  }
  problems.push(...unreachable);
  problems.push(...(await axeViolations(page)));
  return problems.map((p) => `${screen}: ${p}`);
}
