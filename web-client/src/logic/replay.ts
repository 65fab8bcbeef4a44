// A resolved period replayed on the map, step by step, as its viewer saw it (issue 31): where its
// forces stood when the period began, each move, contact, battle and scout report at its hexes,
// and enemies where its commanders saw them. Pure: the report's events (docs/events.md) in, the
// steps out; ui/replay-view.ts draws them.
//
// No event carries the state a period starts from, so a force's start is the first hex the events
// place it at (the `from` of its first move, the hex of its first halt or contact), walked on
// through later periods' reports for a force that did not move, and the current view for one
// that has not moved since (startPositions). A force whose start is not known appears at its
// first move: the replay then shows where it went, which is still a replay.
import { Hex, sameHex } from "./hex.js";
import { CampaignEvent } from "./events.generated.js";
import { GameEvent, KnowledgeFact } from "./view-types.js";

// What one event does on the map.
export type MarkKind = "contact" | "battle" | "scout" | "rolloff" | "eliminated" | "reinforced";
export type Op =
  | { op: "move"; force: string; path: Hex[] }            // path[0] is where it stood
  | { op: "at"; force: string; hex: Hex; how: string }     // the force stands there (seen, halted)
  | { op: "to"; force: string; hex: Hex }                  // moved there from wherever it was
  | { op: "gone"; force: string }                          // off the map: eliminated, surrendered, routed off
  | { op: "mark"; kind: MarkKind; hexes: Hex[] }
  | { op: "battle"; id: string; forces: string[] };        // marked where its forces stand

const hexOf = (h: unknown): Hex | null =>
  Array.isArray(h) && h.length === 2 && typeof h[0] === "number" && typeof h[1] === "number" ? [h[0], h[1]] : null;
const hexesOf = (list: unknown): Hex[] => (Array.isArray(list) ? list.map(hexOf).filter((h): h is Hex => h !== null) : []);
const strings = (list: unknown): string[] => (Array.isArray(list) ? list.filter((s): s is string => typeof s === "string") : []);
const move = (force: string, from: unknown, ...rest: unknown[]): Op[] => {
  const path = hexesOf([from, ...rest]);
  return path.length ? [path.length > 1 ? { op: "move", force, path } : { op: "at", force, hex: path[0], how: "moved" }] : [];
};
// A path of hexes without repeating the one it stands on (a rout's exit may be its last hex).
const dedupe = (path: Hex[]): Hex[] => path.filter((h, i) => i === 0 || !sameHex(h, path[i - 1]));

// The forces of a battle record's two sides.
function battleForces(record: Record<string, unknown>): string[] {
  const side = (s: unknown) => (s && typeof s === "object" ? strings((s as { forces?: unknown }).forces) : []);
  return [...side(record.attacker), ...side(record.defender)];
}

// Every type of the catalogue is classified here: a type added to it fails to compile until it is.
export function mapOps(event: GameEvent): Op[] {
  const e = event as unknown as CampaignEvent;
  switch (e.type) {
    case "force_moved": case "stepped_back": case "avoided": case "maneuvered": case "displaced":
      return move(e.force, e.from, e.to);
    case "retreat_move": case "rout_move": case "rout_to_refuge":
      return move(e.force, e.from, ...(Array.isArray(e.path) ? e.path : []));
    case "routed_off_map": {
      const path = dedupe(hexesOf([e.from, ...(Array.isArray(e.path) ? e.path : []), e.exit]));
      return [...move(e.force, path[0], ...path.slice(1)), { op: "gone", force: e.force }];
    }
    case "relief": {
      const out: Op[] = [];
      const to = hexOf(e.to), back = hexOf(e.relieved_to);
      if (to) out.push({ op: "to", force: e.force, hex: to });
      if (back) out.push({ op: "to", force: e.relieved, hex: back });
      return out;
    }
    case "force_halted": case "became_unformed": case "movement_resumed": {
      const hex = hexOf(e.hex);
      return hex ? [{ op: "at", force: e.force, hex, how: "moved" }] : [];
    }
    case "rout_stays": {
      const hex = hexOf(e.from);
      return hex ? [{ op: "at", force: e.force, hex, how: "moved" }] : [];
    }
    case "surrendered": {
      const hex = hexOf(e.from);
      return [...(hex ? [{ op: "at", force: e.force, hex, how: "moved" } as Op] : []), { op: "gone", force: e.force }];
    }
    case "force_eliminated": return [{ op: "gone", force: e.force }];
    case "reinforced": {
      const hex = hexOf(e.hex);
      return hex ? [{ op: "at", force: e.reinforces, hex, how: "moved" }, { op: "mark", kind: "reinforced", hexes: [hex] }] : [];
    }
    case "contact": {
      const hexes = hexesOf(e.hexes);
      const forces = strings(e.forces);
      return [...forces.flatMap((force, i): Op[] => (hexes[i] ? [{ op: "at", force, hex: hexes[i], how: "contact" }] : [])),
        { op: "mark", kind: "contact", hexes }];
    }
    case "scout_result": {
      const target = hexOf(e.target);
      const seen = (e.reports ?? []).flatMap((r): Op[] => { const hex = hexOf(r.hex); return hex ? [{ op: "at", force: r.force, hex, how: "scout" }] : []; });
      return [...(target ? [{ op: "mark", kind: "scout", hexes: [target] } as Op] : []), ...seen];
    }
    case "rolloff": {
      const hex = hexOf(e.hex);
      return hex ? [{ op: "mark", kind: "rolloff", hexes: [hex] }] : [];
    }
    case "battle": {
      const record = e.record && typeof e.record === "object" ? e.record : {};
      return [{ op: "battle", id: e.contact, forces: battleForces(record) }];
    }
    case "battle_result": return [{ op: "battle", id: e.battle, forces: [] }];
    // Nothing on the map: said in the report's words only.
    case "period_started": case "order_result": case "regiments_reordered": case "scout_captured": case "dice_roll":
    case "saved_points": case "saved_points_lost": case "readiness_recovered": case "reformed": case "forced_march_ended":
    case "period_ended": case "contact_procedure": case "decision": case "engagements_chosen": case "support_role":
    case "maneuver_refused": case "contact_rested": case "delayed": case "contact_dice": case "contact_hour":
    case "intelligence": case "reconnaissance_order": case "terrain_deck": case "card_placed": case "card_placement_refused":
    case "disengagement": case "losses": case "regiment_destroyed": case "contact_ended": case "quick_battle":
    case "battle_losses": case "battle_recovery": case "recovery_applied": case "morale_check": case "readiness":
    case "standing_instructions_set":
      return [];
    default: {
      const unclassified: never = e;
      void unclassified;
      return [];
    }
  }
}

