// Words for the values inside events (logic/event-text.ts): hexes, lists, dice modifiers,
// answers and rule codes, so that no report shows JSON.
import { describeAnswer } from "./decisions.js";
import { companyClause, recoverySentence } from "./recovery.js";
import { count, list, words } from "./words.js";

// A code as words, a list and a count live in words.ts (no imports); here for the event texts.
export { count, list, words };

export const hx = (h: unknown): string => (Array.isArray(h) ? `(${h[0]}, ${h[1]})` : String(h ?? "?"));

export const path = (hexes: readonly unknown[]): string => (hexes.length ? hexes.map(hx).join(" → ") : "no hex");

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");

// Dice modifiers, {"terrain": -1, "general": 1}, as "terrain −1, general +1" (and any object of
// named values so); nested values are named by their path, so nothing is lost.
export function modifiers(mods: unknown): string {
  if (!mods || typeof mods !== "object") return "no modifiers";
  const parts: string[] = [];
  const walk = (value: unknown, name: string) => {
    if (typeof value === "number") parts.push(`${name} ${signed(value)}`);
    else if (typeof value === "boolean") { if (value) parts.push(name); }
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${name} ${i + 1}`));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, name ? `${name} ${words(k)}` : words(k));
    else if (value !== null && value !== undefined) parts.push(`${name} ${words(value)}`);
  };
  walk(mods, "");
  return parts.length ? parts.join(", ") : "no modifiers";
}

// A decision's answer in words: the action's label, yes or no, a hex (a maneuver move), the
// figures each company loses (a loss allocation) or gets back and pays (a recovery, the same
// sentence as logic/recovery.ts writes for the default), or a battle report's gist.
export function answerWords(value: unknown, kind = ""): string {
  if (typeof value === "string" || typeof value === "boolean") return describeAnswer(value);
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    if (kind === "maneuver_move") return `move to ${hx(value)}`;
    return companyClause(value, "takes the losses of", "from") || "takes no losses";
  }
  if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (typeof o.action === "string") return `${describeAnswer(o.action)}${o.hex ? ` to ${hx(o.hex)}` : ""}`;
    if (Array.isArray(o.recovered)) return recoverySentence(o.recovered, Array.isArray(o.penalty) ? o.penalty : []);
    if (o.attacker && o.defender) return "a battle report";
    if ("column" in o && "row" in o) return `${typeof o.card === "string" ? `${words(o.card)} ` : ""}at column ${o.column}, row ${o.row}${o.rotation !== undefined ? `, turned ${o.rotation}` : ""}`;
    return modifiers(o);
  }
  return "nothing";
}
