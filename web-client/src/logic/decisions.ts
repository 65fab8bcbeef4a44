// Decision requests (docs/decisions.md): titles, the choices each kind offers, and the checks
// of the answers that need more than a click (loss allocation; recovery is logic/recovery.ts).
// Pure: the forms in ui/ render what these return.
import { Hex, sameHex } from "./hex.js";
import { ContactRequest, DecisionRequest, DecisionRequestOf } from "./view-types.js";
import { ContactContext, DisengagementContext, OpponentInView } from "./events.generated.js";
import { describeComposition, describeSize } from "./knowledge.js";
import { describeSplit, largestFirstSplit, recoveryPlan } from "./recovery.js";
import { words } from "./words.js";

export interface Choice { value: unknown; label: string; hint?: string; }

const WINDOW_NAMES: Record<string, string> = {
  before_contact: "before the contact dice",
  after_contact_dice: "after the contact dice",
  after_terrain: "after the terrain",
};

const KIND_TITLES: Record<string, string> = {
  separate_engagements: "One battle or separate engagements?",
  contact_window: "Contact",
  support_role: "Take the support role?",
  relief: "Relieve the force in contact?",
  reinforce: "Reinforce?",
  maneuver: "Declare the maneuver action?",
  pursuit: "Pursue?",
  maneuver_move: "Maneuver: where to?",
  rearguard: "Leave a rearguard?",
  loss_allocation: "Allocate losses",
  card_placement: "Place a terrain card",
  battle_report: "Battle report",
  battle_dispute: "Disputed battle reports",
  recovery_choice: "Recovery after the battle",
};

export function decisionTitle(req: DecisionRequest): string {
  const base = KIND_TITLES[req.kind] ?? words(req.kind);
  if (req.kind === "contact_window" && req.window) return `${base} ${WINDOW_NAMES[req.window] ?? words(req.window)}`;
  return base;
}

// Each answer's label and what it does, in words (RULEBOOK R-5.3, R-7, R-8).
const DISENGAGE_RISK = "a disengagement roll against each opponent: behind by 2 or more costs the assault regiment 5–50% and may displace the force";
const ACTION_LABELS: Record<string, [string, string]> = {
  rest: ["Rest", "Fight on the morrow if every commander rests: the contact ends for this half period (R-5.3); if anyone engages, resting counts as engaging"],
  engage: ["Engage", "Stand and fight: the procedure goes on to terrain and, unless someone disengages, a battle"],
  avoid: ["Avoid", `Move into the chosen hex before the contact dice, paying its move cost, then keep moving; ${DISENGAGE_RISK} (R-7.2)`],
  delay: ["Delay", `Hold them off: neither you nor they move again this half period, and you may not delay them again next half period; ${DISENGAGE_RISK} (R-7.2)`],
  evade: ["Evade", `Break contact after the dice at no move cost, then keep moving; ${DISENGAGE_RISK} (R-7.3, R-7.4)`],
  one_battle: ["One battle", "All forces of the contact fight together"],
  separate: ["Separate engagements", "Each pair fights on its own (R-5.2)"],
  proportional: ["Proportional", "Losses spread over the companies"],
  auto: ["Let the server place it", "The automatic placement"],
  no_report: ["No report", "Quick battle decides if nobody reports"],
  quick_battle: ["Quick battle", "Settle by the quick battle table (R-8.8)"],
  attacker_report: ["The attacker's report", ""],
  defender_report: ["The defender's report", ""],
  largest_first: ["Largest companies first", "The default recovery"],
};

function hexText(h: Hex): string {
  return `(${h[0]}, ${h[1]})`;
}

// The one-click answers of a request. Forms with their own fields (losses, cards, reports,
// recovery) add their own answer besides these.
export function choicesFor(req: DecisionRequest): Choice[] {
  const out: Choice[] = [];
  for (const option of req.options) {
    if (typeof option === "boolean") {
      out.push({ value: option, label: option ? "Yes" : "No" });
    } else if (typeof option === "string") {
      if (option === "avoid" && req.kind === "contact_window" && req.context.avoid_hexes) {
        for (const h of req.context.avoid_hexes)
          out.push({ value: { action: "avoid", hex: h }, label: `Avoid to ${hexText(h)}`, hint: ACTION_LABELS.avoid[1] });
        continue;
      }
      const [label, hint] = ACTION_LABELS[option] ?? [words(option), ""];
      // R-8.7: what the default recovery would do to these companies, in words.
      if (option === "largest_first" && req.kind === "recovery_choice") {
        const plan = recoveryPlan(req);
        out.push({ value: option, label, hint: `${hint}: ${describeSplit(plan, largestFirstSplit(plan))}` });
        continue;
      }
      out.push({ value: option, label, hint });
    } else if (Array.isArray(option)) {
      const h = option as Hex;
      const cand = req.kind === "maneuver_move" ? req.context.candidates.find((c) => sameHex(c.hex, h)) : undefined;
      out.push({ value: h, label: `Move to ${hexText(h)}${cand ? `, ${cand.cost} points` : ""}` });
    }
  }
  if (req.kind === "maneuver_move" && !req.options.includes(false)) out.push({ value: false, label: "Stay" });
  return out;
}

