// The replay of a period as this viewer saw it (logic/replay.ts, ui/replay-view.ts), from what the
// app holds: the report, the later reports and the current view (start positions), the period's
// knowledge facts (enemies seen), the history (an attempt rolled back). `ReplayToggles` is the
// "Replay on the map" button of each report on the reports tab, with its panel; both persist
// across the tab's redraws, so a replay playing goes on when another report arrives.
import { App } from "./app.js";
import { h } from "./dom.js";
import { ReplayView } from "./replay-view.js";
import { MapForce } from "./map-view.js";
import { eventText } from "../logic/event-text.js";
import { list } from "../logic/event-words.js";
import { Hex } from "../logic/hex.js";
import { StartPosition, buildReplay, factsOfPeriod, rolledBack, startPositions } from "../logic/replay.js";
import { GameEvent, PeriodReport, periodOrdinal } from "../logic/view-types.js";

function short(name: string): string {
  return name.replace(/[^A-Za-z]/g, "").slice(0, 4) || name.slice(0, 4);
}
const hexText = (hx: Hex) => `(${hx[0]}, ${hx[1]})`;

export function isRolledBack(app: App, rep: PeriodReport): boolean {
  return rolledBack(rep, app.history);
}

export function replayOf(app: App, rep: PeriodReport, id: string): ReplayView | null {
  const v = app.view;
  const map = app.map;
  if (!v || !map) return null;
  const w = v.world;
  const player = v.you.role === "player";
  const events = rep.events;
  const names = new Map<string, string>();
  for (const f of [...w.forces, ...(w.allies ?? [])]) if (f.name) names.set(f.id, f.name);
  const name = (force: string) => names.get(force) ?? force;

  // Who is whose: a player's own forces (those of the view, and any its orders named in this
  // period, gone since), allies, and the rest enemies; the GM's map by side.
  const own = new Set(w.forces.map((f) => f.id));
  if (player) for (const e of events) if (e.type === "order_result" && e.player === v.you.player && typeof e.force === "string") own.add(e.force);
  const allies = new Set((w.allies ?? []).map((a) => a.id));
  const sides = w.sides.map((s) => s.id);
  const sideOf = new Map(w.forces.map((f) => [f.id, w.players.find((p) => p.id === f.player)?.side ?? ""]));
  const kindOf = (force: string): MapForce["kind"] => player
    ? own.has(force) ? "own" : allies.has(force) ? "ally" : "enemy"
    : sideOf.get(force) === sides[0] ? "side-a" : "side-b";

  // Start positions: this period's events, then later reports held, then the view now.
  const dead = rolledBack(rep, app.history);
  const nowIndex = v.period.index;
  const later: (GameEvent[] | undefined)[] = [];
  if (!dead) for (let q = rep.period_index + 1; q < nowIndex; q++) {
    const r = app.reports.get(q);
    later.push(r && !rolledBack(r, app.history) ? r.events : undefined);
  }
  const now = new Map<string, Hex>();
  for (const f of [...w.forces, ...(w.allies ?? [])]) if (Array.isArray(f.hex)) now.set(f.id, f.hex);
  // A rolled-back attempt: the view stands at its start only if the rollback was to this period.
  const nowUsable = !dead || nowIndex === rep.period_index;
  const edited = editedSince(app, rep.committed_at);
  const candidates = player ? [...own, ...allies] : w.forces.map((f) => f.id);
  const start = startPositions({ forces: candidates, events, later, now: nowUsable ? now : null, edited });

  // Enemies the period's knowledge facts place (a scout's report of the start).
  const begun = events.find((e) => e.type === "period_started");
  const ordinal = begun ? periodOrdinal(Number(begun.day), begun.period as "day" | "night")
    : rep.day !== undefined ? periodOrdinal(rep.day, (rep.period ?? "day") as "day" | "night") : null;
  const facts = player && Array.isArray(w.knowledge) ? w.knowledge : [];
  const seen = ordinal === null ? [] : factsOfPeriod(facts, ordinal, new Set(candidates));

  const steps = buildReplay({ events, start, seen });
  const title = (force: string, how: string) => {
    const kind = kindOf(force);
    if (kind === "own") return `Your ${name(force)}`;
    if (kind === "ally") return `Allied ${name(force)}`;
    if (kind === "enemy") return `Enemy ${name(force)}${how === "contact" ? ", seen at the contact" : how === "scout" ? ", seen by a scout" : how === "start" || how === "moved" ? "" : `, seen (${how})`}`;
    const p = w.forces.find((f) => f.id === force);
    return p ? `${name(force)} (${p.player}, ${sideOf.get(force) ?? ""})` : name(force);
  };
  const sentence = (step: (typeof steps)[number], i: number) => {
    const said = step.event ? eventText(step.event, name) : "The period begins";
    if (i > 0) return said;
    const rank = (f: { id: string }) => ["own", "side-a", "ally", "side-b", "enemy"].indexOf(kindOf(f.id));
    const placed = [...step.forces].sort((a, b) => rank(a) - rank(b)).map((f) => `${title(f.id, f.how)} at ${hexText(f.hex)}`);
    return `${said}. ${placed.length ? `At the start: ${placed.join("; ")}` : "Where the forces started is not known: each appears at its first move"}`;
  };
  return new ReplayView({
    id, heading: `Replay of period ${rep.period_index}`, map, steps, kindOf, label: (f) => short(name(f)), title, sentence,
    notes: notes(dead, candidates, start, name, player),
  });
}

