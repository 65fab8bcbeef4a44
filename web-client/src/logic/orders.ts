// A player's orders for the open period, one per force (R-3.1; umpire-orders/1 order objects):
// a path or hold, forced march, regiment role order, a scout, standing instructions.
import { Hex, adjacent, sameHex } from "./hex.js";
import { words } from "./words.js";

// Where a player's orders stand (the view's `order_flags`), in words.
const ORDER_FLAGS: Record<string, string> = { none: "no orders yet", draft: "a draft only", submitted: "submitted", confirmed: "confirmed" };
export const orderFlagWords = (state: unknown): string => ORDER_FLAGS[String(state)] ?? words(state);

export interface StandingInstructions {
  contact?: string[];
  separate_engagements?: boolean;
  rearguard?: boolean;
  pursuit?: boolean;
  maneuver?: boolean;
  support?: boolean;
  relief?: boolean;
  reinforce?: boolean;
  cards?: "auto";
  losses?: "proportional";
}

export interface ForceOrder {
  force: string;
  path: Hex[];
  hold: boolean;
  forced_march: boolean;
  regiments: string[] | null;   // null: keep the current role order
  scout: Hex | null;
  standing_instructions: StandingInstructions | null; // null: keep the current ones
}

export function emptyOrder(force: string): ForceOrder {
  return { force, path: [], hold: false, forced_march: false, regiments: null, scout: null, standing_instructions: null };
}

// Reads an order back from my_orders.
export function orderFromWire(o: Record<string, unknown>): ForceOrder {
  return {
    force: String(o.force),
    path: (o.path as Hex[] | undefined) ?? [],
    hold: o.hold === true,
    forced_march: o.forced_march === true,
    regiments: (o.regiments as string[] | undefined) ?? null,
    scout: (o.scout as Hex | undefined) ?? null,
    standing_instructions: (o.standing_instructions as StandingInstructions | undefined) ?? null,
  };
}

export function orderToWire(o: ForceOrder): Record<string, unknown> {
  const out: Record<string, unknown> = { force: o.force };
  if (o.hold) out.hold = true;
  else if (o.path.length > 0) out.path = o.path;
  if (o.forced_march && !o.hold) out.forced_march = true;
  if (o.regiments) out.regiments = o.regiments;
  if (o.scout) out.scout = o.scout;
  if (o.standing_instructions) out.standing_instructions = o.standing_instructions;
  return out;
}

export function isEmptyOrder(o: ForceOrder): boolean {
  return !o.hold && o.path.length === 0 && !o.forced_march && !o.regiments && !o.scout && !o.standing_instructions;
}

// Plotting by clicks: a click on the last hex removes it; a click next to the path's end (or
// the force's hex) extends it; a click on a hex already in the path cuts the path back to it;
// anything else is refused (returns null).
export function clickPath(start: Hex, path: Hex[], clicked: Hex): Hex[] | null {
  const end = path.length ? path[path.length - 1] : start;
  if (path.length && sameHex(end, clicked)) return path.slice(0, -1);
  const at = path.findIndex((h) => sameHex(h, clicked));
  if (at >= 0) return path.slice(0, at + 1);
  if (sameHex(start, clicked)) return [];
  if (adjacent(end, clicked)) return [...path, clicked];
  return null;
}

export function moveRegiment(order: string[], index: number, delta: number): string[] {
  const j = index + delta;
  if (j < 0 || j >= order.length) return order;
  const out = [...order];
  [out[index], out[j]] = [out[j], out[index]];
  return out;
}

export const CONTACT_PREFERENCES = ["rest", "evade_if_larger", "evade", "avoid", "delay", "engage"] as const;
