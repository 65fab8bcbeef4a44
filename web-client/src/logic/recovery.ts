// Post-battle recovery (R-8.7; docs/decisions.md "recovery_choice"): the owner of a regiment
// splits the figures the recovery dice brought back, and the general and camp penalty, among its
// companies. Pure: the plan the request describes, the server's default (largest companies
// first), the checks of a split, and the companies as they will stand, in words. The form is
// ui/screens/recovery-form.ts.
import { DecisionRequestOf } from "./view-types.js";
import { RecoveryCompany, RecoveryContext } from "./events.generated.js";
import { troopWords } from "./troop-words.js";
import { count, list } from "./words.js";

// What the request asks to split: its companies (figures now, lost in the battle), the figures
// brought back and the penalty, with the regiment it is about.
export type RecoveryPlan = Pick<RecoveryContext, "regiment" | "companies" | "recovered" | "penalty">;

export interface RecoverySplit { recovered: number[]; penalty: number[]; }

export function recoveryPlan(req: DecisionRequestOf<"recovery_choice">): RecoveryPlan {
  const { regiment, companies, recovered, penalty } = req.context;
  return { regiment, companies, recovered, penalty };
}

// Indexes by figures, largest first, ties by position (rules/battle/battle_answers.cpp largest_first).
function largestFirst(figures: number[]): number[] {
  return figures.map((_, i) => i).sort((a, b) => figures[b] - figures[a] || a - b);
}

// The default answer "largest_first" as the server applies it: the figures come back to the
// largest companies first (each at most what it lost), then the penalty is taken from the
// largest companies as they then stand.
export function largestFirstSplit(plan: RecoveryPlan): RecoverySplit {
  const n = plan.companies.length;
  const out: RecoverySplit = { recovered: Array(n).fill(0), penalty: Array(n).fill(0) };
  let left = plan.recovered;
  for (const i of largestFirst(plan.companies.map((c) => c.figures))) {
    const take = Math.min(left, plan.companies[i].lost);
    out.recovered[i] = take;
    left -= take;
  }
  const after = plan.companies.map((c, i) => c.figures + out.recovered[i]);
  let due = plan.penalty;
  for (const i of largestFirst(after)) {
    const take = Math.min(due, after[i]);
    out.penalty[i] = take;
    due -= take;
  }
  return out;
}

// The first problem of a split (the server's checks, R-8.7), or null: a whole number per
// company, no more back than the company lost, no more penalty than it will have, the totals.
export function recoveryProblem(plan: RecoveryPlan, split: RecoverySplit): string | null {
  const { companies } = plan;
  if (split.recovered.length !== companies.length || split.penalty.length !== companies.length)
    return `give numbers for each of the ${companies.length} companies`;
  let sumR = 0;
  let sumP = 0;
  for (let i = 0; i < companies.length; i++) {
    const r = split.recovered[i];
    const p = split.penalty[i];
    const who = companyName(companies[i], i);
    if (!Number.isInteger(r) || r < 0 || !Number.isInteger(p) || p < 0) return `${who}: whole numbers, 0 or more`;
    if (r > companies[i].lost) return `${who} lost only ${companies[i].lost} in the battle`;
    if (p > companies[i].figures + r) return `${who} would have only ${companies[i].figures + r} figures to pay the penalty`;
    sumR += r;
    sumP += p;
  }
  if (sumR !== plan.recovered) return `the dice brought back ${figures(plan.recovered)}: ${sumR} placed`;
  if (sumP !== plan.penalty) return `the penalty is ${figures(plan.penalty)}: ${sumP} placed`;
  return null;
}

// Each company's figures once the split is applied; a company at 0 leaves the regiment.
export function figuresAfter(plan: RecoveryPlan, split: RecoverySplit): number[] {
  return plan.companies.map((c, i) => c.figures + (split.recovered[i] ?? 0) - (split.penalty[i] ?? 0));
}

export const figures = (n: number): string => count(n, "figure");

