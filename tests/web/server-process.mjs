// Starts the real umpire-server on 127.0.0.1 on a free port with a temporary SQLite file and
// the demo campaign's accounts, serving the built web client.
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

export async function startServer({ binary, source, staticDir }) {
  const dir = mkdtempSync(join(tmpdir(), "umpire-web-e2e-"));
  const db = join(dir, "campaigns.db");
  const port = await freePort();
  const child = spawn(binary, [
    "--bind", "127.0.0.1", "--port", String(port), "--db", db, "--create-db",
    "--scenarios-dir", join(source, "scenarios"), "--rulesets", join(source, "rulesets"),
    "--demo", join(source, "scenarios", "valormr-demo.json"), "--password-cost", "min",
    "--static-dir", staticDir, "--log-level", "warn",
  ], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => { stdout += d; });
  child.stderr.on("data", (d) => { stderr += d; });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`umpire-server exited: ${stderr}`);
    try { if ((await fetch(url + "healthz")).ok && stdout.includes("Logins")) break; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  const logins = JSON.parse(readFileSync(`${db}.demo-logins.json`, "utf8"));
  return {
    url, dir, logins,
    password: (account) => logins.find((l) => l.account === account).password,
    stderr: () => stderr,
    stop: () => new Promise((resolve) => { if (child.exitCode !== null) return resolve(); child.once("exit", resolve); child.kill("SIGTERM"); }),
  };
}