export function isDefault(req: DecisionRequest, value: unknown): boolean {
  return JSON.stringify(req.default) === JSON.stringify(value);
}

// A one-word answer's label: "Evade", "Largest companies first", "Yes"; an answer this client
// has no label for as words. Answers with values (hexes, splits, reports): answerWords
// (logic/event-words.ts).
export function describeAnswer(value: string | boolean): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return ACTION_LABELS[value]?.[0] ?? words(value);
}

// The kinds whose context is a contact's: its hex, the own assault regiment and the opponents.
const CONTACT_KINDS: Record<ContactRequest["kind"], true> = {
  contact_window: true, separate_engagements: true, rearguard: true, maneuver: true, pursuit: true,
  loss_allocation: true, recovery_choice: true,
};

export function isContactRequest(req: DecisionRequest): req is ContactRequest {
  return Object.hasOwn(CONTACT_KINDS, req.kind);
}

// The contact a request shows on the map and above its choices, if any. A battle report's
// context holds its contact's members besides the documents: untyped, so checked.
export function contactOf(req: DecisionRequest): ContactContext | undefined {
  if (isContactRequest(req)) return req.context;
  if (req.kind !== "battle_report") return undefined;
  const c = req.context;
  return Array.isArray(c.opponents) && Array.isArray(c.hex) ? (c as unknown as ContactContext) : undefined;
}

// An opponent in the request's context (docs/decisions.md): where it stands and what this
// force's commander learned of it at the contact dice.
export function opponentLine(o: OpponentInView): string {
  const k = o.known;
  const learned = !k ? "not yet estimated (before the contact dice)"
    : !k.aware ? "your commander is unaware of it (R-6.3: no evasion)"
    : [k.size ? `assault regiment ${describeSize(k.size)}` : "size unknown", k.composition ? `composition ${describeComposition(k.composition)}` : null].filter(Boolean).join(", ");
  return `Opponent ${o.force} at ${hexText(o.hex)}: ${learned}`;
}

// Context lines worth showing above the choices, from what the player knows.
export function contextLines(req: DecisionRequest): string[] {
  const c = contactOf(req);
  return [...(c ? contactLines(c) : placeLines(req)), ...kindLines(req)];
}

// Each opponent where it stands and as its commander knows it; the bare "largest estimate" only
// when the request names no opponents (it has no band).
function contactLines(c: ContactContext): string[] {
  const lines = [`Contact ${c.contact}`, `At ${hexText(c.hex)}`, `Own assault regiment: ${c.own_assault_figures} figures`, ...c.opponents.map(opponentLine)];
  if (c.largest_estimated_opponent !== undefined && c.opponents.length === 0) lines.push(`Largest estimated opponent: ${c.largest_estimated_opponent} figures`);
  if (c.contact_score !== undefined) lines.push(`Contact score: ${c.contact_score}`);
  return lines;
}

// The contact and where, for a request that names no opponents.
function placeLines(req: DecisionRequest): string[] {
  switch (req.kind) {
    case "battle_report": case "battle_dispute": return req.context.contact ? [`Contact ${req.context.contact}`] : [];
    case "card_placement": return [`Contact ${req.context.contact}`];
    default: return [`Contact ${req.context.contact}`, `At ${hexText(req.context.hex)}`];
  }
}

function kindLines(req: DecisionRequest): string[] {
  switch (req.kind) {
    case "contact_window": return [req.context.may_rest ? "May rest" : "May not rest"];
    case "loss_allocation": return [`Losses to allocate: ${req.context.figures} figures`];
    case "maneuver": case "pursuit": return [disengagingLine(req.context)];
    case "battle_report": return typeof req.context.role === "string" ? [`Your side is the ${words(req.context.role)}`] : [];
    default: return [];
  }
}

// "Disengaging: ingegerd (evade)": the operation by its answer's label, not its code.
function disengagingLine(c: DisengagementContext): string {
  return `Disengaging: ${c.disengaging} (${describeAnswer(c.operation).toLowerCase()})`;
}

// R-7.4: figures per company of the assault regiment, summing to context.figures, none above
// the company's size.
export function checkLossAllocation(req: DecisionRequestOf<"loss_allocation">, split: number[]): string | null {
  const { figures: total, companies: sizes } = req.context;
  if (split.length !== sizes.length) return `give a number for each of the ${sizes.length} companies`;
  for (let i = 0; i < split.length; i++) {
    if (!Number.isInteger(split[i]) || split[i] < 0) return `company ${i + 1}: a whole number of figures, 0 or more`;
    if (split[i] > sizes[i]) return `company ${i + 1} has only ${sizes[i]} figures`;
  }
  const sum = split.reduce((a, b) => a + b, 0);
  if (sum !== total) return `the losses must add up to ${total} figures, not ${sum}`;
  return null;
}
