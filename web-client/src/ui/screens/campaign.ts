// One campaign: a header with the period and its deadline countdown, and tabs for the map and
// orders, decisions, reports, press, notifications and (for the GM) the console.
import { App, Part } from "../app.js";
import { h, replaceContent } from "../dom.js";
import { formatRemaining, remainingMs, urgency } from "../../logic/countdown.js";
import { ordersTab } from "./orders-tab.js";
import { decisionsTab } from "./decisions-tab.js";
import { reportsTab } from "./reports-tab.js";
import { gmTab } from "./gm-tab.js";
import { pressTab } from "./press-tab.js";
import { notificationsTab } from "./notifications-tab.js";
import { TabId } from "../../logic/route.js";

// `shown`: called each time the tab is selected (a tab that loads only when first looked at).
type Tab = { id: TabId; label: () => string; build: (app: App) => { element: HTMLElement; update: (part: Part) => void; shown?: () => void } };

export function campaignScreen(app: App): { element: HTMLElement; update: (part: Part) => void; dispose: () => void } {
  const v = app.view!;
  const tabs: Tab[] = [
    { id: "map", label: () => (v.you.role === "player" ? "Map and orders" : "Map"), build: ordersTab },
    { id: "decisions", label: () => `Decisions (${app.decisions.size})`, build: decisionsTab },
    { id: "reports", label: () => "Reports", build: reportsTab },
    { id: "press", label: () => (app.unreadPress ? `Press (${app.unreadPress} new)` : "Press"), build: pressTab },
    { id: "notifications", label: () => "Notifications", build: notificationsTab },
  ];
  if (v.you.role === "gm") tabs.push({ id: "gm", label: () => "GM console", build: gmTab });
  // A link to a tab this viewer does not have opens the map, the URL corrected in place.
  const ownTab = (): TabId => {
    if (!tabs.some((t) => t.id === app.tab)) app.selectTab("map", false);
    return app.tab;
  };

  const title = h("h1", {});
  const period = h("span", { class: "period" });
  const countdown = h("span", { class: "countdown", role: "timer", "aria-live": "off" });
  const conn = h("span", { class: "conn", role: "status" });
  const error = h("p", { class: "error", role: "alert" });
  const header = h("header", { class: "bar" }, title, period, countdown, conn,
    h("button", { type: "button", onclick: () => app.listCampaigns().catch((e) => app.fail(e)) }, "Campaigns"),
    h("button", { type: "button", onclick: () => app.logout() }, "Sign out"));

  const built = tabs.map((t) => ({ tab: t, part: t.build(app) }));
  const tabButtons = built.map(({ tab }) => h("button", {
    type: "button", role: "tab", id: `tab-${tab.id}`, "aria-controls": `panel-${tab.id}`,
    onclick: () => select(tab.id), onkeydown: (e: KeyboardEvent) => arrows(e, tab.id),
  }, tab.label()));
  const panels = built.map(({ tab, part }) => h("section", { role: "tabpanel", id: `panel-${tab.id}`, "aria-labelledby": `tab-${tab.id}`, class: "panel" }, part.element));

  function select(id: TabId): void {
    app.selectTab(id);
    built.forEach(({ tab, part }, i) => {
      const on = tab.id === id;
      tabButtons[i].setAttribute("aria-selected", String(on));
      tabButtons[i].textContent = tab.label();  // "Press (2 new)" becomes "Press" when opened
      tabButtons[i].tabIndex = on ? 0 : -1;
      panels[i].hidden = !on;
      if (on) part.shown?.();
    });
  }
  function arrows(e: KeyboardEvent, id: string): void {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    const i = built.findIndex((b) => b.tab.id === id);
    const j = (i + (e.key === "ArrowRight" ? 1 : built.length - 1)) % built.length;
    select(built[j].tab.id);
    tabButtons[j].focus();
  }

  function updateHeader(): void {
    const view = app.view!;
    title.textContent = view.name;
    const c = view.world.calendar;
    period.textContent = `Day ${c.day}, ${c.period} period · period ${view.period.index} · ${view.status}${view.you.role === "player" ? ` · you play ${view.you.player}` : ` · ${view.you.role}`}`;
    conn.textContent = app.status === "online" ? "" : app.status === "offline" ? "Offline: reconnecting…" : "Connecting…";
    error.textContent = app.error;
    built.forEach(({ tab }, i) => { tabButtons[i].textContent = tab.label(); });
    tick();
  }
  function tick(): void {
    const view = app.view;
    if (!view) return;
    const ms = remainingMs(view.period.deadline, Date.now());
    countdown.textContent = view.status === "paused" ? "Paused by the GM: no deadline runs"
      : view.status === "finished" ? "The campaign has ended"
      : view.period.deadline ? `Deadline ${deadlineText(view.period.deadline, view.time_zone)} · ${formatRemaining(ms)}` : "No deadline";
    countdown.dataset.urgency = urgency(ms);
  }
  const timer = setInterval(tick, 1000);

  // A GM viewing as a player: said on every screen, with the way back.
  const preview = app.viewingAs ? h("p", { class: "preview-banner", role: "status" },
    `You are viewing the campaign as ${playerName(app, app.viewingAs)} sees it: read only. `,
    h("button", { type: "button", onclick: () => app.join(v.campaign, "gm", null).catch((e) => app.fail(e)) }, "Back to the GM view")) : null;
  const element = h("main", { id: "main", class: app.viewingAs ? "campaign preview" : "campaign" }, header, preview, error,
    h("nav", { class: "tabs", role: "tablist", "aria-label": "Campaign sections" }, tabButtons), panels);
  updateHeader();
  select(ownTab());
  return {
    element,
    update(part: Part) {
      if (part === "tab") select(ownTab());
      updateHeader();
      for (const b of built) b.part.update(part);
    },
    dispose() { clearInterval(timer); },
  };
}

export { replaceContent };

// The deadline in the viewer's own zone and, when it differs, in the campaign's.
function deadlineText(deadline: string, campaignZone: string | undefined): string {
  const at = new Date(deadline);
  const mine = at.toLocaleString();
  const ownZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!campaignZone || campaignZone === ownZone) return mine;
  try {
    return `${mine} (${at.toLocaleString(undefined, { timeZone: campaignZone })} ${campaignZone})`;
  } catch {
    return mine;  // a zone this browser does not know
  }
}

function playerName(app: App, id: string): string {
  return app.view?.world.players.find((p) => p.id === id)?.name ?? id;
}
