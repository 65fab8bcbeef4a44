// The parts of a ruleset (docs/ruleset-format.md) the client needs to show move costs: terrain,
// movement and troop types. The view does not carry the ruleset's tables, so the client loads
// the shipped ruleset file (rulesets/<name>-<version>.json, copied into the build).
export interface TerrainRule { cost?: number; passable?: boolean; formed_movement?: string; }
export interface TroopType { class: string; move_points: number; moves: "day" | "night"; }

export interface Ruleset {
  name: string;
  version: string;
  terrain: Record<string, TerrainRule>;
  movement: {
    road_cost: { numerator: number; denominator: number };
    river_crossing_cost: number;
    max_saved_points: number;
    forced_march_bonus_percent: number;
    exhausted_rate_percent: number;
  };
  troop_types: Record<string, TroopType>;
  terrain_cards?: { grid?: { columns: number; rows: number } };
}

export interface Company { type: string; figures: number; name?: string; }
export interface Regiment { id: string; name?: string; morale: number; companies: Company[]; }
export interface OwnForce {
  id: string;
  name: string;
  player: string;
  hex: [number, number];
  general: { name: string; leadership: number };
  camp: boolean;
  order_state?: string;
  cavalry_readiness?: string;
  saved_points?: number;
  forced_march_blocked?: boolean;
  standing_instructions?: Record<string, unknown>;
  regiments: Regiment[];
}

function troopTypes(force: OwnForce, ruleset: Ruleset): TroopType[] {
  const out: TroopType[] = [];
  for (const reg of force.regiments)
    for (const c of reg.companies) {
      const t = ruleset.troop_types[c.type];
      if (t) out.push(t);
    }
  return out;
}

// the slowest company sets the pace; exhausted cavalry moves at a reduced rate.
export function dailyMovePoints(force: OwnForce, ruleset: Ruleset): number {
  const types = troopTypes(force, ruleset);
  if (types.length === 0) return 0;
  let slowest = Math.min(...types.map((t) => t.move_points));
  if (force.cavalry_readiness === "exhausted")
    slowest = Math.trunc((slowest * ruleset.movement.exhausted_rate_percent) / 100);
  return slowest;
}

export function forcedMarchBonus(force: OwnForce, ruleset: Ruleset): number {
  return Math.trunc((dailyMovePoints(force, ruleset) * ruleset.movement.forced_march_bonus_percent) / 100);
}

// a force moves at night only if every company is nocturnal.
export function movesAtNight(force: OwnForce, ruleset: Ruleset): boolean {
  const types = troopTypes(force, ruleset);
  return types.length > 0 && types.every((t) => t.moves === "night");
}

export function allInfantry(force: OwnForce, ruleset: Ruleset): boolean {
  return troopTypes(force, ruleset).every((t) => t.class === "infantry");
}

export function figures(reg: Regiment): number {
  return reg.companies.reduce((s, c) => s + c.figures, 0);
}

export function forceFigures(force: OwnForce): number {
  return force.regiments.reduce((s, r) => s + figures(r), 0);
}
