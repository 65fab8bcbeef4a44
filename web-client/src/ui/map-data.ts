// What goes on the map for this viewer: own forces exactly, allies' positions, enemies from
// knowledge only (players); every force by side (the GM's all-seeing map).
import { App } from "./app.js";
import { KnownEnemy, knownEnemies, positionsFromEvents } from "../logic/knowledge.js";
import { GameEvent, periodOrdinal } from "../logic/view-types.js";
import { OwnForce, forceFigures } from "../logic/ruleset.js";
import { Strength, armOfComposition, armOfTypes, exactStrength, knownStrength } from "../logic/counter.js";
import { MapForce } from "./map-view.js";
import { contactOf, opponentLine } from "../logic/decisions.js";
import { Hex } from "../logic/hex.js";
import { words } from "../logic/words.js";

function short(name: string): string {
  return name.replace(/[^A-Za-z]/g, "").slice(0, 4);
}

export function currentOrdinal(app: App): number {
  const c = app.view!.world.calendar;
  return periodOrdinal(c.day, c.period);
}

export function enemiesKnown(app: App): KnownEnemy[] {
  const v = app.view!;
  if (v.you.role !== "player") return [];
  const facts = Array.isArray(v.world.knowledge) ? v.world.knowledge : [];
  const events: { period: number; event: GameEvent }[] = [];
  const indexes = [...app.reports.keys()].sort((a, b) => a - b);
  for (const i of indexes) {
    const rep = app.reports.get(i)!;
    const start = rep.events.find((e) => e.type === "period_started");
    const ord = start ? periodOrdinal(Number(start.day), start.period as "day" | "night") : i;
    for (const e of rep.events) events.push({ period: ord, event: e });
  }
  const own = new Set([...v.world.forces.map((f) => f.id), ...(v.world.allies ?? []).map((a) => a.id)]);
  return knownEnemies(facts, positionsFromEvents(events, own), currentOrdinal(app));
}

// "name · strength · as of period N", then what else is known.
function counterTitle(name: string, strength: Strength, period: number, rest: string): string {
  return `${name} · ${strength.words} · as of period ${period}${rest ? ` — ${rest}` : ""}`;
}

// The period index of a knowledge fact's period ordinal (the view counts periods by index).
function periodIndexOf(app: App, ordinal: number): number {
  return Math.max(0, app.view!.period.index - currentOrdinal(app) + ordinal);
}

// A force seen whole (one's own, or any on the GM's map): exact figures, the arm its companies
// share.
function wholeForce(app: App, f: OwnForce): { arm: MapForce["arm"]; strength: string; s: Strength } {
  const s = exactStrength(forceFigures(f));
  return { arm: armOfTypes(f.regiments.flatMap((r) => r.companies.map((c) => c.type)), app.ruleset), strength: s.label, s };
}

export function mapForces(app: App): MapForce[] {
  const v = app.view!;
  const w = v.world;
  const index = v.period.index;
  if (v.you.role !== "player") {
    const sides = w.sides.map((s) => s.id);
    const sideOf = (player: string) => w.players.find((p) => p.id === player)?.side ?? "";
    return w.forces.map((f) => {
      const { arm, strength, s } = wholeForce(app, f);
      return {
        id: f.id, label: short(f.name), hex: f.hex, arm, strength,
        kind: sideOf(f.player) === sides[0] ? "side-a" : "side-b",
        title: counterTitle(`${f.name} (${f.player}, ${sideOf(f.player)})`, s, index, words(f.order_state ?? "formed")),
      };
    });
  }
  const out: MapForce[] = w.forces.map((f) => {
    const { arm, strength, s } = wholeForce(app, f);
    return { id: f.id, label: short(f.name), hex: f.hex, kind: "own", arm, strength, title: counterTitle(`Your ${f.name}`, s, index, words(f.order_state ?? "formed")) };
  });
  const unknown = knownStrength(null);
  for (const a of w.allies ?? []) out.push({ id: a.id, label: short(a.name), hex: a.hex, kind: "ally", strength: unknown.label, title: counterTitle(`Allied ${a.name} (${a.player})`, unknown, index, "") });
  const now = currentOrdinal(app);
  for (const e of enemiesKnown(app)) {
    if (!e.hex) continue;
    const s = knownStrength(e.sizeFact, e.sizeKind === "contact_intel" ? "assault regiment" : "");
    out.push({ id: e.force, label: short(e.force), hex: e.hex, kind: "enemy", stale: (e.hexPeriod ?? 0) < now,
      arm: armOfComposition(e.compositionFact, app.ruleset), strength: s.label,
      title: counterTitle(`Enemy ${e.force}`, s, periodIndexOf(app, e.factPeriod), `seen ${e.age} (${e.hexSource}); composition ${e.composition}`) });
  }
  return atTheContacts(app, out);
}

// While the period is being resolved the view still holds its start; a contact decision waiting
// for this player says where things stand now. Its force is drawn at its hex at the contact and
// each opponent where the contact showed it, with what is known of it, both ringed.
function atTheContacts(app: App, forces: MapForce[]): MapForce[] {
  for (const d of app.decisions.values()) {
    const c = contactOf(d);
    if (!c) continue;
    const own = forces.find((f) => f.id === d.force && f.kind === "own");
    if (own) {
      own.hex = c.hex;
      own.inContact = true;
      own.title += ` — at ${hexText(own.hex)}, in contact ${c.contact}`;
    }
    for (const o of c.opponents) {
      const i = forces.findIndex((f) => f.id === o.force && f.kind === "enemy");
      if (i >= 0) forces.splice(i, 1);
      const s = knownStrength(o.known?.size, "assault regiment");
      forces.push({ id: o.force, label: short(o.force), hex: o.hex, kind: "enemy", inContact: true,
        arm: armOfComposition(o.known?.composition, app.ruleset), strength: s.label,
        title: counterTitle(`Enemy ${o.force} in contact`, s, app.view!.period.index, opponentLine(o)) });
    }
  }
  return forces;
}

const hexText = (h: Hex) => `(${h[0]}, ${h[1]})`;
