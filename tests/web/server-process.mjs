// Starts the real umpire-server on 127.0.0.1 on a free port with a temporary SQLite file and
// the demo campaign's accounts, serving the built web client. restart() stops it and starts it
// again on the same port and file after a pause, as an operator's routine restart would.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// `args`: more command-line flags for this server only (e.g. --allow-private-webhooks);
// `demo`: the scenario of the demo campaign (its players' accounts are made; default the demo's).
export async function startServer({ binary, source, staticDir, args = [], demo = join(source, "scenarios", "valormr-demo.json") }) {
  const dir = mkdtempSync(join(tmpdir(), "umpire-web-e2e-"));
  const db = join(dir, "campaigns.db");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  let child = null;
  let stdout = "";
  let stderr = "";

  async function launch() {
    stdout = "";
    child = spawn(binary, [
      "--bind", "127.0.0.1", "--port", String(port), "--db", db, "--create-db",
      "--scenarios-dir", join(source, "scenarios"), "--rulesets", join(source, "rulesets"),
      "--demo", demo, "--password-cost", "min",
      "--static-dir", staticDir, "--log-level", "warn", ...args,
    ], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (d) => { stdout += d; });
    child.stderr.on("data", (d) => { stderr += d; });
    for (let i = 0; i < 100; i++) {
      if (child.exitCode !== null) throw new Error(`umpire-server exited: ${stderr}`);
      try { if ((await fetch(url + "healthz")).ok && stdout.includes("Logins")) return; } catch { /* not yet */ }
      await sleep(100);
    }
    throw new Error(`umpire-server did not come up at ${url}: ${stderr}`);
  }
  const stop = () => new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });

  await launch();
  const logins = JSON.parse(readFileSync(`${db}.demo-logins.json`, "utf8"));
  return {
    url, dir, logins,
    password: (account) => logins.find((l) => l.account === account).password,
    stderr: () => stderr,
    stop,
    restart: async (downMs) => { await stop(); await sleep(downMs); await launch(); },
  };
}
