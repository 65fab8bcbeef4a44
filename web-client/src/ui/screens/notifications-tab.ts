// Notifications: in this browser (opt-in: the permission is asked for only on the button, and
// can be turned off again per campaign), and one's webhook for the campaign (docs/protocol.md,
// "Notifications"): set or replace it, see its signing secret once, remove it, and read its
// delivery log. The server never says which URL is set, so the page says a webhook is set only
// when this browser set it, and keeps of it the scheme and host, never the secret.
import { App, Part } from "../app.js";
import { h, replaceContent, uid } from "../dom.js";
import { ServerError } from "../../net/connection.js";
import { notifyState, stateText } from "../../logic/notify.js";
import { Delivery, deliveryWhat, outcomeText, readRemembered, rememberKey, shownTarget, statusText, urlProblem } from "../../logic/webhooks.js";

export function notificationsTab(app: App): { element: HTMLElement; update: (part: Part) => void; shown: () => void } {
  const campaign = app.store.campaign;

  // ---- in this browser ----
  const browserState = h("p", { id: "notify-state", "aria-live": "polite" });
  const browserButtons = h("div", { class: "buttons" });
  const browser = h("section", { class: "card", "aria-labelledby": "notify-browser-h" },
    h("h3", { id: "notify-browser-h" }, "In this browser"),
    h("p", { class: "meta" }, "While this page is open but not in view (another tab, a minimised window), the browser tells you of a new decision for you, a resolved period, a message from someone else and a GM notice. Clicking one opens it here."),
    browserState, browserButtons);

  function renderBrowser(): void {
    const state = notifyState(app.notifier.permission(), app.notifier.isOn(campaign));
    browserState.textContent = stateText(state);
    browserState.dataset.state = state;
    replaceContent(browserButtons,
      state === "not_asked" || state === "off" ? h("button", { type: "button", class: "primary", id: "notify-on", onclick: () => void turnOn() }, "Notify me in this browser") : null,
      state === "on" ? h("button", { type: "button", id: "notify-off", onclick: () => app.notifier.setOn(campaign, false) }, "Turn off notifications in this browser") : null);
  }

  async function turnOn(): Promise<void> {
    const answer = app.notifier.permission() === "granted" ? "granted" : await app.notifier.ask();
    app.notifier.setOn(campaign, answer === "granted");
    renderBrowser();
  }
  // Told of a change of permission or preference while the screen stands (its element in the
  // page); a campaign screen left behind unsubscribes at the next change.
  const unsubscribe = app.notifier.subscribe(() => { if (element.isConnected) renderBrowser(); else unsubscribe(); });

  // ---- the webhook ----
  const memoryKey = rememberKey(app.account, campaign);
  const remembered = () => { try { return readRemembered(localStorage.getItem(memoryKey)); } catch { return null; } };
  const current = h("p", { id: "webhook-current" });
  const urlId = uid("webhook-url");
  const hintId = uid("webhook-hint");
  const errorId = uid("webhook-error");
  const url = h("input", { id: urlId, type: "url", inputmode: "url", autocomplete: "off", spellcheck: "false", maxlength: 512,
    "aria-describedby": `${hintId} ${errorId}`, oninput: () => { problem.textContent = ""; url.removeAttribute("aria-invalid"); } }) as HTMLInputElement;
  const problem = h("p", { id: errorId, class: "error", "aria-live": "assertive" });
  const setButton = h("button", { type: "submit", class: "primary" }, "Set webhook");
  const status = h("p", { role: "status" });
  let busy = false;
  const form = h("form", { class: "webhook-form", novalidate: true, "aria-labelledby": "webhook-h", onsubmit: (e: Event) => { e.preventDefault(); void setHook(); } },
    h("div", { class: "field" },
      h("label", { for: urlId }, "Webhook URL"), url,
      h("small", { id: hintId }, "http://… or https://… (the server POSTs signed JSON to it), or mailto:you@example.org if this server sends e-mail. Setting one replaces the one before.")),
    problem, setButton);

  const secretBox = h("div", { class: "webhook-secret", hidden: true });
  const removeButton = h("button", { type: "button", id: "webhook-remove", onclick: () => askRemove(true) }, "Remove webhook");
  const confirmBox = h("div", { class: "confirm", hidden: true, role: "group", "aria-labelledby": "webhook-confirm-q" },
    h("p", { id: "webhook-confirm-q" }, "Remove your webhook for this campaign? Nothing more is sent to it; its delivery log stays."),
    h("div", { class: "buttons" },
      h("button", { type: "button", id: "webhook-remove-yes", class: "danger", onclick: () => void removeHook() }, "Yes, remove it"),
      h("button", { type: "button", id: "webhook-remove-no", onclick: () => askRemove(false) }, "Keep it")));

  const hook = h("section", { class: "card", "aria-labelledby": "webhook-h" },
    h("h3", { id: "webhook-h" }, "Webhook"),
    h("p", { class: "meta" }, "The server sends your notifications for this campaign to a URL or an e-mail address, even when no page is open: resolved periods with your turn report, decisions needing you, deadlines, missed orders. Each delivery is signed with the secret shown when you set it."),
    current, form, secretBox, removeButton, confirmBox, status);

  function renderCurrent(): void {
    const r = remembered();
    current.textContent = r
      ? `A webhook is set, from this browser on ${new Date(r.at).toLocaleString()}: ${r.target}`
      : "The server does not show which webhook is set; this browser has set none. Setting one replaces any other, and Remove removes it.";
    setButton.textContent = r ? "Replace webhook" : "Set webhook";
  }

  function showSecret(secret: string): void {
    const code = h("code", { id: "webhook-secret-value" }, secret);
    replaceContent(secretBox,
      h("h4", {}, "Signing secret"),
      h("p", {}, "Copy it now: it is shown this once and never again, not even here. The receiver checks each delivery's X-Umpire-Signature with it (docs/protocol.md, \"Verifying a delivery\")."),
      h("p", { class: "codes" }, code),
      h("div", { class: "buttons" },
        h("button", { type: "button", onclick: () => void copy(secret) }, "Copy secret"),
        h("button", { type: "button", id: "webhook-secret-done", onclick: () => hideSecret() }, "I have copied it")));
    secretBox.hidden = false;
  }
  async function copy(secret: string): Promise<void> {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");  // plain http: no clipboard API
      await navigator.clipboard.writeText(secret);
      status.textContent = "Secret copied.";
    } catch {
      status.textContent = "This browser did not copy it: select the secret and copy it.";
    }
  }
  function hideSecret(): void {
    replaceContent(secretBox);  // gone from the page, not merely hidden
    secretBox.hidden = true;
  }

  function refused(e: unknown): void {
    const text = e instanceof ServerError ? `The server refused it: ${e.message} (${e.code})` : e instanceof Error ? e.message : String(e);
    problem.textContent = text;
    url.setAttribute("aria-invalid", "true");
    url.focus();
  }

  async function setHook(): Promise<void> {
    if (busy) return;
    const value = url.value.trim();
    const p = urlProblem(value);
    if (p) { refused(new Error(p)); return; }
    busy = true;
    setButton.disabled = true;
    problem.textContent = "";
    url.removeAttribute("aria-invalid");
    status.textContent = "Setting the webhook…";
    hideSecret();
    try {
      const r = await app.conn.request({ type: "set_webhook", campaign, url: value });
      try { localStorage.setItem(memoryKey, JSON.stringify({ target: shownTarget(String(r.url ?? value)), at: new Date().toISOString() })); } catch { /* not remembered: the page says so */ }
      url.value = "";
      status.textContent = "Webhook set.";
      renderCurrent();
      if (typeof r.secret === "string") showSecret(r.secret);
      void loadLog();
    } catch (e) {
      status.textContent = "";
      refused(e);
    } finally {
      busy = false;
      setButton.disabled = false;
    }
  }

  function askRemove(on: boolean): void {
    confirmBox.hidden = !on;
    removeButton.hidden = on;
    (document.getElementById(on ? "webhook-remove-yes" : "webhook-remove") as HTMLElement | null)?.focus();
  }

  async function removeHook(): Promise<void> {
    if (busy) return;
    busy = true;
    status.textContent = "Removing the webhook…";
    try {
      await app.conn.request({ type: "set_webhook", campaign, url: "" });
      try { localStorage.removeItem(memoryKey); } catch { /* nothing kept */ }
      hideSecret();
      status.textContent = "Webhook removed: nothing more is sent to it.";
      renderCurrent();
    } catch (e) {
      status.textContent = "";
      app.fail(e);
    } finally {
      busy = false;
      askRemove(false);
    }
  }

  // ---- the delivery log ----
  let deliveries: Delivery[] | null = null;
  let logError = "";
  const logBody = h("div", { class: "webhook-log" });
  const refresh = h("button", { type: "button", id: "webhook-log-refresh", onclick: () => void loadLog() }, "Refresh");
  const log = h("section", { class: "card", "aria-labelledby": "webhook-log-h" },
    h("h3", { id: "webhook-log-h" }, "Delivery log"),
    h("p", { class: "meta" }, "Every attempt to reach your webhook, newest first (the newest 100). A failed delivery is tried again later."),
    refresh, logBody);

  async function loadLog(): Promise<void> {
    refresh.setAttribute("aria-busy", "true");
    try {
      const r = await app.conn.request({ type: "get_webhook_deliveries", campaign });
      deliveries = (r.deliveries as Delivery[]) ?? [];
      logError = "";
    } catch (e) {
      logError = e instanceof ServerError ? `${e.message} (${e.code})` : String(e);
    } finally {
      refresh.removeAttribute("aria-busy");
    }
    renderLog();
  }

  function renderLog(): void {
    replaceContent(logBody,
      logError ? h("p", { class: "error" }, `The log could not be read: ${logError}`) : null,
      deliveries === null ? h("p", {}, "Loading…")
      : deliveries.length === 0 ? h("p", {}, "No deliveries yet.")
      : h("table", { tabindex: 0, id: "webhook-deliveries" },
        h("caption", {}, `Deliveries, newest first (${deliveries.length})`),
        h("thead", {}, h("tr", {}, ["When", "What", "Attempt", "Outcome", "HTTP status", "Error"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, deliveries.map((d) => h("tr", { class: d.outcome === "failed" ? "bad" : "", "data-key": d.key },
          h("td", {}, h("time", { datetime: d.at }, new Date(d.at).toLocaleString())),
          h("td", {}, deliveryWhat(d.key)),
          h("td", {}, d.attempt),
          h("td", {}, outcomeText(d)),
          h("td", {}, statusText(d)),
          h("td", {}, d.error))))));
  }

  const element = h("div", { class: "notifications" }, h("h2", {}, "Notifications"), browser, hook, log);
  renderBrowser();
  renderCurrent();
  renderLog();
  return {
    element,
    update(part: Part) {
      if (part === "tab" || part === "screen") renderBrowser();
    },
    // The log is read when the tab is first opened, and again on Refresh.
    shown() {
      renderBrowser();
      if (deliveries === null && !refresh.hasAttribute("aria-busy")) void loadLog();
    },
  };
}
