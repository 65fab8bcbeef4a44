// The app's state and its conversations with the server. Screens read the state and call the
// actions here; every server message that changes the state calls `changed(part)`.
import { Connection, Message, ServerError } from "../net/connection.js";
import { ViewStore } from "../logic/view-store.js";
import { CampaignSummary, CampaignView, DecisionRequest, Notice, PeriodReport, PressMessage } from "../logic/view-types.js";
import { heading, merge } from "../logic/press.js";
import { noticeText } from "../logic/notice-text.js";
import { Ruleset } from "../logic/ruleset.js";
import { MapModel, buildMap } from "../logic/map-model.js";
import { ForceOrder, emptyOrder, isEmptyOrder, orderFromWire, orderToWire } from "../logic/orders.js";
import { Autosave, refusalText } from "../logic/autosave.js";
import { PatchOp } from "../logic/json-patch.js";
import { Route, TabId, formatRoute, parseRoute } from "../logic/route.js";
import { announce } from "./dom.js";
import { Notifier } from "./notifier.js";
import { Alert, alertFor } from "../logic/notify.js";
import { decisionTitle } from "../logic/decisions.js";

// "tab": the campaign's tab or open report changed (Back, Forward, a link).
export type Part = "screen" | "view" | "orders" | "decisions" | "reports" | "press" | "gm" | "status" | "tab";

export interface HistoryEntry { period_index: number; attempt: number; day: number; period: string; seed_hash: string; committed_at: string; rolled_back: boolean; }