// The forces the GM moved by world edits after the period (their notices name them): "all" when
// a notice does not say which.
function editedSince(app: App, committedAt: string | undefined): Set<string> | "all" {
  const out = new Set<string>();
  const after = committedAt ? Date.parse(committedAt) : NaN;
  for (const n of app.view?.notices ?? []) {
    if (n.kind !== "world_edit" || !(Date.parse(n.at) > after)) continue;
    const d = n.details ?? {};
    if (Array.isArray(d.forces)) for (const f of d.forces) out.add(String(f));
    else if (d.map_or_sides !== true) return "all";
  }
  return out;
}

function notes(dead: boolean, forces: string[], start: Map<string, StartPosition>, name: (f: string) => string, player: boolean): string[] {
  const out: string[] = [];
  if (dead) out.push("This is an attempt the GM rolled back: what it shows no longer stands.");
  const by = (from: StartPosition["from"]) => forces.filter((f) => start.get(f)?.from === from).map(name);
  const unknown = forces.filter((f) => !start.has(f)).map(name);
  const parts: string[] = [];
  if (by("this period").length) parts.push(`${list(by("this period"))} from this period's moves`);
  if (by("a later period").length) parts.push(`${list(by("a later period"))} from a later period's moves (not moving before)`);
  if (by("now").length) parts.push(`${list(by("now"))} where ${by("now").length === 1 ? "it stands" : "they stand"} now (not moving since)`);
  if (parts.length) out.push(`Where the forces started: ${parts.join("; ")}.`);
  if (unknown.length) out.push(`Where ${list(unknown)} started is not known: ${unknown.length === 1 ? "it appears" : "they appear"} at ${unknown.length === 1 ? "its" : "their"} first move, which shows where ${unknown.length === 1 ? "it" : "they"} went.`);
  if (player) out.push("Enemies appear where your commanders saw them: at contacts, and where scouts found them.");
  return out;
}

// Each report's "Replay on the map" button and its panel, kept per period (and per attempt: a
// report replaced by another attempt closes its replay).
export class ReplayToggles {
  private slots = new Map<number, { key: string; element: HTMLElement; button: HTMLButtonElement; view: ReplayView | null }>();

  constructor(private app: App) {}

  control(rep: PeriodReport): HTMLElement {
    const key = `${rep.seed_hash}|${rep.committed_at ?? ""}`;
    let slot = this.slots.get(rep.period_index);
    if (slot && slot.key !== key) { slot.view?.destroy(); slot = undefined; }
    if (!slot) {
      const id = `replay-${rep.period_index}`;
      const button = h("button", { type: "button", id: `${id}-toggle`, class: "replay-toggle", "aria-expanded": "false" }, "Replay on the map");
      const element = h("div", { class: "replay-slot" }, button);
      const made = { key, element, button, view: null as ReplayView | null };
      button.addEventListener("click", () => this.toggle(rep, made, id));
      slot = made;
      this.slots.set(rep.period_index, slot);
    }
    // Said on the button too: this report's attempt was rolled back.
    slot.button.textContent = isRolledBack(this.app, rep) ? "Replay on the map (rolled-back attempt)" : "Replay on the map";
    return slot.element;
  }

  private toggle(rep: PeriodReport, slot: { element: HTMLElement; button: HTMLButtonElement; view: ReplayView | null }, id: string): void {
    if (slot.view) {
      slot.view.destroy();
      slot.view.element.remove();
      slot.view = null;
      slot.button.setAttribute("aria-expanded", "false");
      return;
    }
    const view = replayOf(this.app, rep, id);
    if (!view) return;
    slot.view = view;
    slot.element.append(view.element);
    slot.button.setAttribute("aria-expanded", "true");
    slot.button.setAttribute("aria-controls", id);
  }
}
