// The account's campaigns, joining by invite code, and (for anyone) starting a campaign from a
// scenario, which makes the sender its GM.
import { App } from "../app.js";
import { field, h, select } from "../dom.js";

export function campaignsScreen(app: App): HTMLElement {
  const msg = h("p", { class: "status", role: "status" });
  const error = h("p", { class: "error", role: "alert" }, app.error);  // e.g. a link to a campaign not ours
  const run = (fn: () => Promise<unknown>) => async (e: Event) => {
    e.preventDefault();
    msg.textContent = "";
    try { await fn(); } catch (err) { msg.textContent = err instanceof Error ? err.message : String(err); }
  };

  const list = app.campaigns.length === 0
    ? h("p", {}, "No campaigns yet. Redeem an invite code, or start one.")
    : h("ul", { class: "campaign-list" }, app.campaigns.map((c) =>
        h("li", {}, (() => {
          // The accessible name is "Open " and the visible text, so that speech input users can
          // say what they see (WCAG 2.5.3).
          const details = ` (${c.campaign}) · ${c.role}${c.player ? ` ${c.player}` : ""} · period ${c.period_index} · ${c.status}${missedText(c.missed_orders)}`;
          return h("button", { type: "button", class: "campaign", onclick: run(() => app.join(c.campaign)), "aria-label": `Open ${c.name}${details}` },
            h("strong", {}, c.name), h("span", {}, details));
        })())));

  const code = h("input", { name: "code", autocomplete: "off", autocapitalize: "none", required: true });
  const redeem = h("form", { class: "card", "aria-labelledby": "redeem-title" },
    h("h2", { id: "redeem-title" }, "Join by invite"),
    field("Invite code", code),
    h("button", { type: "submit" }, "Redeem invite"));
  redeem.addEventListener("submit", run(async () => {
    const r = await app.redeem(code.value.trim());
    msg.textContent = `Joined ${r.campaign} as ${r.role}${r.player ? ` ${r.player}` : ""}.`;
  }));

  const scenario = select(app.scenarios.map((s) => ({ value: s, label: s })), app.scenarios[0] ?? "", { name: "scenario" });
  const id = h("input", { name: "campaign", autocomplete: "off", pattern: "[A-Za-z0-9_.\\-]{1,64}" });
  const tz = h("input", { name: "time_zone", value: Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC" });
  const create = h("form", { class: "card", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title" }, "Start a campaign (you are its GM)"),
    field("Scenario", scenario),
    field("Campaign id", id, "Letters, digits, _ . -; empty: the scenario's id"),
    field("Time zone", tz, "IANA name, e.g. Europe/Oslo"),
    h("button", { type: "submit" }, "Create campaign"));
  create.addEventListener("submit", run(async () => {
    const r = await app.createCampaign(scenario.value, id.value.trim(), tz.value.trim());
    const c = r.campaign as { campaign: string };
    msg.textContent = `Created ${c.campaign}.`;
  }));

  const current = h("input", { name: "current-password", type: "password", autocomplete: "current-password", required: true });
  const fresh = h("input", { name: "new-password", type: "password", autocomplete: "new-password", required: true, minLength: 8 });
  const password = h("form", { class: "card", "aria-labelledby": "password-title" },
    h("h2", { id: "password-title" }, "Change your password"),
    field("Current password", current),
    field("New password", fresh, "At least 8 characters; your other sessions end"),
    h("button", { type: "submit" }, "Change password"));
  password.addEventListener("submit", run(async () => {
    const r = await app.changePassword(current.value, fresh.value);
    current.value = fresh.value = "";
    msg.textContent = `Password changed; ${String(r.sessions_ended)} other session(s) ended.`;
  }));

  return h("main", { id: "main", class: "campaigns" },
    h("header", { class: "bar" }, h("h1", {}, "Campaigns"),
      h("span", {}, `Signed in as ${app.account}`),
      h("button", { type: "button", onclick: () => app.logout() }, "Sign out")),
    error, msg,
    h("section", { class: "card", "aria-labelledby": "list-title" }, h("h2", { id: "list-title" }, "Your campaigns"), list),
    h("div", { class: "columns" }, redeem, create),
    password);
}

function missedText(missed: Record<string, number> | undefined): string {
  const entries = Object.entries(missed ?? {});
  return entries.length ? ` · missed orders: ${entries.map(([p, n]) => `${p} ${n}`).join(", ")}` : "";
}
