// The browser map benchmark (issue 31, "Weight and scale"): the real umpire-server on 127.0.0.1,
// once with the demo campaign (the baseline) and once with a generated 1,000-force 120 × 80
// scenario (scripts/gen_big_scenario.mjs), Debian's Chromium headless through playwright-core.
// A player (Anna: one force in the demo, 250 in the big one) signs in and opens the map; for
// each map it reports
//   - the snapshot's size (the join reply, bytes on the wire),
//   - the map's DOM nodes (every node under svg.map, text nodes included) and the page's,
//   - frames per second while panning for ~2 s: dragging (pointer events, 8 px a frame) and by
//     the keyboard (an arrow key a frame), counted with requestAnimationFrame in the page,
//   - a hex click's time to the next painted frame (the median and the slowest of 20 clicks,
//     each adding or taking back a step of the selected force's path): performance.now() before
//     the pointer events, then a requestAnimationFrame and a message after it (the frame painted),
//   - the whole map (the key 0; a large one is an overview): its nodes and frames while dragged,
// and the ratio big / demo of each. Headless Chromium draws in software (--disable-gpu) without
// a screen: its frame rates are this machine's, not a real display's. The server loads (and so
// checks) the generated scenario as its demo campaign; `--static-dir` measures another build of
// the client (an older one, for a before and after).
//   node bench/web/map_bench.mjs --server build/bench/server/umpire-server [--out FILE.json]
//        [--static-dir web-client/dist] [--clicks 20] [--seconds 2]
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../../tests/web/server-process.mjs";
import { loadPlaywright, openUser } from "../../tests/web/browser.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const source = resolve(here, "..", "..");
const arg = (name, fallback) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : fallback; };
const binary = arg("--server", process.env.UMPIRE_SERVER);
assert.ok(binary, "give --server PATH (the umpire-server binary)");
const staticDir = resolve(arg("--static-dir", join(source, "web-client", "dist")));
const outFile = arg("--out", "");
const clicks = Number(arg("--clicks", "20"));
const seconds = Number(arg("--seconds", "2"));
const viewport = { width: 1280, height: 900 };
assert.ok(existsSync(join(staticDir, "app.js")), `${staticDir}/app.js is missing: cd web-client && npm run build`);

const work = mkdtempSync(join(tmpdir(), "umpire-map-bench-"));
const big = join(work, "valormr-big.json");
execFileSync(process.execPath, [join(source, "scripts", "gen_big_scenario.mjs"), "--out", big]);
const maps = [
  { name: "demo", scenario: join(source, "scenarios", "valormr-demo.json") },
  { name: "big", scenario: big },
];

const playwright = loadPlaywright(join(source, "web-client"));

// ---- in the page ----

// Nodes under the map's SVG (elements, text, comments) and elements in the whole document.
function countNodes() {
  const svg = document.querySelector("svg.map");
  let map = 0;
  const walker = document.createTreeWalker(svg, NodeFilter.SHOW_ALL);
  while (walker.nextNode()) map++;
  return {
    map, page: document.getElementsByTagName("*").length,
    hexes: svg.querySelectorAll("[data-hex]").length, counters: svg.querySelectorAll("[data-force]").length,
  };
}