// The hex a force stands on just before the first event that places it, as these events tell:
// undefined when none places it, null when the first one moves it without saying from where.
export function firstHex(events: readonly GameEvent[], force: string): Hex | null | undefined {
  for (const e of events) {
    for (const op of mapOps(e)) {
      if (op.op === "move" && op.force === force) return op.path[0];
      if (op.op === "at" && op.force === force) return op.hex;
      if ((op.op === "to" || op.op === "gone") && op.force === force) return null;
    }
  }
  return undefined;
}

export type StartSource = "this period" | "a later period" | "now";
export interface StartPosition { hex: Hex; from: StartSource; }

// Where each of `forces` stood when the period began, as far as can be told: the events of the
// period itself; for a force they do not place, the first hex the following periods' events
// place it at (it did not move before); for one no later event places either, where it stands
// now. `later` are the events of each period after this one up to the current period, in order
// (undefined: a report this viewer does not hold, which ends the walk); `now` the positions of
// the current view (null: not usable, as for an attempt rolled back). `edited`: forces the GM
// moved since (world edits), whose start only this period's own events can give.
export function startPositions(args: {
  forces: readonly string[];
  events: readonly GameEvent[];
  later: readonly (readonly GameEvent[] | undefined)[];
  now: ReadonlyMap<string, Hex> | null;
  edited?: ReadonlySet<string> | "all";
}): Map<string, StartPosition> {
  const out = new Map<string, StartPosition>();
  for (const force of args.forces) {
    const own = firstHex(args.events, force);
    if (own) { out.set(force, { hex: own, from: "this period" }); continue; }
    if (own === null) continue;  // moved first without a known hex: not known
    if (args.edited === "all" || args.edited?.has(force)) continue;
    let found: StartPosition | null | undefined;
    for (const events of args.later) {
      if (!events) { found = null; break; }
      const hex = firstHex(events, force);
      if (hex === undefined) continue;
      found = hex ? { hex, from: "a later period" } : null;
      break;
    }
    if (found === undefined) {
      const hex = args.now?.get(force);
      found = hex ? { hex, from: "now" } : null;
    }
    if (found) out.set(force, found);
  }
  return out;
}

// Enemies a knowledge fact of the period places (scout reports: positions at its start).
export function factsOfPeriod(facts: readonly KnowledgeFact[], ordinal: number, skip: ReadonlySet<string>): { force: string; hex: Hex; source: string }[] {
  const out: { force: string; hex: Hex; source: string }[] = [];
  for (const f of facts) {
    if (f.kind !== "scout_report") continue; // the only kind with a hex
    const hex = hexOf(f.value?.hex);
    if (f.period !== ordinal || !hex || skip.has(f.about) || out.some((o) => o.force === f.about)) continue;
    out.push({ force: f.about, hex, source: f.source });
  }
  return out;
}

export interface PlacedForce {
  id: string;
  hex: Hex;
  how: string;     // "start", "moved", "contact", "scout", or a fact's source
  gone: boolean;   // off the map from this step on (drawn where it was last)
}
export interface ReplayMove { force: string; path: Hex[]; }
export interface ReplayMark { kind: MarkKind; hexes: Hex[]; }

