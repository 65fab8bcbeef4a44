// The battle report form's model (R-8.6; docs/decisions.md "battle_report"): a report per
// side, starting from the battle record the request carries, and the checks a client can make
// before the server reads it against R-8.3 to R-8.5.
import { count, list } from "./words.js";

export interface RecordRegiment { force: string; regiment: string; figures: number; elements: number; }
export interface RecordSide {
  side: string;
  player?: string;
  forces: string[];
  regiments: RecordRegiment[];
  starting_elements: number;
  starting_figures: number;
  cinc_present?: boolean;
  camp?: boolean;
}
export interface BattleRecord {
  id: string;
  attacker: RecordSide;
  defender: RecordSide;
  time_limit?: number | Record<string, unknown>;
  judging?: { defeat_ratio?: number };
  half_period?: string;
  hour?: number;
}

export interface SideLoss { regiment: string; elements: number; after_withdrawal?: number; }
export interface SideReport {
  losses: SideLoss[];
  figures_off_in_good_order: number;
  figures_routed_off: number;
  camp_lost: boolean;
  camp_evacuated?: boolean;
  general_lost: boolean;
  withdrawal_bound?: number;
  claimed?: "won" | "defeated" | "withdrew";
}
export interface BattleReport { attacker: SideReport; defender: SideReport; bounds: number; time_limit_reached: boolean; }

export function emptySide(side: RecordSide): SideReport {
  return {
    losses: side.regiments.map((r) => ({ regiment: r.regiment, elements: 0 })),
    figures_off_in_good_order: 0,
    figures_routed_off: 0,
    camp_lost: false,
    general_lost: false,
  };
}

export function emptyReport(record: BattleRecord): BattleReport {
  return { attacker: emptySide(record.attacker), defender: emptySide(record.defender), bounds: 1, time_limit_reached: false };
}

export function elementsLost(report: SideReport): number {
  return report.losses.reduce((s, l) => s + l.elements + (l.after_withdrawal ?? 0), 0);
}

// Problems a client can see: negative numbers, a regiment that did not fight, more elements
// lost than fielded, more figures off the table than were engaged.
export function reportProblems(record: BattleRecord, report: BattleReport): string[] {
  const problems: string[] = [];
  for (const role of ["attacker", "defender"] as const) {
    const side = record[role];
    const r = report[role];
    for (const loss of r.losses) {
      const fielded = side.regiments.find((x) => x.regiment === loss.regiment);
      if (!fielded) { problems.push(`${role}: regiment ${loss.regiment} did not fight`); continue; }
      const n = loss.elements + (loss.after_withdrawal ?? 0);
      if (!Number.isInteger(loss.elements) || loss.elements < 0) problems.push(`${role}: ${loss.regiment}: elements lost must be 0 or more`);
      if (n > fielded.elements) problems.push(`${role}: ${loss.regiment} fielded only ${fielded.elements} elements`);
    }
    const off = r.figures_off_in_good_order + r.figures_routed_off;
    if (r.figures_off_in_good_order < 0 || r.figures_routed_off < 0) problems.push(`${role}: figures off the table must be 0 or more`);
    if (off > side.starting_figures) problems.push(`${role}: only ${side.starting_figures} figures were engaged`);
  }
  if (!Number.isInteger(report.bounds) || report.bounds < 1) problems.push("bounds: 1 or more");
  const limit = typeof record.time_limit === "number" ? record.time_limit : null;
  if (limit !== null && report.bounds > limit) problems.push(`bounds: the time limit is ${limit} bounds (R-8.3)`);
  if (limit !== null && report.time_limit_reached && report.bounds !== limit) problems.push(`the time limit is reached in bound ${limit}`);
  return problems;
}

// Which side has lost a third of its starting elements (R-8.4), for the form's summary.
export function thirdLost(side: RecordSide, report: SideReport): boolean {
  return 3 * elementsLost(report) >= side.starting_elements;
}

// Drops optional members left at their defaults so the answer reads like the documented one.
export function toAnswer(report: BattleReport): BattleReport {
  const clean = (s: SideReport): SideReport => {
    const out: SideReport = {
      losses: s.losses.filter((l) => l.elements > 0 || (l.after_withdrawal ?? 0) > 0).map((l) => (l.after_withdrawal ? l : { regiment: l.regiment, elements: l.elements })),
      figures_off_in_good_order: s.figures_off_in_good_order,
      figures_routed_off: s.figures_routed_off,
      camp_lost: s.camp_lost,
      general_lost: s.general_lost,
    };
    if (s.camp_evacuated) out.camp_evacuated = true;
    if (s.withdrawal_bound) out.withdrawal_bound = s.withdrawal_bound;
    if (s.claimed) out.claimed = s.claimed;
    return out;
  };
  return { attacker: clean(report.attacker), defender: clean(report.defender), bounds: report.bounds, time_limit_reached: report.time_limit_reached };
}

// A side's report in words: "lost 3 elements (2 of ha1 and 1 of ha2), 4 figures off the table
// in good order, none routed off, the general lost; claims a win".
function sideWords(r: Partial<SideReport> | undefined): string {
  if (!r || typeof r !== "object") return "reported nothing";
  const lostBy = (l: SideLoss) => (Number(l?.elements) || 0) + (Number(l?.after_withdrawal) || 0);
  const losses = (Array.isArray(r.losses) ? r.losses : []).filter((l) => lostBy(l) > 0);
  const lost = losses.reduce((s, l) => s + lostBy(l), 0);
  const figuresOr = (n: unknown, none: string) => (typeof n === "number" && n > 0 ? count(n, "figure") : none);
  const parts = [
    `lost ${count(lost, "element")}${losses.length ? ` (${list(losses.map((l) => `${lostBy(l)} of ${l.regiment}`))})` : ""}`,
    `${figuresOr(r.figures_off_in_good_order, "no figures")} off the table in good order`,
    `${figuresOr(r.figures_routed_off, "none")} routed off`,
  ];
  if (r.camp_lost) parts.push("the camp lost");
  if (r.camp_evacuated) parts.push("the camp evacuated");
  if (r.general_lost) parts.push("the general lost");
  if (r.withdrawal_bound) parts.push(`withdrawal declared in bound ${r.withdrawal_bound}`);
  const claim = r.claimed ? `; claims ${r.claimed === "won" ? "a win" : r.claimed === "defeated" ? "a defeat" : "a withdrawal"}` : "";
  return `${parts.join(", ")}${claim}`;
}

// A battle report (an answer to "battle_report", or one of the two a dispute shows the GM) in
// words, never as JSON: each side's losses, figures off the table, camp and general, the bounds.
export function describeBattleReport(report: unknown): string {
  if (!report || typeof report !== "object") return "no report";
  const r = report as Partial<BattleReport>;
  const bounds = typeof r.bounds === "number" ? `${count(r.bounds, "bound")} played${r.time_limit_reached ? ", the time limit reached" : ""}` : "";
  return [`The attacker ${sideWords(r.attacker)}`, `the defender ${sideWords(r.defender)}`, bounds].filter(Boolean).join("; ");
}
