// Press as the viewer reads it: who wrote to whom in words, the periods it falls in, what the
// campaign's setting means for who reads what one writes, and whom one may write to.
import { PressMessage, PressPolicy, World } from "./view-types.js";

export interface Writer { role: "gm" | "player" | "observer"; player: string; }

// "the GM", "you", or the player's name (its id when the scenario has no name for it).
export function nameOf(who: string, me: Writer, world: Pick<World, "players">): string {
  if (who === "all") return "everyone";
  if (who === "gm") return me.role === "gm" ? "you (GM)" : "the GM";
  if (me.role === "player" && who === me.player) return "you";
  return world.players.find((p) => p.id === who)?.name ?? who;
}

export function heading(m: PressMessage, me: Writer, world: Pick<World, "players">): string {
  const to = m.to.map((r) => nameOf(r, me, world));
  const list = to.length <= 2 ? to.join(" and ") : `${to.slice(0, -1).join(", ")} and ${to[to.length - 1]}`;
  return `${capital(nameOf(m.from, me, world))} to ${list}`;
}

function capital(s: string): string { return s.charAt(0).toUpperCase() + s.slice(1); }

// What the viewer is told about who reads what it writes now.
export function policyText(policy: PressPolicy | undefined, me: Writer): string {
  if (me.role === "observer") return "You read the messages written to everyone.";
  if (policy === "off") return me.role === "gm"
    ? "Press between players is off: players write to you only; you write to anyone."
    : "Press between players is off in this campaign: you may write to the GM.";
  if (policy === "gm_reads") return me.role === "gm"
    ? "You may read every message sent while this setting holds."
    : "The GM reads every message sent now, private ones too.";
  return me.role === "gm"
    ? "Private messages between players stay private; you read those to everyone and to you."
    : "A message is read by you and those you write to (and the GM, if you write to everyone or to the GM).";
}

// Whom the viewer may write to: "all", "gm" and each other player, as the setting allows.
export function recipients(policy: PressPolicy | undefined, me: Writer, world: Pick<World, "players">): string[] {
  if (me.role === "observer") return [];
  if (policy === "off" && me.role === "player") return ["gm"];
  const players = world.players.map((p) => p.id).filter((id) => !(me.role === "player" && id === me.player));
  return me.role === "gm" ? ["all", ...players] : ["all", "gm", ...players];
}

// The messages of `held`, then those of `more` not among them: each once (a push and a list
// may both bring one), in the order the server gave them (never by the clock: a clock stepped
// back would reorder them).
export function merge(held: PressMessage[], more: PressMessage[]): PressMessage[] {
  const ids = new Set(held.map((m) => m.id));
  return [...held, ...more.filter((m) => !ids.has(m.id))];
}

export function byPeriod(messages: PressMessage[]): { period: number; messages: PressMessage[] }[] {
  const groups: { period: number; messages: PressMessage[] }[] = [];
  for (const m of messages) {
    const last = groups[groups.length - 1];
    if (last && last.period === m.period_index) last.messages.push(m);
    else groups.push({ period: m.period_index, messages: [m] });
  }
  return groups;
}

export const MAX_PRESS_BYTES = 4000;

// Why `text` to `to` cannot be sent ("" when it can).
export function sendProblem(to: string[], text: string): string {
  if (to.length === 0) return "Choose whom to write to.";
  if (text.trim() === "") return "Write something first.";
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_PRESS_BYTES) return `Too long: ${bytes} bytes, at most ${MAX_PRESS_BYTES}.`;
  return "";
}
