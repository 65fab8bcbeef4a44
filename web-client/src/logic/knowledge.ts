// The enemy as a player knows it: its knowledge facts (contact intelligence, scout
// reports), with positions taken from the contact and scout events it saw. Facts are never
// refreshed until a new source reveals them, so each carries its age.
import { Hex } from "./hex.js";
import { GameEvent, KnowledgeFact } from "./view-types.js";
import { CompositionKnown, FactSize } from "./events.generated.js";
import { bandText, estimateBand } from "./estimate-band.js";
import { modifiers } from "./event-words.js";
import { compositionWords } from "./troop-words.js";

export interface KnownEnemy {
  force: string;
  hex: Hex | null;          // last known position
  hexSource: string;        // where the position comes from
  hexPeriod: number | null; // period ordinal of the position
  size: string;             // "about 24 (19–32, ±25%)", "40 figures (exact)", "unknown"
  composition: string;      // "light horse and spearmen", "30 figures of spearmen and 10 figures of archers", ...
  sizeFact: FactSize | null; // the newest size as the fact gave it ({exact} or {estimate, …}); null: none
  sizeKind: KnowledgeFact["kind"] | ""; // the kind of that fact ("contact_intel": the assault regiment's size)
  compositionFact: CompositionKnown | null; // the newest composition as the fact gave it; null: none
  aware: boolean | null;
  factPeriod: number;       // ordinal of the newest fact
  age: string;              // "this period", "1 period ago", ...
  sources: string[];
}

export function describeSize(size: unknown): string {
  if (!size || typeof size !== "object") return "unknown";
  const s = size as { exact?: number; estimate?: number; accuracy_percent?: number };
  if (typeof s.exact === "number") return `${s.exact} figures (exact)`;
  if (typeof s.estimate === "number") {
    const p = s.accuracy_percent ?? 0;
    // The true size is estimate ÷ (1 ± p), not estimate × (1 ± p) (logic/estimate-band.ts).
    return p > 0 ? `about ${s.estimate} (${bandText(estimateBand(s.estimate, p))}, ±${p}%)` : `about ${s.estimate}`;
  }
  return "unknown";
}

// What a fact tells of the troops, in words (logic/troop-words.ts): "mainly cavalry", "light
// horse and spearmen", "73% light horse and 27% spearmen", "16 figures of light horse and 6
// figures of spearmen".
export function describeComposition(comp: unknown): string {
  if (!comp || typeof comp !== "object") return "unknown";
  return compositionWords(comp) ?? modifiers(comp);  // a shape not known here: its members in words
}

export function describeAge(factPeriod: number, nowPeriod: number): string {
  const age = nowPeriod - factPeriod;
  if (age <= 0) return "this period";
  return age === 1 ? "1 period ago" : `${age} periods ago`;
}

// Positions of enemy forces seen in events: contact events (forces and hexes, in order) and
// successful scout results. `events` are (period ordinal, event) pairs, oldest first.
export function positionsFromEvents(events: { period: number; event: GameEvent }[], ownIds: Set<string>) {
  const out = new Map<string, { hex: Hex; source: string; period: number }>();
  for (const { period, event } of events) {
    if (event.type === "contact" && Array.isArray(event.forces) && Array.isArray(event.hexes)) {
      (event.forces as string[]).forEach((f, i) => {
        if (!ownIds.has(f)) out.set(f, { hex: (event.hexes as Hex[])[i], source: "contact", period });
      });
    }
    if (event.type === "scout_result" && Array.isArray(event.reports)) {
      for (const r of event.reports as { force: string; hex: Hex }[])
        out.set(r.force, { hex: r.hex, source: `scout ${event.scout ?? ""}`.trim(), period });
    }
  }
  return out;
}

export function knownEnemies(
  facts: KnowledgeFact[],
  positions: Map<string, { hex: Hex; source: string; period: number }>,
  nowPeriod: number,
): KnownEnemy[] {
  const byForce = new Map<string, KnowledgeFact[]>();
  for (const f of facts) {
    if (f.kind === "scout_captured") continue; // about our own scout's capturer: no position
    byForce.set(f.about, [...(byForce.get(f.about) ?? []), f]);
  }
  for (const force of positions.keys()) if (!byForce.has(force)) byForce.set(force, []);
  const out: KnownEnemy[] = [];
  for (const [force, list] of byForce) {
    list.sort((a, b) => a.period - b.period);
    const newest = list[list.length - 1];
    let size = "unknown";
    let composition = "unknown";
    let sizeFact: FactSize | null = null;
    let sizeKind: KnownEnemy["sizeKind"] = "";
    let compositionFact: CompositionKnown | null = null;
    let aware: boolean | null = null;
    let hex: Hex | null = null;
    let hexSource = "";
    let hexPeriod: number | null = null;
    // The members are checked, not trusted: a fact may lack one (a scout report without a size).
    for (const f of list) {
      if (f.kind !== "contact_intel" && f.kind !== "scout_report") continue; // a battle: no size, no place
      const { size: s } = f.value;
      if (s) { size = describeSize(s); sizeFact = s; sizeKind = f.kind; }
      if (f.kind === "contact_intel") {
        const { composition: c, aware: a } = f.value;
        if (c) { composition = describeComposition(c); compositionFact = c; }
        if (typeof a === "boolean") aware = a;
      } else if (Array.isArray(f.value.hex)) { hex = f.value.hex; hexSource = f.source; hexPeriod = f.period; }
    }
    const seen = positions.get(force);
    if (seen && (hexPeriod === null || seen.period >= hexPeriod)) {
      hex = seen.hex; hexSource = seen.source; hexPeriod = seen.period;
    }
    const factPeriod = Math.max(newest?.period ?? -1, hexPeriod ?? -1);
    out.push({
      force, hex, hexSource, hexPeriod, size, composition, sizeFact, sizeKind, compositionFact, aware, factPeriod,
      age: describeAge(factPeriod, nowPeriod),
      sources: list.map((f) => f.source),
    });
  }
  return out.sort((a, b) => a.force.localeCompare(b.force));
}