// Frames counted by requestAnimationFrame over `ms` while the map pans once a frame: dragged
// (`kind` "drag") or by an arrow key ("keys").
async function framesWhile({ kind, ms }) {
  const svg = document.querySelector("svg.map");
  svg.focus();
  const r = svg.getBoundingClientRect();
  const at = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  const pointer = (type, x, y) => svg.dispatchEvent(new PointerEvent(type, {
    bubbles: true, cancelable: true, pointerId: 1, pointerType: "mouse", isPrimary: true,
    clientX: x, clientY: y, button: 0, buttons: type === "pointerup" ? 0 : 1,
  }));
  const key = (k) => svg.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
  const box0 = svg.getAttribute("viewBox");
  let x = at.x;
  let dir = 1;
  if (kind === "drag") pointer("pointerdown", x, at.y);
  const gaps = [];
  const result = await new Promise((done) => {
    let frames = 0;
    let start = 0;
    let last = 0;
    const frame = (t) => {
      if (!start) { start = t; last = t; }
      else { frames++; gaps.push(t - last); last = t; }
      if (t - start >= ms) return done({ frames, elapsed: t - start });
      // back and forth: a second each way
      if (t - start >= ms / 2) dir = -1;
      if (kind === "drag") { x += 8 * dir; pointer("pointermove", x, at.y); }
      else key(dir > 0 ? "ArrowRight" : "ArrowLeft");
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  if (kind === "drag") pointer("pointerup", x, at.y);
  gaps.sort((a, b) => a - b);
  const moved = svg.getAttribute("viewBox") !== box0 || kind === "drag";
  return { fps: (result.frames * 1000) / result.elapsed, frames: result.frames, slowestFrameMs: gaps[gaps.length - 1] ?? 0,
    p95FrameMs: gaps[Math.floor(gaps.length * 0.95)] ?? 0, moved, box0, box1: svg.getAttribute("viewBox") };
}

// One click on the hex `key`: the time until the handler and the redraw it queued were done,
// and until the next frame was painted (a requestAnimationFrame, then a message, which runs
// after that frame's paint).
async function clickHex(key) {
  const el = document.querySelector(`svg.map [data-hex="${key}"]`);
  if (!el) return { missing: key };
  const r = el.getBoundingClientRect();
  const init = (type) => ({ bubbles: true, cancelable: true, pointerId: 1, pointerType: "mouse", isPrimary: true,
    clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, button: 0, buttons: type === "pointerdown" ? 1 : 0 });
  const t0 = performance.now();
  el.dispatchEvent(new PointerEvent("pointerdown", init("pointerdown")));
  el.dispatchEvent(new PointerEvent("pointerup", init("pointerup")));
  el.dispatchEvent(new MouseEvent("click", init("click")));
  await Promise.resolve();  // the redraw the handler asked for, in a microtask, first
  const t1 = performance.now();
  await new Promise((painted) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => painted();
    ch.port2.postMessage(0);
  }));
  return { handlerMs: t1 - t0, frameMs: performance.now() - t0 };
}

// ---- the run ----

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN; };

async function measure(map) {
  const scenario = JSON.parse(readFileSync(map.scenario, "utf8"));
  const hexes = scenario.map.rows.reduce((n, row) => n + [...row.terrain].filter((c) => c !== ".").length, 0);
  const server = await startServer({ binary, source, staticDir, demo: map.scenario });
  const user = await openUser(playwright, viewport);
  const { page } = user;
  page.setDefaultTimeout(60_000);
  let snapshotBytes = 0;
  page.on("websocket", (ws) => ws.on("framereceived", (f) => {
    if (typeof f.payload === "string" && f.payload.includes('"type":"snapshot"')) snapshotBytes = Buffer.byteLength(f.payload);
  }));
  try {
    await page.goto(server.url);
    await page.getByLabel("Account").fill("anna");
    await page.getByLabel("Password").fill(server.password("anna"));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForFunction(() => window.umpire?.screen === "campaigns");
    const opened = Date.now();
    await page.getByRole("button", { name: /^Open / }).first().click();
    await page.waitForSelector("svg.map [data-hex]");
    await page.waitForSelector("#order-force");
    const openMs = Date.now() - opened;
    await page.waitForTimeout(1500);  // history, press, the ruleset: the page settles
    const forces = await page.evaluate(() => ({ own: window.umpire.view.world.forces.length, allies: (window.umpire.view.world.allies ?? []).length }));
    const nodes = await page.evaluate(countNodes);

    const drag = await page.evaluate(framesWhile, { kind: "drag", ms: seconds * 1000 });
    const keys = await page.evaluate(framesWhile, { kind: "keys", ms: seconds * 1000 });
    // Back to where the map opened (the selected force in view), then the clicks.
    await page.reload();
    await page.waitForSelector("svg.map [data-hex]");
    await page.waitForSelector("#order-force");
    await page.waitForTimeout(1500);
    const target = await page.evaluate(() => {
      const a = window.umpire;
      const id = document.querySelector("#order-force").value;
      const f = a.view.world.forces.find((x) => x.id === id);
      const steps = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
      for (const [dq, dr] of steps) {
        const k = `${f.hex[0] + dq},${f.hex[1] + dr}`;
        if (a.map.terrain.get(k) && a.map.terrain.get(k) !== "water" && document.querySelector(`svg.map [data-hex="${k}"]`)) return k;
      }
      return null;
    });
    assert.ok(target, "no hex next to the selected force is on screen");
    const times = [];
    for (let i = 0; i < clicks; i++) {
      const t = await page.evaluate(clickHex, target);
      assert.ok(!t.missing, `hex ${target} is not on the map after ${i} clicks`);
      times.push(t);
      await page.waitForTimeout(120);
    }
    const path = await page.evaluate(() => document.querySelector("#path-summary")?.textContent ?? "");
    const nodesAfter = await page.evaluate(countNodes);
    // The whole map (the key 0): a large one is drawn as an overview.
    await page.evaluate(() => document.querySelector("svg.map").dispatchEvent(new KeyboardEvent("keydown", { key: "0", bubbles: true })));
    await page.waitForTimeout(500);
    const wholeNodes = await page.evaluate(countNodes);
    const wholeDrag = await page.evaluate(framesWhile, { kind: "drag", ms: seconds * 1000 });
    assert.deepEqual(user.errors, [], "console errors");
    return {
      map: map.name, scenario: { forces: scenario.forces.length, hexes }, snapshotBytes, openMs, forces, nodes, nodesAfterClicks: nodesAfter,
      panDrag: drag, panKeys: keys, whole: { nodes: wholeNodes, panDrag: wholeDrag },
      click: {
        target, count: times.length, path,
        medianMs: median(times.map((t) => t.frameMs)), slowestMs: Math.max(...times.map((t) => t.frameMs)),
        handlerMedianMs: median(times.map((t) => t.handlerMs)),
        framesMs: times.map((t) => Math.round(t.frameMs * 10) / 10),
      },
    };
  } finally {
    await user.context.close().catch(() => {});
    await server.stop();
  }
}

