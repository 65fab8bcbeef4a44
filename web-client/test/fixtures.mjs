// Shared test data: the demo map and ruleset as the server and the repository give them.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const ruleset = JSON.parse(readFileSync(join(root, "rulesets", "valormr-1.json"), "utf8"));
export const scenario = JSON.parse(readFileSync(join(root, "scenarios", "valormr-demo.json"), "utf8"));
export const force = (id) => structuredClone(scenario.forces.find((f) => f.id === id));
