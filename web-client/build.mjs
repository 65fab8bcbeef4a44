// Builds the client into dist/: the bundled app (esbuild), the static files, and the shipped
// rulesets (the client computes move costs from them; the view does not carry the tables).
import { build } from "esbuild";
import { cpSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "dist");
rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, "rulesets"), { recursive: true });
await build({
  entryPoints: [join(here, "src", "main.ts")],
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: true,
  outfile: join(dist, "app.js"),
  logLevel: "warning",
});
cpSync(join(here, "static"), dist, { recursive: true });
const rulesets = join(here, "..", "rulesets");
for (const f of readdirSync(rulesets)) if (f.endsWith(".json")) cpSync(join(rulesets, f), join(dist, "rulesets", f));
console.log(`built ${dist}`);