const results = [];
for (const m of maps) {
  process.stdout.write(`measuring the ${m.name} map ...\n`);
  results.push(await measure(m));
}
const [demo, bigMap] = results;
const rows = [
  ["snapshot (bytes)", (r) => r.snapshotBytes, 0],
  ["own / allied forces", (r) => `${r.forces.own} / ${r.forces.allies}`, null],
  ["map DOM nodes", (r) => r.nodes.map, 0],
  ["hex polygons / counters in the DOM", (r) => `${r.nodes.hexes} / ${r.nodes.counters}`, null],
  ["page elements", (r) => r.nodes.page, 0],
  ["pan by dragging (fps)", (r) => r.panDrag.fps, 1],
  ["  slowest frame (ms)", (r) => r.panDrag.slowestFrameMs, 1],
  ["pan by arrow keys (fps)", (r) => r.panKeys.fps, 1],
  ["  slowest frame (ms)", (r) => r.panKeys.slowestFrameMs, 1],
  ["hex click to painted frame, median (ms)", (r) => r.click.medianMs, 1],
  ["  slowest of the clicks (ms)", (r) => r.click.slowestMs, 1],
  ["  handler and redraw, median (ms)", (r) => r.click.handlerMedianMs, 1],
  ["whole map (0): map DOM nodes", (r) => r.whole.nodes.map, 0],
  ["whole map: pan by dragging (fps)", (r) => r.whole.panDrag.fps, 1],
  ["opening the campaign to the map (ms)", (r) => r.openMs, 0],
];
const fmt = (v, d) => (typeof v === "number" ? v.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d }) : String(v));
console.log(`\n${"".padEnd(42)}${"demo".padStart(12)}${"big".padStart(12)}${"big/demo".padStart(10)}`);
for (const [label, get, d] of rows) {
  const a = get(demo), b = get(bigMap);
  const ratio = d === null || !a ? "" : `${(b / a).toFixed(2)}×`;
  console.log(`${label.padEnd(42)}${fmt(a, d ?? 0).padStart(12)}${fmt(b, d ?? 0).padStart(12)}${ratio.padStart(10)}`);
}
console.log("Headless Chromium, software drawing, no display: frame rates are this machine's, not a screen's.");
const report = {
  date: new Date().toISOString(), server: binary, machine: { cpu_model: cpus()[0]?.model ?? "", cpus: cpus().length }, viewport, seconds, clicks, chromium: await (async () => {
    const b = await playwright.chromium.launch({ executablePath: process.env.UMPIRE_CHROMIUM ?? "/usr/bin/chromium", headless: true, args: ["--no-sandbox"] });
    const v = b.version(); await b.close(); return v;
  })(), results,
};
if (outFile) { writeFileSync(outFile, JSON.stringify(report, null, 2) + "\n"); console.log(`wrote ${outFile}`); }
rmSync(work, { recursive: true, force: true });