export class App {
  conn: Connection;
  account = "";
  status: "online" | "offline" | "connecting" = "connecting";
  screen: "login" | "campaigns" | "campaign" = "login";
  campaigns: CampaignSummary[] = [];
  scenarios: string[] = [];
  store = new ViewStore();
  ruleset: Ruleset | null = null;
  map: MapModel | null = null;
  drafts = new Map<string, ForceOrder>();
  draftsDirty = false;
  // The drafts saved to the server as a draft while the player edits (logic/autosave.ts).
  readonly autosave = new Autosave({
    delayMs: 2000,
    canSave: () => this.draftMayBeSaved(),
    save: () => this.saveDraftNow(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
  });
  lastReceipt: Message | null = null;
  // Browser notifications, opt-in per campaign (ui/notifier.ts, logic/notify.ts).
  readonly notifier = new Notifier((alert) => void this.openAlert(alert));
  private toldDecisions = new Set<string>();  // requests this page has had (a new one notifies)
  decisions = new Map<string, DecisionRequest>();
  answered = new Set<string>();
  reports = new Map<number, PeriodReport>();
  history: HistoryEntry[] = [];
  press: PressMessage[] = [];  // oldest first
  pressEarlier = false;        // older messages than those held exist
  unreadPress = 0;             // arrived while the press tab was not open
  gmLog: string[] = [];
  // A GM viewing the campaign as this player (join's as_player): read only.
  viewingAs: string | null = null;
  error = "";
  tab: TabId = "map";
  openPeriod: number | null = null;  // the report open on the reports tab; null: the newest
  // The route the page was opened at, followed once signed in (a link, a refresh).
  private wanted: Route = parseRoute(location.hash);
  private landing = false;  // while following it: the URL is replaced, not pushed
  private listeners = new Set<(part: Part) => void>();

  constructor() {
    this.conn = Connection.forPage();
    this.conn.on((m) => this.push(m));
    this.conn.onStatus = (s) => { this.status = s; this.changed("status"); };
    this.conn.onReconnect = () => void this.resume();
    // Saved, the drafts no longer hold back the server's copy; a page hidden or closed saves now.
    this.autosave.subscribe(() => { if (!this.autosave.dirty && this.draftsDirty) { this.draftsDirty = false; this.changed("orders"); } });
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") this.autosave.flush(); });
    window.addEventListener("pagehide", () => this.autosave.flush());
  }

  get view(): CampaignView | null { return this.store.view; }

  subscribe(fn: (part: Part) => void): void { this.listeners.add(fn); }
  changed(part: Part): void { for (const l of this.listeners) l(part); }

  fail(e: unknown): void {
    this.error = e instanceof ServerError ? `${e.message} (${e.code})` : e instanceof Error ? e.message : String(e);
    announce(this.error);
    this.changed("status");
  }

  // ---- session ----
  async start(): Promise<void> {
    try { await this.conn.open(); } catch (e) { this.fail(e); return; }
    const token = localStorage.getItem("umpire.token");
    if (token) {
      try {
        const r = await this.conn.request({ type: "login", token });
        this.account = String(r.account);
      } catch { localStorage.removeItem("umpire.token"); this.go("login"); return; }
      await this.land();
      return;
    }
    this.go("login");
  }

  // Signed in: the campaign list, then the campaign, tab and report the URL asked for (or, with
  // none, the campaign last open in this tab).
  private async land(): Promise<void> {
    const wanted = this.wanted;
    this.wanted = { screen: "none" };
    this.landing = true;
    try {
      await this.listCampaigns();
      const last = sessionStorage.getItem("umpire.campaign");
      const campaign = wanted.screen === "campaign" ? wanted.campaign
        : wanted.screen === "none" && last && this.campaigns.some((c) => c.campaign === last) ? last : undefined;
      if (campaign) {
        this.openPeriod = wanted.period ?? null;
        await this.join(campaign, wanted.tab ?? "map");
      }
    } catch (e) { this.fail(e); } finally { this.landing = false; }
  }

  // ---- where we are: the URL ----
  route(): Route {
    if (this.screen === "campaigns") return { screen: "campaigns" };
    if (this.screen !== "campaign" || !this.store.campaign) return { screen: "none" };
    const route: Route = { screen: "campaign", campaign: this.store.campaign, tab: this.tab };
    if (this.tab === "reports" && this.openPeriod !== null) route.period = this.openPeriod;
    return route;
  }

  // A new history entry for a new screen or tab (Back returns to it), the same entry for a
  // report opened on the reports tab.
  private syncUrl(push: boolean): void {
    const hash = formatRoute(this.route());
    if (!hash || hash === location.hash) return;
    if (push && !this.landing) history.pushState(null, "", hash);
    else history.replaceState(null, "", hash);
  }

  // `push`: a new history entry; without, the URL is corrected in place (a tab this viewer
  // does not have).
  selectTab(tab: TabId, push = true): void {
    if (tab === "press") this.unreadPress = 0;
    if (tab === this.tab) return;
    this.tab = tab;
    this.syncUrl(push);
  }

  openReport(period: number): void {
    this.openPeriod = period;
    this.syncUrl(false);
  }

  // Back, Forward, or a link into the app: go where the URL says.
  async follow(route: Route): Promise<void> {
    if (!this.account) { this.wanted = route; return; }  // signing in first
    try {
      if (route.screen === "campaigns" && this.screen !== "campaigns") await this.listCampaigns();
      if (route.screen !== "campaign" || !route.campaign) return;
      this.openPeriod = route.period ?? null;
      if (this.screen === "campaign" && this.store.campaign === route.campaign) {
        this.tab = route.tab ?? "map";
        this.changed("tab");
        return;
      }
      await this.join(route.campaign, route.tab ?? "map");
    } catch (e) {
      // Not a campaign of ours (or gone): the list instead, in place of the link's entry.
      if (route.screen === "campaign") {
        this.landing = true;
        try { await this.listCampaigns(); } catch { /* the error below says enough */ } finally { this.landing = false; }
      }
      this.fail(e);
    }
  }

  private async resume(): Promise<void> {
    const token = localStorage.getItem("umpire.token");
    if (!token) return this.go("login");
    try {
      await this.conn.request({ type: "login", token });
      const campaign = this.store.campaign;
      if (!campaign) return;
      if (this.screen !== "campaign") return await this.join(campaign);
      // Back in the campaign on screen: a fresh snapshot updates the view in place, so the
      // open tab, half-filled forms and unsent orders stay as they were.
      await this.takeSnapshot(await this.conn.request(joinMessage(campaign, this.viewingAs)));
      this.autosave.retry();  // a draft the drop kept from the server
      this.changed("view");
      this.changed("decisions");
      void this.loadHistory();
      void this.loadPress();
    } catch (e) { this.fail(e); }
  }

  go(screen: App["screen"]): void {
    this.screen = screen;
    this.error = "";
    this.syncUrl(true);
    this.changed("screen");
  }

  async login(account: string, password: string): Promise<void> {
    const r = await this.conn.request({ type: "login", account, password });
    this.account = String(r.account);
    localStorage.setItem("umpire.token", String(r.token));
    await this.land();
  }

  // The replies are logged_in (the token) and invite_redeemed; the request resolves with the first.
  async signUp(code: string, account: string, password: string, email: string): Promise<void> {
    const msg: Record<string, unknown> = { type: "sign_up", code, account, password };
    if (email) msg.email = email;
    const r = await this.conn.request(msg);
    this.account = String(r.account);
    localStorage.setItem("umpire.token", String(r.token));
    await this.land();
  }

  async changePassword(password: string, newPassword: string): Promise<Message> {
    return this.conn.request({ type: "change_password", password, new_password: newPassword });
  }

  async logout(): Promise<void> {
    this.autosave.flush();
    try { await this.conn.request({ type: "logout" }); } catch { /* gone anyway */ }
    localStorage.removeItem("umpire.token");
    sessionStorage.removeItem("umpire.campaign");
    this.account = "";
    this.store.clear();
    this.go("login");
  }

  async listCampaigns(): Promise<void> {
    this.autosave.flush();  // leaving the campaign: unsaved edits go now (sent before the view goes)
    const r = await this.conn.request({ type: "list_campaigns" });
    this.campaigns = r.campaigns as CampaignSummary[];
    this.scenarios = (r.scenarios as string[]) ?? [];
    this.store.clear();
    sessionStorage.removeItem("umpire.campaign");
    this.go("campaigns");
  }

  async redeem(code: string): Promise<Message> {
    const r = await this.conn.request({ type: "redeem_invite", code });
    await this.listCampaigns();
    return r;
  }

  async createCampaign(scenario: string, campaign: string, timeZone: string): Promise<Message> {
    const msg: Record<string, unknown> = { type: "create_campaign", scenario };
    if (campaign) msg.campaign = campaign;
    if (timeZone) msg.time_zone = timeZone;
    const r = await this.conn.request(msg);
    await this.listCampaigns();
    return r;
  }

  // ---- one campaign ----
  // Opens `campaign` on `tab` (by default: the tab it was on, or the map for another campaign).
  // A GM may pass `asPlayer` to view it as that player does (read only).
  async join(campaign: string, tab?: TabId, asPlayer: string | null = null): Promise<void> {
    const r = await this.conn.request(joinMessage(campaign, asPlayer));
    const other = campaign !== this.store.campaign;
    await this.takeSnapshot(r);
    sessionStorage.setItem("umpire.campaign", campaign);
    if (tab) this.tab = tab;
    else if (other) this.tab = "map";
    if (other && !tab) this.openPeriod = null;
    this.screen = "campaign";
    this.syncUrl(true);
    this.changed("screen");
    void this.loadHistory();
    void this.loadPress();
  }

  // A snapshot replaces the view we held (ViewStore.snapshot): nothing the viewer may no
  // longer see stays on screen.
  private async takeSnapshot(m: Message): Promise<void> {
    // Another campaign, or the same seen by another (a GM's view as a player, and back).
    const viewingAs = typeof m.viewing_as === "string" ? m.viewing_as : null;
    const firstTime = this.store.campaign !== m.campaign || viewingAs !== this.viewingAs;
    this.viewingAs = viewingAs;
    this.store.snapshot(String(m.campaign), Number(m.version), m.view as CampaignView);
    const view = this.store.view!;
    if (firstTime) { this.reports.clear(); this.decisions.clear(); this.answered.clear(); this.drafts.clear(); this.draftsDirty = false; this.autosave.reset(); this.press = []; this.pressEarlier = false; this.unreadPress = 0; }
    if (firstTime) this.toldDecisions = new Set(view.decisions.map((d) => d.id));  // pending on opening: no notification
    await this.loadRuleset(view);
    this.map = buildMap(view.world.map);
    this.syncDecisions();
    this.syncDrafts(firstTime);
  }

  private async loadRuleset(view: CampaignView): Promise<void> {
    const rs = view.world.ruleset;
    if (this.ruleset && this.ruleset.name === rs.name && this.ruleset.version === rs.version) return;
    try {
      const res = await fetch(`rulesets/${rs.name}-${rs.version}.json`);
      this.ruleset = res.ok ? await res.json() : null;
    } catch { this.ruleset = null; }
  }

  private syncDecisions(): void {
    const v = this.view;
    if (!v) return;
    const ids = new Set(v.decisions.map((d) => d.id));
    for (const d of v.decisions) if (!this.answered.has(d.id)) this.decisions.set(d.id, d);
    for (const id of [...this.decisions.keys()]) if (!ids.has(id)) this.decisions.delete(id);
  }

  // Orders as the server holds them, unless the player is editing.
  private syncDrafts(force: boolean): void {
    const v = this.view;
    if (!v || (this.draftsDirty && !force)) return;
    this.drafts.clear();
    for (const f of v.world.forces) if (v.you.role === "player") this.drafts.set(f.id, emptyOrder(f.id));
    for (const o of v.my_orders?.orders ?? []) this.drafts.set(String(o.force), orderFromWire(o));
    this.draftsDirty = false;
  }

  private push(m: Message): void {
    const mine = m.campaign === undefined || m.campaign === this.store.campaign;
    if (mine) this.notify(m);  // before the state takes it in: what is new is told of once
    switch (m.type) {
      case "view_delta": {
        if (!mine) return;
        const before = this.view?.period.index;
        if (this.store.delta(String(m.campaign), Number(m.version), m.patch as PatchOp[]) === "resync") {
          void this.join(this.store.campaign, undefined, this.viewingAs);
          return;
        }
        if (this.view && (this.view.world.map !== undefined)) this.map = this.map ?? buildMap(this.view.world.map);
        this.syncDecisions();
        if (before !== this.view?.period.index) { this.draftsDirty = false; this.lastReceipt = null; this.autosave.reset(); }
        this.syncDrafts(false);
        this.changed("view");
        this.changed("decisions");
        this.changed("orders");
        this.changed("gm");
        return;
      }
      case "decision_request": {
        if (!mine) return;
        const req = m.request as DecisionRequest;
        if (!this.answered.has(req.id)) {
          this.decisions.set(req.id, req);
          announce(`New decision: ${decisionTitle(req)} for ${this.view?.world.forces.find((f) => f.id === req.force)?.name ?? req.force}`);
          this.changed("decisions");
        }
        return;
      }
      case "period_resolved": {
        if (!mine) return;
        this.reports.set(Number(m.period_index), m as unknown as PeriodReport);
        announce(`Period ${m.period_index} resolved`);
        void this.loadHistory();
        this.changed("reports");
        return;
      }
      case "notice": {
        if (!mine) return;
        announce(`GM: ${noticeText(m.notice as Notice, this.view?.time_zone)}`);
        if ((m.notice as Notice).kind === "campaign_deleted") {
          // Nothing of it is left to show: back to the list, which no longer has it.
          void this.listCampaigns().catch((e) => this.fail(e));
          return;
        }
        this.changed("view");
        return;
      }
      case "press": {
        if (!mine) return;
        const message = m.message as PressMessage;
        const held = this.press.length;
        this.press = merge(this.press, [message]);
        const mineToo = this.view && (message.from === (this.view.you.role === "gm" ? "gm" : this.view.you.player));
        if (this.press.length > held && !mineToo && this.view) {
          if (this.tab !== "press") this.unreadPress++;
          announce(`New message: ${heading(message, this.view.you, this.view.world)}`);
        }
        this.changed("press");
        this.changed("view");
        return;
      }
      case "error":
        this.fail(new ServerError(String(m.code), String(m.message)));
        return;
    }
  }

  // ---- orders ----
  draftChanged(): void {
    this.draftsDirty = true;
    this.autosave.edited();
    this.changed("orders");
    this.changed("view");
  }

  // The drafts as orders: each force with something ordered.
  draftOrders(): Record<string, unknown>[] {
    return [...this.drafts.values()].filter((o) => !isEmptyOrder(o)).map(orderToWire);
  }

  // Autosaved only over no orders or a draft of this period, never over orders submitted or
  // confirmed (here: the view, or this page's last receipt while the view has not caught up).
  private draftMayBeSaved(): true | string {
    const v = this.view;
    if (!v || v.you.role !== "player" || v.status !== "active" || this.viewingAs) return "closed";
    const r = this.lastReceipt;
    const sent = r && Number(r.period_index) === v.period.index ? String(r.state) : "";
    for (const state of [v.my_orders?.state ?? "", sent]) if (state === "submitted" || state === "confirmed") return state;
    return true;
  }

  // One autosave: the message is built and sent at once (before any await), so a save asked
  // for as the page or the campaign is left still goes.
  private async saveDraftNow(): Promise<void> {
    const v = this.view!;
    const orders = this.draftOrders();
    const names = orders.map((o) => v.world.forces.find((f) => f.id === o.force)?.name ?? String(o.force));
    try {
      this.lastReceipt = await this.conn.request({ type: "submit_orders", campaign: v.campaign, period_index: v.period.index, state: "draft", orders });
    } catch (e) {
      throw e instanceof ServerError ? new ServerError(e.code, refusalText(e.message, names), e.path) : e;
    }
  }

  // The buttons: never beside an autosave (logic/autosave.ts, Autosave.alone); edits made while
  // one is on its way stay unsent.
  // Viewing as a player, nothing is sent in its name.
  private refuseIfPreview(): void {
    if (this.viewingAs) throw new Error(`You are viewing the campaign as ${this.viewingAs}: read only.`);
  }

  async submitOrders(state: "draft" | "submitted", orders: Record<string, unknown>[]): Promise<void> {
    this.refuseIfPreview();
    const v = this.view!;
    let receipt = "";
    await this.autosave.alone(this.autosave.generation, async () => {
      this.lastReceipt = await this.conn.request({ type: "submit_orders", campaign: v.campaign, period_index: v.period.index, state, orders });
      receipt = String(this.lastReceipt.receipt);
      return true;
    });
    this.draftsDirty = this.autosave.dirty;
    announce(`Orders ${state === "draft" ? "saved as a draft" : "submitted"}, receipt ${receipt.slice(0, 12)}`);
    this.changed("orders");
  }

  async confirmOrders(): Promise<void> {
    this.refuseIfPreview();
    const v = this.view!;
    await this.autosave.alone(this.autosave.generation, async () => {
      this.lastReceipt = await this.conn.request({ type: "confirm_orders", campaign: v.campaign, period_index: v.period.index });
      return false;
    });
    announce("Orders confirmed");
    this.changed("orders");
  }

  // ---- decisions ----
  async answer(req: DecisionRequest, answer: unknown): Promise<void> {
    this.refuseIfPreview();
    const v = this.view!;
    const asGm = v.you.role === "gm";
    if (asGm) await this.conn.request({ type: "gm", campaign: v.campaign, command: "answer_for", decision: req.id, answer });
    else await this.conn.request({ type: "answer", campaign: v.campaign, decision: req.id, answer });
    this.answered.add(req.id);
    this.decisions.delete(req.id);
    announce(`Answer sent for ${req.id}`);
    this.changed("decisions");
  }

  // ---- reports ----
  async loadHistory(): Promise<void> {
    if (!this.store.campaign) return;
    try {
      const r = await this.conn.request({ type: "get_history", campaign: this.store.campaign });
      this.history = r.periods as HistoryEntry[];
      for (const p of this.history) if (!p.rolled_back && !this.reports.has(p.period_index)) await this.loadReport(p.period_index);
      this.changed("reports");
      this.changed("view");
    } catch (e) { this.fail(e); }
  }

  async loadReport(index: number): Promise<PeriodReport> {
    const r = await this.conn.request({ type: "get_report", campaign: this.store.campaign, period_index: index });
    const report = r as unknown as PeriodReport;
    this.reports.set(index, report);
    return report;
  }

  // ---- press ----
  async loadPress(): Promise<void> {
    const campaign = this.store.campaign;
    if (!campaign) return;
    try {
      const r = await this.conn.request({ type: "get_press", campaign });
      if (campaign !== this.store.campaign) return;
      this.press = merge(r.messages as PressMessage[], this.press);
      this.pressEarlier = Boolean(r.earlier);
      this.changed("press");
    } catch (e) { this.fail(e); }
  }

  // The message comes back as a push, like everyone else's.
  async sendPress(to: string[], text: string): Promise<void> {
    this.refuseIfPreview();
    await this.conn.request({ type: "send_press", campaign: this.store.campaign, to, text });
  }

  // ---- browser notifications ----
  // A pushed message worth a notification (logic/notify.ts) is shown if the viewer turned them
  // on for this campaign and the page is not in view (ui/notifier.ts).
  // A request is new if this page has not had it: its view delta comes first (so the view holds
  // it already), and a reconnect sends every pending one again.
  private notify(m: Message): void {
    const v = this.view;
    if (!v) return;
    const request = m.type === "decision_request" ? String((m.request as DecisionRequest | undefined)?.id) : "";
    const told = this.toldDecisions.has(request);
    if (request) this.toldDecisions.add(request);
    // A GM viewing as a player is not told of the player's affairs.
    if (!this.notifier.isOn(v.campaign) || this.viewingAs) return;
    const alert = alertFor(m, {
      campaign: v.campaign, name: v.name, me: v.you, world: v.world, timeZone: v.time_zone,
      known: (kind, id) => kind === "decision" ? told || this.answered.has(id) : this.press.some((p) => p.id === id),
    });
    if (alert) this.notifier.show(alert);
  }

  // A notification clicked: its campaign and tab (and report), in a new history entry.
  async openAlert(alert: Alert): Promise<void> {
    await this.follow({ screen: "campaign", campaign: alert.campaign, tab: alert.tab, period: alert.period });
    this.syncUrl(true);
  }

  // ---- GM ----
  async gm(command: string, members: Record<string, unknown>): Promise<Message> {
    const r = await this.conn.request({ type: "gm", campaign: this.store.campaign, command, ...members });
    this.gmLog.unshift(`${new Date().toLocaleTimeString()} ${command}: ${r.code ? `code ${r.code}` : "done"}`);
    this.changed("gm");
    return r;
  }
}

function joinMessage(campaign: string, asPlayer: string | null): Record<string, unknown> {
  return asPlayer ? { type: "join", campaign, as_player: asPlayer } : { type: "join", campaign };
}
