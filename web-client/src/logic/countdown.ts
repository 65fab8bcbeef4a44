// Deadline countdowns: "2 h 05 min left", "overdue".
export function remainingMs(deadlineIso: string | null | undefined, nowMs: number): number | null {
  if (!deadlineIso) return null;
  const t = Date.parse(deadlineIso);
  return Number.isNaN(t) ? null : t - nowMs;
}

export function formatRemaining(ms: number | null): string {
  if (ms === null) return "no deadline";
  if (ms <= 0) return "deadline passed";
  const totalSeconds = Math.floor(ms / 1000);
  const days = Math.floor(totalSeconds / 86400);
  const hours = Math.floor((totalSeconds % 86400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (days > 0) return `${days} d ${hours} h left`;
  if (hours > 0) return `${hours} h ${pad(minutes)} min left`;
  if (minutes > 0) return `${minutes} min ${pad(seconds)} s left`;
  return `${seconds} s left`;
}

// How urgent: for styling and for screen-reader politeness.
export function urgency(ms: number | null): "none" | "calm" | "soon" | "urgent" | "passed" {
  if (ms === null) return "none";
  if (ms <= 0) return "passed";
  if (ms < 15 * 60 * 1000) return "urgent";
  if (ms < 2 * 3600 * 1000) return "soon";
  return "calm";
}
