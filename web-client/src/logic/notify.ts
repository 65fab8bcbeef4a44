// Browser notifications (issue 31), the decisions only: which pushed message tells the viewer
// something worth a notification, with what title and body, and which tab a click opens; when
// one may be shown at all; the permission in words. Pure: ui/notifier.ts holds the browser's
// Notification API and the preference, app.ts asks here for each push.
import { DecisionRequest, Notice, PressMessage, World } from "./view-types.js";
import { Writer, heading } from "./press.js";
import { decisionTitle } from "./decisions.js";
import { noticeText } from "./notice-text.js";

export type AlertTab = "decisions" | "reports" | "press";

export interface Alert {
  campaign: string;
  title: string;
  body: string;
  tab: AlertTab;    // the tab a click opens
  period?: number;  // the report a click opens
  tag: string;      // one notification per thing: a request sent again replaces, not adds
}

export interface AlertContext {
  campaign: string;
  name: string;  // the campaign's name, first in every title (one may play several)
  me: Writer;
  world: Pick<World, "players" | "forces">;
  timeZone?: string;
  // Already held before this push: a request sent again on joining, a message listed and pushed.
  known: (kind: "decision" | "press", id: string) => boolean;
}

type Pushed = { type: string; [k: string]: unknown };

export const MAX_BODY = 180;

export function clip(text: string, max = MAX_BODY): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

// The notification a pushed message deserves, or null: a new decision the viewer answers, a
// resolved period, press from someone else, a GM notice. Nothing else (view deltas, errors,
// battle companions) notifies.
export function alertFor(m: Pushed, ctx: AlertContext): Alert | null {
  if (m.campaign !== undefined && m.campaign !== ctx.campaign) return null;
  const base = { campaign: ctx.campaign };
  switch (m.type) {
    case "decision_request": {
      const req = m.request as DecisionRequest | undefined;
      if (!req || typeof req.id !== "string" || ctx.known("decision", req.id)) return null;
      // The server sends a request only to whom answers it; a player's own, to be sure.
      if (ctx.me.role === "observer") return null;
      if (ctx.me.role === "player" && req.player !== ctx.me.player) return null;
      const force = ctx.world.forces.find((f) => f.id === req.force)?.name ?? req.force;
      return { ...base, tab: "decisions", tag: `umpire:${ctx.campaign}:decision:${req.id}`,
        title: `${ctx.name}: a decision for ${force}`,
        body: clip(`${decisionTitle(req)}${ctx.me.role === "gm" && req.player ? ` (${req.player})` : ""}`) };
    }
    case "period_resolved": {
      const index = Number(m.period_index);
      if (!Number.isInteger(index)) return null;
      const when = typeof m.day === "number" && typeof m.period === "string" ? `Day ${m.day}, ${m.period} period: ` : "";
      return { ...base, tab: "reports", period: index, tag: `umpire:${ctx.campaign}:resolved:${index}`,
        title: `${ctx.name}: period ${index} resolved`, body: `${when}the report is ready.` };
    }
    case "press": {
      const msg = m.message as PressMessage | undefined;
      if (!msg || typeof msg.id !== "string" || ctx.known("press", msg.id)) return null;
      const own = ctx.me.role === "gm" ? msg.from === "gm" : ctx.me.role === "player" && msg.from === ctx.me.player;
      if (own) return null;
      return { ...base, tab: "press", tag: `umpire:${ctx.campaign}:press:${msg.id}`,
        title: `${ctx.name}: ${heading(msg, ctx.me, ctx.world)}`, body: clip(String(msg.text ?? "")) };
    }
    case "notice": {
      const n = m.notice as Notice | undefined;
      if (!n || typeof n.kind !== "string") return null;
      return { ...base, tab: "reports", tag: `umpire:${ctx.campaign}:notice:${n.no ?? n.kind}:${n.at ?? ""}`,
        title: `${ctx.name}: GM notice`, body: clip(noticeText(n, ctx.timeZone)) };
    }
    default:
      return null;
  }
}

export type Permission = "granted" | "denied" | "default" | "unsupported";

// Shown only when the viewer asked for them here, the browser allows them, and the page is not
// in view (in view, the page itself says it: the live region, the tab counts).
export function mayShow(on: boolean, permission: Permission, visibility: string): boolean {
  return on && permission === "granted" && visibility === "hidden";
}

export type NotifyState = "on" | "off" | "blocked" | "not_asked" | "unsupported";

export function notifyState(permission: Permission, on: boolean): NotifyState {
  if (permission === "unsupported") return "unsupported";
  if (permission === "denied") return "blocked";
  if (permission === "default") return "not_asked";
  return on ? "on" : "off";
}

// The state in words, with what to do about it.
export function stateText(state: NotifyState): string {
  switch (state) {
    case "on": return "On: this browser shows a notification when something happens in this campaign while the page is open but not in view.";
    case "off": return "Off for this campaign in this browser (the browser would allow them).";
    case "blocked": return "Blocked by the browser: notifications were refused for this site. To allow them, open the site settings (the icon left of the address), set Notifications to Allow, and reload the page.";
    case "not_asked": return "Not asked yet: the browser asks for permission when you press the button, never before.";
    case "unsupported": return "Not supported: this browser cannot show notifications from a page. The webhook below can reach you instead.";
  }
}

// The preference is kept per campaign in this browser (localStorage): it says nothing secret.
export function notifyKey(campaign: string): string {
  return `umpire.notify.${campaign}`;
}
