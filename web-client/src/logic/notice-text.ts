// A GM notice as one line: its kind in words, the reason, and what changed (the details the
// server shows players: a new deadline, the minutes added, the rollback's target).
import { Notice } from "./view-types.js";
import { words } from "./words.js";

const KINDS: Record<string, string> = {
  pause: "Paused", resume: "Resumed", extend: "Deadline extended", force_advance: "Resolved early",
  rollback: "Rolled back", edit: "Campaign edited", set_deadline: "Deadline changed",
  downtime_extension: "Deadline moved (the server was down)", seat_changed: "Your seat changed",
  reopen_orders: "Orders reopened", end: "The campaign has ended", world_edit: "The GM edited the world",
  campaign_deleted: "The campaign was deleted",
};

function when(iso: unknown, timeZone?: string): string {
  if (typeof iso !== "string") return "none";
  return new Date(iso).toLocaleString(undefined, timeZone ? { timeZone } : undefined);
}

export function noticeText(n: Notice, timeZone?: string): string {
  const d = n.details ?? {};
  const parts: string[] = [];
  if (typeof d.minutes === "number") parts.push(`${d.minutes} minutes added`);
  if (typeof d.remaining_minutes === "number") parts.push(`${d.remaining_minutes} minutes left on the clock`);
  if (typeof d.to_period === "number") parts.push(`back to period ${d.to_period}`);
  if ("due_at" in d) parts.push(`deadline ${when(d.due_at, timeZone)}`);
  if (Array.isArray(d.forces) && d.forces.length) parts.push(`forces ${d.forces.join(", ")}`);
  if (d.map_or_sides === true) parts.push("the map or the sides changed");
  const what = KINDS[n.kind] ?? words(n.kind);
  return `${what}${parts.length ? ` (${parts.join(", ")})` : ""}${n.reason ? `: ${n.reason}` : ""}`;
}
