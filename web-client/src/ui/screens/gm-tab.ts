// The GM console (docs/protocol.md "GM commands"): players and invites, deadlines and time
// zone, pause and resume, extend, resolve, force-advance, rollback, edits of the campaign and of
// forces and the world with a reason; who the period waits for. The all-seeing map is the map
// tab.
import { App, Part } from "../app.js";
import { field, h, replaceContent, select } from "../dom.js";
import { orderFlagWords } from "../../logic/orders.js";
import { words } from "../../logic/words.js";

export function gmTab(app: App): { element: HTMLElement; update: (part: Part) => void } {
  const element = h("div", { class: "gm" });
  const out = h("p", { role: "status", id: "gm-result" });
  const codes: string[] = [];

  const run = (fn: () => Promise<unknown>) => async (e: Event) => {
    e.preventDefault();
    out.textContent = "";
    try { const r = await fn(); out.textContent = typeof r === "string" ? r : "Done."; } catch (err) { out.textContent = err instanceof Error ? err.message : String(err); }
  };
  const reason = (name: string) => h("input", { name, required: true, autocomplete: "off" });
  // Buttons that are not their form's submit button skip the browser's check of `required`.
  const reasonOf = (input: HTMLInputElement): string => {
    const text = input.value.trim();
    if (!text) { input.focus(); throw new Error("Give a reason: the players are told it."); }
    return text;
  };
  const sure = (question: string) => window.confirm(question);
  const form = (title: string, id: string, fields: HTMLElement[], button: string, submit: () => Promise<unknown>) => {
    const f = h("form", { class: "card", "aria-labelledby": id }, h("h3", { id }, title), fields, h("button", { type: "submit" }, button));
    f.addEventListener("submit", run(submit));
    return f;
  };

  function build(): HTMLElement[] {
    const v = app.view!;
    const players = v.world.players.map((p) => ({ value: p.id, label: `${p.name} (${p.id}, ${p.side})` }));

    const invitePlayer = select(players, players[0]?.value ?? "", { name: "player" });
    // Seats by consent (docs/security.md): an account joins only by redeeming a code it was given,
    // as a player or an observer. A held seat is freed first (remove), then invited anew.
    const inviteRole = select([{ value: "player", label: "player" }, { value: "observer", label: "observer" }], "player", { name: "role" });
    const invite = form("Invite", "gm-invite", [field("Role", inviteRole), field("Plays", invitePlayer)], "Create invite code", async () => {
      const members: Record<string, unknown> = { role: inviteRole.value };
      if (inviteRole.value === "player") members.player = invitePlayer.value;
      const r = await app.gm("invite", members);
      codes.unshift(`${r.player || r.role}: ${r.code}`);
      render();
      return `Invite code for ${r.player || r.role}: ${r.code}`;
    });

    const kind = select([{ value: "manual", label: "Manual (GM resolves)" }, { value: "duration", label: "A duration after the period opens" },
      { value: "wall_clock", label: "A time of day" }, { value: "weekly", label: "Weekdays at a time" }, { value: "every_days", label: "Every N days at a time" }], "duration", { name: "kind" });
    const minutes = h("input", { name: "minutes", type: "number", min: 1, value: 1440 });
    const time = h("input", { name: "time", type: "time", value: "20:00" });
    const weekdays = h("input", { name: "weekdays", value: "sun", pattern: "(sun|mon|tue|wed|thu|fri|sat)(, *(sun|mon|tue|wed|thu|fri|sat))*" });
    const everyDays = h("input", { name: "every_days", type: "number", min: 1, max: 60, value: 2 });
    const minHours = h("input", { name: "min_hours", type: "number", min: 0, max: 720, value: 0 });
    const zone = h("input", { name: "time_zone", value: Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC" });
    const dlReason = reason("reason");
    const policy = (): Record<string, unknown> => {
      if (kind.value === "manual") return { kind: "manual" };
      if (kind.value === "duration") return { kind: "duration", minutes: Number(minutes.value) };
      // The schedules: a local time in the zone, at least the minimum after the period opens.
      const d: Record<string, unknown> = { kind: kind.value, time: time.value, time_zone: zone.value.trim() };
      if (kind.value === "weekly") d.days = weekdays.value.split(",").map((w) => w.trim()).filter((w) => w);
      if (kind.value === "every_days") d.days = Number(everyDays.value);
      if (Number(minHours.value) > 0) d.min_minutes = Math.round(Number(minHours.value) * 60);
      return d;
    };
    const deadline = form("Deadline", "gm-deadline", [field("Policy", kind), field("Minutes (duration)", minutes), field("Time (time of day)", time),
      field("Weekdays (weekly)", weekdays, "sun, mon, tue, wed, thu, fri, sat"), field("Every N days", everyDays),
      field("At least hours after the period opens", minHours, "so an early finish still leaves a whole turn"),
      field("Time zone", zone), field("Reason", dlReason)], "Set deadline",
      () => app.gm("set_deadline", { deadline: policy(), reason: dlReason.value }));

    const clockReason = reason("reason");
    const clock = h("form", { class: "card", "aria-labelledby": "gm-clock", onsubmit: (e: Event) => e.preventDefault() },
      h("h3", { id: "gm-clock" }, "Clock"), field("Reason", clockReason),
      h("div", { class: "buttons" },
        h("button", { type: "button", onclick: run(async () => app.gm("pause", { reason: reasonOf(clockReason) })) }, "Pause"),
        h("button", { type: "button", onclick: run(async () => app.gm("resume", { reason: reasonOf(clockReason) })) }, "Resume")));

    const extMinutes = h("input", { name: "minutes", type: "number", min: 1, value: 60 });
    const extReason = reason("reason");
    const extend = form("Extend the deadline", "gm-extend", [field("Minutes", extMinutes), field("Reason", extReason)], "Extend",
      () => app.gm("extend", { minutes: Number(extMinutes.value), key: `web-${v.period.index}-${Date.now()}`, reason: extReason.value }));

    const advReason = reason("reason");
    const advance = h("form", { class: "card", "aria-labelledby": "gm-advance", onsubmit: (e: Event) => e.preventDefault() },
      h("h3", { id: "gm-advance" }, "Resolve the period"), field("Reason (force advance)", advReason),
      h("div", { class: "buttons" },
        // Each names the period shown here: if another GM or a deadline moved the campaign on
        // meanwhile, the server refuses it (period_closed) rather than resolve the next one too.
        h("button", { type: "button", onclick: run(() => app.gm("resolve", { period: v.period.index })) }, "Start resolution now"),
        h("button", { type: "button", onclick: run(async () => {
          const why = reasonOf(advReason);
          if (!sure("Force the period to resolve now? Missing orders hold and every open decision takes its default.")) return "Not done.";
          return app.gm("force_advance", { period: v.period.index, key: `web-advance-${v.period.index}-${Date.now()}`, reason: why });
        }) }, "Force advance (settle everything)")));

    const toPeriod = h("input", { name: "to_period", type: "number", min: 0, value: Math.max(0, v.period.index - 1) });
    const rbReason = reason("reason");
    const rollback = form("Roll back", "gm-rollback", [field("To the start of period", toPeriod), field("Reason", rbReason)], "Roll back",
      async () => (sure(`Roll back to the start of period ${toPeriod.value}? Later periods are kept as history only.`)
        ? app.gm("rollback", { period: v.period.index, to_period: Number(toPeriod.value), reason: rbReason.value }) : "Not done."));

    const name = h("input", { name: "name", value: v.name });
    const observers = select([{ value: "", label: "(unchanged)" }, { value: "all", label: "see everything" }, { value: "map", label: "see the map only" }], "", { name: "observers" });
    const decisionHours = h("input", { name: "decision_hours", type: "number", min: 0, max: 720, placeholder: "unchanged" });
    const edReason = reason("reason");
    const edit = form("Edit the campaign", "gm-edit", [field("Name", name), field("Observers", observers),
      field("Hours to answer each decision", decisionHours, "0: decisions wait for the period's deadline"), field("Reason", edReason)], "Save edit", () => {
      const changes: Record<string, unknown> = {};
      const settings: Record<string, unknown> = {};
      if (name.value.trim() && name.value.trim() !== v.name) changes.name = name.value.trim();
      if (observers.value) settings.observers = observers.value;
      if (decisionHours.value !== "") settings.decision_hours = Number(decisionHours.value) > 0 ? Number(decisionHours.value) : null;
      if (Object.keys(settings).length) changes.settings = settings;
      return app.gm("edit", { changes, reason: edReason.value });
    });

    // Operations as docs/gm-guide.md lists them; the server checks the edited state as a scenario.
    const worldOps = h("textarea", { name: "edits", rows: 4, spellcheck: "false",
      placeholder: '[{"op": "set_force", "force": "ID", "set": {"hex": [2, 1]}}]' });
    const worldReason = reason("reason");
    const editWorld = form("Edit forces and the world", "gm-edit-world", [field("Operations (JSON)", worldOps,
      "set_force, set_regiment, add_force, remove_force, set_terrain, set_dwelling, patch"),
      field("Reason (told to the players it concerns)", worldReason)], "Apply edit", () => {
      let edits: unknown;
      try { edits = JSON.parse(worldOps.value); } catch { return Promise.reject(new Error("The operations are not valid JSON.")); }
      return app.gm("edit_world", { edits, reason: worldReason.value });
    });

    // Only an observer of this campaign (who joined by their own invite) is made a co-GM.
    const coGm = h("input", { name: "account", autocomplete: "off" });
    const coGmReason = reason("reason");
    const addGm = form("Make an observer a co-GM", "gm-add-gm", [field("Account (an observer here)", coGm), field("Reason", coGmReason)], "Make co-GM",
      () => app.gm("add_gm", { account: coGm.value.trim(), reason: coGmReason.value }));

    const endReason = reason("reason");
    const end = form("End the campaign", "gm-end", [field("Reason (players are told)", endReason)], "End the campaign",
      () => (sure("End the campaign? No more turns can be played.") ? app.gm("end", { reason: endReason.value }) : Promise.resolve()));

    // Only an ended campaign is deleted; the server keeps its archive for the operator.
    const deleteId = h("input", { name: "confirm", autocomplete: "off", required: true, placeholder: v.campaign });
    const deleteReason = reason("reason");
    const remove = v.status === "finished"
      ? form("Delete the campaign", "gm-delete", [field("Type the campaign's id to confirm", deleteId),
        field("Reason", deleteReason)], "Delete the campaign",
        () => app.gm("delete", { confirm: deleteId.value.trim(), reason: deleteReason.value }))
      : null;

    // See the campaign as one player does: its map, orders, decisions and reports, read only.
    const viewAsPlayer = select(players, players[0]?.value ?? "", { name: "player" });
    const viewAs = form("View as a player", "gm-view-as", [field("Player", viewAsPlayer)], "View as this player",
      async () => { await app.join(v.campaign, "map", viewAsPlayer.value); return "Viewing as the player."; });

    return [
      h("h2", {}, "GM console"), out, stateCard,
      codes.length ? h("section", { class: "card", "aria-labelledby": "gm-codes" }, h("h3", { id: "gm-codes" }, "Invite codes (shown once)"), h("ul", { class: "codes" }, codes.map((c) => h("li", {}, c)))) : null,
      h("div", { class: "grid" }, viewAs, invite, deadline, clock, extend, advance, rollback, edit, editWorld, addGm, end, remove),
      h("h3", {}, "Log"), h("ul", {}, app.gmLog.map((l) => h("li", {}, l))),
    ].filter(Boolean) as HTMLElement[];
  }

  // Who has ordered and who is awaited, kept live: it is redrawn with every view, the forms are not.
  const stateCard = h("section", { class: "card", "aria-labelledby": "gm-state", id: "gm-state-card" });
  function renderState(): void {
    const v = app.view;
    if (!v) return;
    const name = (id: unknown) => {
      const p = v.world.players.find((x) => x.id === id);
      return p ? `${p.name} (${p.id})` : String(id);
    };
    const waiting = (v.waiting_for ?? []).map(name);
    replaceContent(stateCard, h("h3", { id: "gm-state" }, "This period"),
      h("p", {}, `Period ${v.period.index} (day ${v.period.day}, ${v.period.period}) · ${words(v.status)} · seed hash ${v.period.seed_hash.slice(0, 16)}…`),
      h("p", {}, `Decisions waiting for: ${waiting.join(", ") || "nobody"}`),
      h("p", {}, `Players no account plays: ${(v.unplayed ?? []).map(name).join(", ") || "none"}`),
      h("ul", { "aria-label": "Orders by player" }, v.order_flags.map((f) => h("li", {}, `${name(f.player)}: ${orderFlagWords(f.state)}`))));
  }

  let shownFor = -1;
  let shownFinished = false;
  function render(): void {
    if (!app.view) return;
    shownFor = app.view.period.index;
    shownFinished = app.view.status === "finished";
    renderState();
    replaceContent(element, build());
  }
  render();
  // Rebuilding would clear half-filled forms: only when the period changes or the campaign
  // ends (the delete form appears); the state card follows every view.
  return { element, update: (part) => {
    const v = app.view;
    if (part === "screen" || (v && (v.period.index !== shownFor || (v.status === "finished") !== shownFinished))) render();
    else if (part === "view" || part === "decisions") renderState();
  } };
}
