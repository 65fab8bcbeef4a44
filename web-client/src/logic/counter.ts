// What a map counter says of a force (issue 31): its arm as a NATO-style glyph inside the frame
// (infantry a cross, cavalry one diagonal, artillery a dot; mixed or not known: none) and its
// strength as the viewer knows it — one's own exactly, an enemy by the latest estimate with its
// band (R-6.4, logic/estimate-band.ts), "?" when nothing is known.
import { bandText, estimateBand } from "./estimate-band.js";
import { Ruleset } from "./ruleset.js";

export type Arm = "infantry" | "cavalry" | "artillery";
export const ARMS: readonly Arm[] = ["infantry", "cavalry", "artillery"];

export interface Strength {
  label: string;   // on the map, beside the counter: "40", "19–32", "~24", "?"
  words: string;   // for the title and screen readers: "40 figures", "about 24 (19–32, ±25%)"
}

// Figures known exactly (one's own forces; the GM's all-seeing map; an exact fact).
export function exactStrength(figures: number): Strength {
  return { label: String(figures), words: `${figures} figures` };
}

// A knowledge fact's size (docs/protocol.md: `{exact}` or `{estimate, accuracy_percent}`), or
// nothing known. `of` names what was measured when it is not the whole force ("assault regiment":
// a contact measures the opponent's assault regiment only, R-6.4).
export function knownStrength(size: unknown, of = ""): Strength {
  const prefix = of ? `${of} ` : "";
  if (!size || typeof size !== "object") return { label: "?", words: "strength unknown" };
  const s = size as { exact?: unknown; estimate?: unknown; accuracy_percent?: unknown };
  if (typeof s.exact === "number") return { label: String(s.exact), words: `${prefix}${s.exact} figures (exact)` };
  if (typeof s.estimate === "number") {
    const p = typeof s.accuracy_percent === "number" ? s.accuracy_percent : 0;
    if (p <= 0) return { label: `~${s.estimate}`, words: `${prefix}about ${s.estimate}` };
    const band = estimateBand(s.estimate, p);
    return {
      label: band.high === null ? `${band.low}+` : band.low === band.high ? `~${band.low}` : `${band.low}–${band.high}`,
      words: `${prefix}about ${s.estimate} (${bandText(band)}, ±${p}%)`,
    };
  }
  return { label: "?", words: "strength unknown" };
}

function armOfClass(c: string | undefined): Arm | null {
  return c && (ARMS as readonly string[]).includes(c) ? (c as Arm) : null;
}

// One arm for troop classes all alike; mixed, unknown or none: null.
export function armOfClasses(classes: (string | undefined)[]): Arm | null {
  if (classes.length === 0) return null;
  const first = armOfClass(classes[0]);
  return first && classes.every((c) => c === first) ? first : null;
}

// A force's arm from its companies' troop types, by the ruleset's classes.
export function armOfTypes(types: string[], ruleset: Ruleset | null): Arm | null {
  if (!ruleset) return null;
  return armOfClasses(types.map((t) => ruleset.troop_types[t]?.class));
}

// The arm a knowledge fact's composition tells: `{class}` (the main class of the assault
// regiment), `{types}`, or `{companies: [{type, …}]}`; anything else tells none.
export function armOfComposition(comp: unknown, ruleset: Ruleset | null): Arm | null {
  if (!comp || typeof comp !== "object") return null;
  const c = comp as { class?: unknown; types?: unknown; companies?: unknown };
  if (typeof c.class === "string") return armOfClass(c.class);
  if (Array.isArray(c.types)) return armOfTypes(c.types.map(String), ruleset);
  if (Array.isArray(c.companies)) return armOfTypes(c.companies.map((x) => String((x as { type?: unknown })?.type)), ruleset);
  return null;
}
