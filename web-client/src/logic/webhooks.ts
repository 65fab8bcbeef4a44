// One's webhook for a campaign (docs/protocol.md, "Notifications"): the URL checked before it is
// sent (the server checks it again, and more: private addresses, e-mail), what this browser
// remembers of it, and the delivery log in words. Pure.

export interface Delivery {
  delivery_id: string;
  key: string;
  attempt: number;
  at: string;
  outcome: "delivered" | "failed" | string;
  http_status: number | null;
  error: string;
}

export const MAX_URL_BYTES = 512;

// Why `url` cannot be a webhook ("" when it may be sent): what the server would refuse anyway,
// said before asking it.
export function urlProblem(url: string): string {
  const u = url.trim();
  if (u === "") return "Enter a URL: http://…, https://… or mailto:ADDRESS.";
  if (!/^(https?:\/\/|mailto:)/i.test(u)) return "A webhook starts with http://, https:// or mailto:.";
  if (/\s/.test(u)) return "A webhook URL has no spaces.";
  const bytes = new TextEncoder().encode(u).length;
  if (bytes > MAX_URL_BYTES) return `Too long: ${bytes} bytes, at most ${MAX_URL_BYTES}.`;
  if (/^mailto:$/i.test(u)) return "A mailto: needs an address.";
  if (/^https?:\/\/$/i.test(u)) return "A webhook URL needs a host.";
  return "";
}

// What this browser keeps of a webhook it set: the scheme and host only, as the server's logs
// show it. A webhook's path often is a credential (chat services put a token there), an
// address is personal, and the signing secret is never kept at all.
export function shownTarget(url: string): string {
  const u = url.trim();
  if (/^mailto:/i.test(u)) return "mailto:…";
  const m = /^(https?):\/\/([^/?#]*)/i.exec(u);
  if (!m) return "(a URL)";
  const host = m[2].replace(/^.*@/, "");  // never a user:password part
  return `${m[1].toLowerCase()}://${host.toLowerCase()}/…`;
}

export interface Remembered { target: string; at: string; }

export function rememberKey(account: string, campaign: string): string {
  return `umpire.webhook.${account}.${campaign}`;
}

export function readRemembered(text: string | null): Remembered | null {
  if (!text) return null;
  try {
    const r = JSON.parse(text) as Partial<Remembered>;
    return typeof r.target === "string" && typeof r.at === "string" ? { target: r.target, at: r.at } : null;
  } catch { return null; }
}

// What a delivery was about, from its notification key (docs/protocol.md, "Notifications").
export function deliveryWhat(key: string): string {
  const [kind, rest = ""] = splitOnce(key, ":");
  const period = /^(\d+)/.exec(rest)?.[1];
  const p = period !== undefined ? ` (period ${period})` : "";
  switch (kind) {
    case "resolved": return period !== undefined ? `Period ${period} resolved` : "A period resolved";
    case "decision": return `A decision needs you${p}`;
    case "deadline": return `Deadline near${p}`;
    case "missed_orders": return `Missed orders${p}`;
    case "lapsed": return `A decision lapsed${p}`;
    case "answered_for": return `The GM answered a decision for you${p}`;
    case "ended": return "The campaign ended";
    case "world_edit": return "The GM edited the world";
    default: return key;
  }
}

function splitOnce(s: string, sep: string): [string, string?] {
  const i = s.indexOf(sep);
  return i < 0 ? [s] : [s.slice(0, i), s.slice(i + 1)];
}

export function outcomeText(d: Pick<Delivery, "outcome">): string {
  return d.outcome === "delivered" ? "Delivered" : d.outcome === "failed" ? "Failed" : d.outcome;
}

export function statusText(d: Pick<Delivery, "http_status">): string {
  return d.http_status === null || d.http_status === undefined ? "none" : String(d.http_status);
}
