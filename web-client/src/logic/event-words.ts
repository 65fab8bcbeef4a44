// Words for the values inside events (logic/event-text.ts): hexes, lists, dice modifiers,
// answers and rule codes, so that no report shows JSON.
import { describeAnswer } from "./decisions.js";

export const hx = (h: unknown): string => (Array.isArray(h) ? `(${h[0]}, ${h[1]})` : String(h ?? "?"));

// "a", "a and b", "a, b and c".
export function list(items: readonly unknown[]): string {
  const s = items.map(String);
  if (s.length <= 1) return s[0] ?? "none";
  return `${s.slice(0, -1).join(", ")} and ${s[s.length - 1]}`;
}

// "1 figure", "3 figures".
export const count = (n: unknown, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

export const path = (hexes: readonly unknown[]): string => (hexes.length ? hexes.map(hx).join(" → ") : "no hex");

// A rule's code as words: "no_legal_move" → "no legal move".
export const words = (code: unknown): string => String(code ?? "").replace(/_/g, " ");

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

// A decision's answer in words: the action's label, yes or no, a hex (a maneuver move),
// figures per company (a loss allocation), or a battle report's gist.
export function answerWords(value: unknown, kind = ""): string {
  if (typeof value === "string" || typeof value === "boolean") return describeAnswer(value);
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    if (kind === "maneuver_move") return `move to ${hx(value)}`;
    return `figures per company ${value.join(", ")}`;
  }
  if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (typeof o.action === "string") return `${describeAnswer(o.action)}${o.hex ? ` to ${hx(o.hex)}` : ""}`;
    if (Array.isArray(o.recovered)) return `recover ${(o.recovered as number[]).join(", ")}, penalty ${(Array.isArray(o.penalty) ? o.penalty as number[] : []).join(", ")} per company`;
    if (o.attacker && o.defender) return "a battle report";
    if ("column" in o && "row" in o) return `${typeof o.card === "string" ? `${words(o.card)} ` : ""}at column ${o.column}, row ${o.row}${o.rotation !== undefined ? `, turned ${o.rotation}` : ""}`;
    return modifiers(o);
  }
  return "nothing";
}