// "Company 1 (spearmen)", "Company 2 (Sigrun the Bold, hero)", "Company 3 (light horse)".
export function companyName(c: RecoveryCompany, i: number): string {
  const type = troopWords(c.type);
  return `Company ${i + 1} (${c.name ? `${c.name}, ${type}` : type})`;
}

// A company as a sentence names it: "company 2" (by its place in the regiment, as an answer and
// an event give it), or with its troops when they are known ("company 2 (archers)").
export type CompanyLabel = (i: number) => string;
export const companyByPlace: CompanyLabel = (i) => `company ${i + 1}`;

const positive = (v: unknown): v is number => typeof v === "number" && v > 0;

// "1 to company 2", one part for each company given some: the pieces of the sentences below and
// of the recovery report (logic/event-text.ts, "recovery_applied").
export function perCompany(values: readonly unknown[] | undefined, preposition: string, label: CompanyLabel = companyByPlace): string[] {
  return (values ?? []).flatMap((v, i) => (positive(v) ? [`${v} ${preposition} ${label(i)}`] : []));
}

// What one list of figures per company does, as a clause: "brings back 1 figure to company 2",
// "takes the penalty of 2 figures, 1 from company 1 and 1 from company 2"; "" when all are 0.
export function companyClause(values: readonly unknown[] | undefined, lead: string, preposition: string, label: CompanyLabel = companyByPlace): string {
  const given = (values ?? []).map((v, i) => [v, i] as const).filter(([v]) => positive(v));
  if (given.length === 0) return "";
  const total = given.reduce((s, [v]) => s + (v as number), 0);
  if (given.length === 1) return `${lead} ${count(total, "figure")} ${preposition} ${label(given[0][1])}`;
  return `${lead} ${count(total, "figure")}, ${list(perCompany(values, preposition, label))}`;
}

// A recovery (R-8.7) as a sentence: "brings back 1 figure to company 2 and takes the penalty of
// 2 figures, 1 from company 1 and 1 from company 2". The same words for a player's answer in the
// report (logic/event-words.ts) and for what the default would do (the hint beside its button).
export function recoverySentence(recovered: readonly unknown[] | undefined, penalty: readonly unknown[] | undefined, label: CompanyLabel = companyByPlace): string {
  const back = companyClause(recovered, "brings back", "to", label);
  const paid = companyClause(penalty, "takes the penalty of", "from", label);
  if (!back && !paid) return "brings nothing back and pays no penalty";
  if (!back || !paid) return back || paid;
  // A comma closes a list of companies before the penalty: "…, 1 to company 2, and takes …".
  const listed = (recovered ?? []).filter(positive).length > 1;
  return `${back}${listed ? "," : ""} and ${paid}`;
}

// What a split does to the request's companies, named with their troops: "brings back 4 figures
// to company 1 (spearmen) and takes the penalty of 2 figures from company 1 (spearmen)".
export function describeSplit(plan: RecoveryPlan, split: RecoverySplit): string {
  return recoverySentence(split.recovered, split.penalty, (i) => companyName(plan.companies[i], i).replace(/^Company/, "company"));
}

// The line above the form: what the regiment lost, what the dice brought back and what the
// penalty costs, and what is asked.
export function recoveryIntro(plan: RecoveryPlan, regimentName: string): string {
  const lost = plan.companies.reduce((s, c) => s + c.lost, 0);
  const back = plan.recovered > 0 ? `the recovery dice bring back ${plan.recovered}` : "the recovery dice bring none back";
  const cost = plan.penalty > 0 ? `; losing the general or the camp costs ${figures(plan.penalty)} more` : "";
  const ask = [plan.recovered > 0 ? "which companies they come back to" : "", plan.penalty > 0 ? "which pay the penalty" : ""].filter(Boolean).join(" and ");
  return `${regimentName} lost ${figures(lost)} in the battle: ${back}${cost} (R-8.7). Choose ${ask || "nothing"}, or take the largest companies first.`;
}
