// The shapes of protocol v1 views and messages the client reads (docs/protocol.md,
// protocol/schemas/). Only the members the client uses are typed.
import { Hex } from "./hex.js";
import { MapJson } from "./map-model.js";
import { OwnForce } from "./ruleset.js";
import { ContactContext, DecisionContexts, KnownFact } from "./events.generated.js";

// A fact in world.knowledge: typed by kind from the event catalogue's "facts".
export type KnowledgeFact = KnownFact;

export interface AllyForce { id: string; name: string; player: string; hex: Hex; }

export interface World {
  role: string;
  player?: string;
  side?: string;
  name: string;
  calendar: { day: number; period: "day" | "night"; start_date: string };
  map: MapJson;
  sides: { id: string; name: string; home_hexes?: Hex[] }[];
  players: { id: string; name: string; side: string }[];
  ruleset: { name: string; version: string; sha256?: string };
  // Always present (logic/view-shape.ts), empty where the viewer may see nothing: a player's
  // own forces, allies and facts; every force and every player's facts for an all-seeing view.
  forces: OwnForce[];
  allies: AllyForce[];
  knowledge: KnowledgeFact[] | Record<string, KnowledgeFact[]>;
  settings?: Record<string, unknown>;
}

interface DecisionRequestBase {
  id: string;
  player: string;
  force: string;
  window?: string;
  options: unknown[];
  default: unknown;
  deadline?: string | null;
}

// A request of a kind the catalogue types, with its context (docs/decisions.md).
export type DecisionRequestOf<K extends keyof DecisionContexts> = DecisionRequestBase & { kind: K; context: DecisionContexts[K] };

// A request, told apart by its kind. The battle kinds' contexts carry documents (the battle
// record, the reports) and are not typed yet.
export type DecisionRequest =
  | { [K in keyof DecisionContexts]: DecisionRequestOf<K> }[keyof DecisionContexts]
  | (DecisionRequestBase & { kind: "battle_report" | "battle_dispute"; context: Record<string, unknown> });

// A request of a contact procedure: its context names the contact's opponents.
export type ContactRequest = Extract<DecisionRequest, { context: ContactContext }>;

export interface MyOrders {
  orders: Record<string, unknown>[];
  receipt: string;
  state: "draft" | "submitted" | "confirmed";
  updated_at: string;
}

export interface Notice { no: number; kind: string; reason: string; at: string; details?: Record<string, unknown>; }

export interface CampaignView {
  campaign: string;
  name: string;
  status: string;
  time_zone?: string;  // the campaign's IANA zone
  you: { role: "gm" | "player" | "observer"; player: string };
  world: World;
  period: { index: number; day: number; period: "day" | "night"; seed_hash: string; deadline: string | null; paused?: boolean };
  order_flags: { player: string; state: string }[];
  my_orders: MyOrders | null;
  decisions: DecisionRequest[];
  notices: Notice[];
  waiting_for?: unknown[];
  unplayed?: string[];
  press?: PressPolicy;
}

// Press (docs/protocol.md, "Press").
export type PressPolicy = "private" | "gm_reads" | "off";
export interface PressMessage {
  id: string;
  period_index: number;
  from: string;  // a player, or "gm"
  to: string[];  // "all", "gm", players
  gm_reads: boolean;
  text: string;
  sent_at: string;
}

export interface GameEvent { type: string; audience?: unknown; [k: string]: unknown; }

export interface PeriodReport {
  period_index: number;
  day?: number;
  period?: string;
  seed_hash: string;
  seed?: string;  // the GM's; players get dice_seeds (docs/protocol.md "Dice")
  dice_seeds?: Record<string, string>;
  events: GameEvent[];
  committed_at?: string;
  missed_orders?: string[];  // players who gave no orders, as far as this viewer may know
}

export interface CampaignSummary {
  campaign: string;
  name: string;
  status: string;
  role: string;
  player: string;
  period_index: number;
  missed_orders?: Record<string, number>;  // periods each player missed, as far as this viewer may know
}

// The period ordinal the engine uses in knowledge facts: day 1 day period is 0.
export function periodOrdinal(day: number, period: "day" | "night"): number {
  return (day - 1) * 2 + (period === "night" ? 1 : 0);
}