export interface ReplayStep {
  index: number;            // the event's index in the report; -1 for a start without period_started
  event: GameEvent | null;
  forces: PlacedForce[];    // every force placed so far, where it stands after this step, by id
  moves: ReplayMove[];      // this step's moves
  trail: ReplayMove[];      // every move up to and including this step
  marks: ReplayMark[];      // this step's contacts, battles, scouts, …
  earlier: ReplayMark[];    // the contacts, battles and losses of the steps before
  actors: string[];         // the forces this step is about
}

export interface ReplayInput {
  events: readonly GameEvent[];
  start: ReadonlyMap<string, Hex | StartPosition>;
  seen?: readonly { force: string; hex: Hex; source: string }[];  // placed at the start too
}

// The first step is the start (period_started when the report has it); then each event that
// does something on the map; the last is period_ended when the report has it.
export function buildReplay(input: ReplayInput): ReplayStep[] {
  const at = new Map<string, PlacedForce>();
  for (const [id, p] of input.start) at.set(id, { id, hex: Array.isArray(p) ? p : p.hex, how: "start", gone: false });
  for (const s of input.seen ?? []) if (!at.has(s.force)) at.set(s.force, { id: s.force, hex: s.hex, how: s.source, gone: false });
  const battles = new Map<string, string[]>();   // battle (contact) id → its forces
  const contacts = new Map<string, string[]>();  // contact id → its forces
  const trail: ReplayMove[] = [];
  const snapshot = () => [...at.values()].map((f) => ({ ...f })).sort((a, b) => a.id.localeCompare(b.id));
  const steps: ReplayStep[] = [];
  const startEvent = input.events.findIndex((e) => e.type === "period_started");
  steps.push({ index: startEvent, event: startEvent >= 0 ? input.events[startEvent] : null, forces: snapshot(), moves: [], trail: [], marks: [], earlier: [], actors: [] });
  const earlier: ReplayMark[] = [];
  const kept = (m: ReplayMark) => m.kind === "contact" || m.kind === "battle" || m.kind === "eliminated";

  input.events.forEach((event, index) => {
    if (event.type === "contact_procedure" && typeof event.contact === "string") contacts.set(event.contact, strings(event.forces));
    const ops = mapOps(event);
    if (ops.length === 0 && event.type !== "period_ended") return;
    const moves: ReplayMove[] = [];
    const marks: ReplayMark[] = [];
    const actors = new Set<string>();
    const place = (force: string, hex: Hex, how: string) => {
      const was = at.get(force);
      at.set(force, { id: force, hex, how, gone: was?.gone ?? false });
    };
    for (const op of ops) {
      switch (op.op) {
        case "move": {
          place(op.force, op.path[op.path.length - 1], "moved");
          moves.push({ force: op.force, path: op.path });
          actors.add(op.force);
          break;
        }
        case "to": {
          const from = at.get(op.force);
          if (from && !sameHex(from.hex, op.hex)) moves.push({ force: op.force, path: [from.hex, op.hex] });
          place(op.force, op.hex, "moved");
          actors.add(op.force);
          break;
        }
        case "at": {
          // A halt keeps how the force was known; a contact or a scout says how it was seen.
          const was = at.get(op.force);
          place(op.force, op.hex, was && op.how === "moved" ? was.how : op.how);
          actors.add(op.force);
          break;
        }
        case "gone": {
          const was = at.get(op.force);
          if (was) { was.gone = true; marks.push({ kind: "eliminated", hexes: [was.hex] }); }
          actors.add(op.force);
          break;
        }
        case "mark": marks.push({ kind: op.kind, hexes: op.hexes }); break;
        case "battle": {
          const forces = op.forces.length ? op.forces : battles.get(op.id) ?? contacts.get(op.id) ?? [];
          battles.set(op.id, forces);
          const hexes = forces.map((f) => at.get(f)?.hex).filter((h): h is Hex => !!h);
          marks.push({ kind: "battle", hexes });
          for (const f of forces) actors.add(f);
          break;
        }
      }
    }
    trail.push(...moves);
    steps.push({ index, event, forces: snapshot(), moves, trail: [...trail], marks, earlier: [...earlier], actors: [...actors] });
    for (const m of marks.filter(kept))
      if (!earlier.some((e) => e.kind === m.kind && JSON.stringify(e.hexes) === JSON.stringify(m.hexes))) earlier.push(m);
  });
  return steps;
}

// A report is of an attempt the GM rolled back when the history lists its attempt (by its seed
// hash) as rolled back, or lists the period only as rolled back (no attempt of it stands).
export function rolledBack(report: { period_index: number; seed_hash: string },
  history: readonly { period_index: number; seed_hash: string; rolled_back: boolean }[]): boolean {
  const entries = history.filter((p) => p.period_index === report.period_index);
  const same = entries.find((p) => p.seed_hash === report.seed_hash);
  if (same) return same.rolled_back;
  return entries.length > 0 && entries.every((p) => p.rolled_back);
}
