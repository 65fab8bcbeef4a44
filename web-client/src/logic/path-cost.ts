// What a plotted path costs and when each hex is reached, computed from
// the player's own view only: the public map, its own force and the enemies it knows of. For
// display while plotting; the server remains the authority.
import { Hex, adjacent, edgeKey, hexKey } from "./hex.js";
import { MapModel } from "./map-model.js";
import {
  OwnForce, Ruleset, allInfantry, dailyMovePoints, forcedMarchBonus, movesAtNight,
} from "./ruleset.js";

export type PeriodKind = "day" | "night";

export const HALF_PERIODS: Record<PeriodKind, [string, string]> = {
  day: ["morning", "afternoon"],
  night: ["evening", "night"],
};

// Half-up division of non-negative integers (rules/world/rounding.hpp).
export function divideHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

// Move points to enter `to` from `from`, or null when the step is impossible.
export function stepCost(map: MapModel, ruleset: Ruleset, from: Hex, to: Hex): number | null {
  if (!adjacent(from, to)) return null;
  const terrain = map.terrain.get(hexKey(to));
  if (!terrain) return null;
  const rule = ruleset.terrain[terrain];
  if (!rule || rule.passable === false || rule.cost === undefined) return null;
  const edge = edgeKey(from, to);
  const road = map.roads.has(edge);
  let cost = rule.cost;
  if (road) cost = divideHalfUp(cost * ruleset.movement.road_cost.numerator, ruleset.movement.road_cost.denominator);
  if (map.rivers.has(edge) && !road) cost += ruleset.movement.river_crossing_cost;
  return cost;
}

// whether entering `to` keeps the force formed.
export function stepKeepsFormed(force: OwnForce, map: MapModel, ruleset: Ruleset, from: Hex, to: Hex): boolean {
  const terrain = map.terrain.get(hexKey(to));
  const rule = terrain ? ruleset.terrain[terrain] : undefined;
  if (!rule) return true;
  const edge = edgeKey(from, to);
  const byWay = map.roads.has(edge) || map.tracks.has(edge);
  switch (rule.formed_movement) {
    case "infantry_or_road": return byWay || allInfantry(force, ruleset);
    case "road_or_track": return byWay;
    default: return true;
  }
}

export interface PlannedStep {
  hex: Hex;
  cost: number | null;       // null: impassable or not adjacent
  spent: number;             // points spent once this hex is entered
  reached: boolean;          // within this period's points
  t: [number, number] | null; // moment of entry, spent / available (reduced), when reached
  halfPeriod: string | null; // "morning", "afternoon", ...
  unformed: boolean;         // the step breaks formed movement
  knownEnemy: boolean;       // a known enemy stands there: the move ends in contact first
}

export interface PathPlan {
  available: number;   // points this period (daily + forced march + saved); 0 when it does not move
  movesThisPeriod: boolean;
  steps: PlannedStep[];
  total: number;       // points for the reachable steps
  reachedAll: boolean;
  arrival: string | null; // half period the last step completes in, if reached
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function reduce(n: number, d: number): [number, number] {
  if (n === 0) return [0, 1];
  const g = gcd(n, d);
  return [n / g, d / g];
}

export interface PlanContext {
  map: MapModel;
  ruleset: Ruleset;
  period: PeriodKind;
  forcedMarch: boolean;
  knownEnemyHexes?: Set<string>;
}

export function availablePoints(force: OwnForce, ctx: PlanContext): number {
  const movesNow = movesAtNight(force, ctx.ruleset) === (ctx.period === "night");
  if (!movesNow) return 0;
  const daily = dailyMovePoints(force, ctx.ruleset) + (ctx.forcedMarch ? forcedMarchBonus(force, ctx.ruleset) : 0);
  return daily + (force.saved_points ?? 0);
}

export function planPath(force: OwnForce, path: Hex[], ctx: PlanContext): PathPlan {
  const available = availablePoints(force, ctx);
  const steps: PlannedStep[] = [];
  let from: Hex = force.hex;
  let spent = 0;
  let blocked = false;
  let total = 0;
  for (const hex of path) {
    const cost = stepCost(ctx.map, ctx.ruleset, from, hex);
    const unformed = cost !== null && !stepKeepsFormed(force, ctx.map, ctx.ruleset, from, hex);
    const knownEnemy = ctx.knownEnemyHexes?.has(hexKey(hex)) ?? false;
    if (cost === null) blocked = true;
    const next = spent + (cost ?? 0);
    const reached = !blocked && available > 0 && next <= available;
    if (!reached) blocked = true;
    let t: [number, number] | null = null;
    let halfPeriod: string | null = null;
    if (reached) {
      spent = next;
      total = spent;
      t = reduce(spent, available);
      halfPeriod = HALF_PERIODS[ctx.period][2 * spent <= available ? 0 : 1];
    } else {
      spent = next;
    }
    steps.push({ hex, cost, spent, reached, t, halfPeriod, unformed, knownEnemy });
    from = hex;
  }
  const last = steps[steps.length - 1];
  return {
    available,
    movesThisPeriod: available > 0,
    steps,
    total,
    reachedAll: steps.every((s) => s.reached),
    arrival: last && last.reached ? last.halfPeriod : null,
  };
}

export function formatT(t: [number, number] | null): string {
  if (!t) return "";
  return t[1] === 1 ? String(t[0]) : `${t[0]}/${t[1]}`;
}
