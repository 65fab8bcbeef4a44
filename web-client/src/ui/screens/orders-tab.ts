// The map with the viewer's forces and what it knows, and (for a player) the orders of the open
// period: plot a path by clicking hexes or with the step buttons, with each step's cost and
// half period of arrival; forced march, hold, regiment roles, a scout, standing instructions;
// draft, submit and confirm with the receipt.
import { App, Part } from "../app.js";
import { announce, field, h, replaceContent, select } from "../dom.js";
import { MapForce, MapView } from "../map-view.js";
import { enemiesKnown, mapForces } from "../map-data.js";
import { KnownEnemy } from "../../logic/knowledge.js";
import { mapLegend } from "../map-legend.js";
import { Hex, NEIGHBOUR_STEPS, hexKey } from "../../logic/hex.js";
import { PathPlan, formatT, planPath } from "../../logic/path-cost.js";
import { ForceOrder, clickPath, emptyOrder, moveRegiment, orderFlagWords, StandingInstructions } from "../../logic/orders.js";
import { companyWords } from "../../logic/troop-words.js";
import { list, words } from "../../logic/words.js";
import { OwnForce, dailyMovePoints, figures, forceFigures } from "../../logic/ruleset.js";
import { saveStatusText } from "../../logic/autosave.js";
import { ARMS } from "../../logic/counter.js";

const DIRECTIONS = ["east", "north-east", "north-west", "west", "south-west", "south-east"];
const ROLES = ["assault", "support"];
const CONTACT_PRESETS: { value: string; label: string; list: string[] | null }[] = [
  { value: "keep", label: "Keep the current instructions", list: null },
  { value: "rest-evade-engage", label: "Rest if possible, else evade if larger, else engage", list: ["rest", "evade_if_larger", "engage"] },
  { value: "engage", label: "Always engage", list: ["engage"] },
  { value: "rest-engage", label: "Rest if possible, else engage", list: ["rest", "engage"] },
  { value: "evade-engage", label: "Evade if larger, else engage", list: ["evade_if_larger", "engage"] },
  { value: "avoid-delay", label: "Avoid, else delay, else engage", list: ["avoid", "delay", "engage"] },
];
const FLAGS: [keyof StandingInstructions, string][] = [
  ["separate_engagements", "Ask for separate engagements"], ["support", "Take the support role"], ["relief", "Relieve"],
  ["reinforce", "Reinforce"], ["rearguard", "Leave a rearguard"], ["pursuit", "Pursue"], ["maneuver", "Maneuver"],
];

export function ordersTab(app: App): { element: HTMLElement; update: (part: Part) => void } {
  let selected = "";
  let mode: "path" | "scout" = "path";
  const isPlayer = () => app.view?.you.role === "player";
  const mapView = new MapView("Campaign map", (hex) => onHex(hex));
  const side = h("div", { class: "side" });
  const legend = h("div", { class: "legend-slot" });  // the map key, under the map
  const element = h("div", { class: "map-layout" }, h("div", { class: "map-column" }, mapView.element, legend), side);

  const forceOf = (id: string) => app.view!.world.forces.find((f) => f.id === id);
  const draftOf = (id: string): ForceOrder => app.drafts.get(id) ?? emptyOrder(id);
  const locked = () => app.view?.my_orders?.state === "confirmed" || app.view?.status !== "active";

  function setDraft(o: ForceOrder): void {
    app.drafts.set(o.force, o);
    app.draftChanged();
  }

  function onHex(hex: Hex): void {
    if (!isPlayer() || locked()) return;
    const f = forceOf(selected);
    if (!f) return;
    const d = draftOf(f.id);
    if (mode === "scout") return setDraft({ ...d, scout: d.scout && hexKey(d.scout) === hexKey(hex) ? null : hex });
    const next = clickPath(f.hex, d.path, hex);
    if (next) setDraft({ ...d, path: next, hold: false });
  }

  function plan(f: OwnForce): PathPlan | null {
    if (!app.ruleset || !app.map) return null;
    const known = new Set(enemies.filter((e) => e.hex).map((e) => hexKey(e.hex!)));
    const d = draftOf(f.id);
    return planPath(f, d.path, { map: app.map, ruleset: app.ruleset, period: app.view!.world.calendar.period, forcedMarch: d.forced_march, knownEnemyHexes: known });
  }

  function renderMap(): void {
    const v = app.view;
    if (!v || !app.map) return;
    const f = forceOf(selected);
    const d = f ? draftOf(f.id) : null;
    const p = f ? plan(f) : null;
    mapView.render({
      map: app.map,
      forces: counters,
      pathStart: f?.hex ?? null,
      path: p ? p.steps.map((st) => ({ hex: st.hex, reached: st.reached, text: st.reached ? String(st.spent) : "×" })) : [],
      scout: d?.scout ?? null,
      selected: f?.hex ?? null,
    });
  }

  function forceSummary(f: OwnForce): HTMLElement {
    return h("li", {},
      h("strong", {}, f.name), ` at (${f.hex[0]}, ${f.hex[1]}): ${forceFigures(f)} figures, ${words(f.order_state ?? "formed")}`,
      f.cavalry_readiness && f.cavalry_readiness !== "fresh" ? `, cavalry ${words(f.cavalry_readiness)}` : "",
      app.ruleset ? `, ${dailyMovePoints(f, app.ruleset)} move points a day` : "",
      f.saved_points ? `, ${f.saved_points} saved` : "",
      h("ul", {}, f.regiments.map((r, i) => h("li", {},
        `${ROLES[i] ?? "reserve"}: ${r.name ?? r.id} (${r.id}) — ${figures(r)} figures, morale ${r.morale}: `,
        list(r.companies.map(companyWords))))));
  }

  function knowledgePanel(): HTMLElement {
    const v = app.view!;
    if (v.you.role !== "player") {
      // An observer of a campaign whose setting "observers" is "map" sees no pieces.
      const mapOnly = v.you.role === "observer" && v.world.forces.length === 0;
      return h("section", { "aria-labelledby": "all-forces" }, h("h2", { id: "all-forces" }, "All forces"),
        mapOnly ? h("p", { id: "map-only" }, "Observers of this campaign see the map only.") : null,
        v.world.forces.length ? h("ul", { class: "forces-list" }, v.world.forces.map((f) => h("li", {}, `${f.name} (${f.player}) at (${f.hex[0]}, ${f.hex[1]}): ${forceFigures(f)} figures, ${words(f.order_state ?? "formed")}`))) : null);
    }
    return h("section", { "aria-labelledby": "forces-h" },
      h("h2", { id: "forces-h" }, "Your forces"), h("ul", { class: "forces-list" }, v.world.forces.map(forceSummary)),
      (v.world.allies ?? []).length ? [h("h3", {}, "Allies"), h("ul", {}, (v.world.allies ?? []).map((a) => h("li", {}, `${a.name} (${a.player}) at (${a.hex[0]}, ${a.hex[1]})`)))] : null,
      h("h3", {}, "Known enemies"),
      enemies.length === 0 ? h("p", {}, "None known.") :
        h("table", { class: "enemies", tabindex: 0 }, h("caption", {}, "What your commanders know of the enemy"),
          h("thead", {}, h("tr", {}, ["Force", "Last seen", "Size", "Composition", "Age"].map((t) => h("th", { scope: "col" }, t)))),
          h("tbody", {}, enemies.map((e) => h("tr", {},
            h("td", {}, e.force), h("td", {}, e.hex ? `(${e.hex[0]}, ${e.hex[1]}) ${e.hexSource}` : "unknown"),
            h("td", {}, e.size), h("td", {}, e.composition), h("td", {}, e.age))))));
  }

  function stepButtons(f: OwnForce, d: ForceOrder, disabled: boolean): HTMLElement {
    const end = d.path.length ? d.path[d.path.length - 1] : f.hex;
    return h("div", { class: "steps", role: "group", "aria-label": "Add a step to the path" },
      NEIGHBOUR_STEPS.map(([dq, dr], i) => {
        const to: Hex = [end[0] + dq, end[1] + dr];
        const onMap = app.map?.terrain.has(hexKey(to));
        return h("button", { type: "button", id: `step-${i}`, disabled: disabled || !onMap, onclick: () => onHex(to),
          "aria-label": `Step ${DIRECTIONS[i]} to (${to[0]}, ${to[1]})` }, ["→", "↗", "↖", "←", "↙", "↘"][i]);
      }),
      h("button", { type: "button", id: "step-undo", disabled: disabled || d.path.length === 0, onclick: () => setDraft({ ...d, path: d.path.slice(0, -1) }) }, "Undo step"),
      h("button", { type: "button", id: "step-clear", disabled: disabled || d.path.length === 0, onclick: () => setDraft({ ...d, path: [] }) }, "Clear path"));
  }

  function pathTable(p: PathPlan): HTMLElement {
    const last = p.steps[p.steps.length - 1];
    const summary = p.steps.length === 0 ? "No path: the force stays." :
      !p.movesThisPeriod ? "This force does not move in this period (day or night troops)." :
      p.reachedAll ? `${p.total} of ${p.available} move points; arrives in the ${p.arrival}.` :
      `Stops short: ${p.total} of ${p.available} points spent; (${last.hex[0]}, ${last.hex[1]}) is out of reach this period.`;
    return h("div", { class: "path-plan" },
      h("p", { id: "path-summary", role: "status" }, summary),
      p.steps.length ? h("table", { tabindex: 0 }, h("caption", {}, "Path, from your own knowledge"),
        h("thead", {}, h("tr", {}, ["#", "Hex", "Terrain", "Cost", "Spent", "t", "Arrives", "Notes"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, p.steps.map((st, i) => h("tr", { class: st.reached ? "" : "unreached" },
          h("td", {}, i + 1), h("td", {}, `(${st.hex[0]}, ${st.hex[1]})`), h("td", {}, app.map?.terrain.get(hexKey(st.hex)) ?? "off map"),
          h("td", {}, st.cost ?? "—"), h("td", {}, st.reached ? st.spent : "—"), h("td", {}, formatT(st.t)), h("td", {}, st.halfPeriod ?? "not this period"),
          h("td", {}, [st.cost === null ? "impassable" : "", st.unformed ? "becomes unformed" : "", st.knownEnemy ? "known enemy: contact first" : ""].filter(Boolean).join("; ")))))) : null);
  }

  function standingForm(f: OwnForce, d: ForceOrder, disabled: boolean): HTMLElement {
    const si = d.standing_instructions;
    const current = si?.contact ? CONTACT_PRESETS.find((p) => JSON.stringify(p.list) === JSON.stringify(si.contact))?.value ?? "keep" : "keep";
    const contact = select(CONTACT_PRESETS.map((p) => ({ value: p.value, label: p.label })), current, { id: `si-contact-${f.id}`, disabled });
    contact.addEventListener("change", () => {
      const preset = CONTACT_PRESETS.find((p) => p.value === contact.value)!;
      const next: StandingInstructions = { ...(si ?? {}) };
      if (preset.list) next.contact = preset.list; else delete next.contact;
      setDraft({ ...d, standing_instructions: Object.keys(next).length ? next : null });
    });
    const now = (f.standing_instructions ?? {}) as Record<string, unknown>;
    return h("fieldset", {}, h("legend", {}, "Standing instructions (used when you do not answer in time)"),
      field("At a contact", contact),
      FLAGS.map(([key, label]) => {
        const id = `si-${key}-${f.id}`;
        const value = si?.[key] ?? now[key] ?? false;
        return h("div", { class: "check" },
          h("input", { type: "checkbox", id, checked: Boolean(value), disabled, onchange: (e: Event) => {
            setDraft({ ...d, standing_instructions: { ...(si ?? {}), [key]: (e.target as HTMLInputElement).checked } });
          } }),
          h("label", { for: id }, label));
      }));
  }

  let picker: { forces: unknown; el: HTMLSelectElement } | null = null;
  function ordersForm(): HTMLElement | null {
    const v = app.view!;
    if (!isPlayer() || v.world.forces.length === 0) return null;
    if (!forceOf(selected)) selected = v.world.forces[0].id;
    const f = forceOf(selected)!;
    const d = draftOf(f.id);
    const disabled = locked();
    const p = plan(f);
    // The force list (250 options on a large map) is made again only with the forces.
    if (picker?.forces !== v.world.forces) {
      const el = select(v.world.forces.map((x) => ({ value: x.id, label: x.name })), selected, { id: "order-force" });
      el.addEventListener("change", () => { selected = el.value; renderOrders(); });
      picker = { forces: v.world.forces, el };
    }
    const forcePick = picker.el;
    forcePick.value = selected;
    const modePick = h("div", { role: "radiogroup", "aria-label": "A click on the map sets", class: "modes" },
      (["path", "scout"] as const).map((m) => h("label", {},
        h("input", { type: "radio", name: "map-mode", id: `mode-${m}`, value: m, checked: mode === m, onchange: () => { mode = m; renderOrders(); } }),
        m === "path" ? " the path" : " the scout's target")));
    const regiments = d.regiments ?? f.regiments.map((r) => r.id);
    const check = (id: string, label: string, checked: boolean, on: (c: boolean) => void, extra: Record<string, unknown> = {}) =>
      h("div", { class: "check" }, h("input", { type: "checkbox", id, checked, disabled: disabled || Boolean(extra.disabled), onchange: (e: Event) => on((e.target as HTMLInputElement).checked) }), h("label", { for: id }, label));
    return h("section", { class: "orders", "aria-labelledby": "orders-h" },
      h("h2", { id: "orders-h" }, `Orders for period ${v.period.index}`),
      field("Force", forcePick),
      modePick,
      stepButtons(f, d, disabled || d.hold),
      p ? pathTable(p) : h("p", {}, "Loading the ruleset…"),
      check(`hold-${f.id}`, "Hold (stay in place)", d.hold, (c) => setDraft({ ...d, hold: c, path: c ? [] : d.path })),
      check(`fm-${f.id}`, `Forced march (+50% points, unformed at the end of the day)${f.forced_march_blocked ? " — not allowed until rested" : ""}`, d.forced_march,
        (c) => setDraft({ ...d, forced_march: c }), { disabled: f.forced_march_blocked }),
      h("fieldset", {}, h("legend", {}, "Regiment roles"),
        h("ol", {}, regiments.map((id, i) => h("li", {}, `${ROLES[i] ?? "reserve"}: ${f.regiments.find((r) => r.id === id)?.name ?? id} `,
          h("button", { type: "button", id: `reg-up-${id}`, disabled: disabled || i === 0, "aria-label": `Move ${id} up`, onclick: () => setDraft({ ...d, regiments: moveRegiment(regiments, i, -1) }) }, "↑"),
          h("button", { type: "button", id: `reg-down-${id}`, disabled: disabled || i === regiments.length - 1, "aria-label": `Move ${id} down`, onclick: () => setDraft({ ...d, regiments: moveRegiment(regiments, i, 1) }) }, "↓"))))),
      h("p", {}, d.scout ? `Scout sent to (${d.scout[0]}, ${d.scout[1]}). ` : "No scout. Choose “the scout's target” and click a hex within 8 hexes. ",
        d.scout ? h("button", { type: "button", id: "scout-clear", disabled, onclick: () => setDraft({ ...d, scout: null }) }, "Recall scout") : null),
      standingForm(f, d, disabled));
  }

  // One request at a time from the order bar: its buttons are disabled and say so while one is
  // on its way; and the same button again within a double click's interval is the same click
  // (a fast reply must not turn a double click into two submissions). A monotonic clock: a
  // wall clock stepped back would swallow every click until it caught up.
  let sending = "";
  let last = { what: "", at: 0 };

  // The autosave's status under the buttons ("Unsaved changes…", "Saving…", "Draft saved at
  // 14:05", a refusal): one element kept across redraws and updated in place, so a status
  // change redraws nothing else (an open list or a field being typed in stays as it is). A
  // refusal or a failure is also said in the polite live region; nothing takes the focus.
  const saveStatus = h("p", { id: "autosave-status", class: "save-status" });
  const showSaveStatus = (): void => {
    const st = app.autosave.status;
    saveStatus.textContent = saveStatusText(st, (ms) => new Date(ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }));
    saveStatus.dataset.state = st.kind;
  };
  const unsubscribe = app.autosave.subscribe((st) => {
    if (!element.isConnected) { unsubscribe(); return; }  // a screen since replaced
    showSaveStatus();
    if (st.kind === "refused" || st.kind === "failed") announce(saveStatus.textContent ?? "");
  });

  // Always in reach: the state of the orders and the three buttons, kept at the bottom of the
  // screen while the side panel is in view (sticky).
  function orderBar(): HTMLElement | null {
    const v = app.view!;
    if (!isPlayer()) return null;
    const mine = v.my_orders;
    const r = app.lastReceipt;
    const orders = () => app.draftOrders();
    const act = (what: string, fn: () => Promise<void>) => async () => {
      if (sending || (last.what === what && performance.now() - last.at < 500)) return;
      last = { what, at: performance.now() };
      sending = what;
      renderOrders();
      try { await fn(); } catch (e) { app.fail(e); } finally { sending = ""; renderOrders(); }
    };
    const disabled = locked() || sending !== "";
    const label = (what: string, text: string) => (sending === what ? "Sending…" : text);
    return h("section", { class: "order-bar", "aria-labelledby": "sub-h", "aria-busy": String(sending !== "") },
      h("h2", { id: "sub-h", class: "visually-hidden" }, "Send your orders"),
      h("p", { id: "orders-state", role: "status" },
        `Orders: ${mine ? mine.state : "none sent"}${app.draftsDirty ? " (changed here, not yet sent)" : ""}`,
        mine ? h("br", {}) : null, mine ? `Receipt ${mine.receipt} at ${new Date(mine.updated_at).toLocaleString()}` : null,
        r && r.receipt !== mine?.receipt ? [h("br", {}), `Last receipt ${String(r.receipt)} (${r.state})`] : null),
      (showSaveStatus(), saveStatus),
      h("div", { class: "buttons" },
        h("button", { type: "button", id: "save-draft", disabled, onclick: act("draft", () => app.submitOrders("draft", orders())) }, label("draft", "Save draft")),
        h("button", { type: "button", id: "submit-orders", class: "primary", disabled, onclick: act("submit", () => app.submitOrders("submitted", orders())) }, label("submit", "Submit orders")),
        h("button", { type: "button", id: "confirm-orders", disabled: disabled || !mine || mine.state === "draft" || app.draftsDirty, onclick: act("confirm", () => app.confirmOrders()) }, label("confirm", "Confirm (lock) orders"))));
  }

  function sideFlags(): HTMLElement | null {
    const v = app.view!;
    if (!isPlayer()) return null;
    return h("section", { class: "submission", "aria-labelledby": "side-h" },
      h("h2", { id: "side-h" }, "Your side"),
      h("ul", {}, v.order_flags.map((f) => h("li", {}, `${f.player}: ${orderFlagWords(f.state)}`))));
  }

  // The side panel's sections, each replaced on its own (the order bar stays a child of the
  // panel, to stick to the screen's bottom): an edit of the orders (a hex clicked) redraws the
  // orders, the order bar and the map's path, not the list of forces (hundreds on a large map),
  // the map's counters or its key, which change with the view, the reports and the decisions.
  type Slot = { node: ChildNode };
  const slot = (): Slot => ({ node: side.appendChild(document.createComment("")) });
  const slots = { orders: slot(), flags: slot(), knowledge: slot(), help: slot(), bar: slot() };
  const put = (at: Slot, el: Element | null): void => {
    const next = el ?? document.createComment("");
    at.node.replaceWith(next);
    at.node = next;
  };
  put(slots.help, h("p", { class: "legend" }, "Map: blue rectangles are yours, green rounded ones allies, red diamonds enemies where last known (hollow and dashed when the sighting is old); a cross inside is infantry, one diagonal cavalry, a dot artillery; under each counter its strength as you know it; a dashed ring marks a contact waiting for your decision. Point at a hex or a counter for its coordinates and terrain. Drag, or the arrow keys once the map has focus, to pan; the wheel, a pinch, + and − or the buttons to zoom; 0 shows the whole map. Zoomed far out, a large map is drawn plain: zoom in for the names and strengths."));
  let shown: { view: unknown; map: unknown } = { view: null, map: null };  // what the last full redraw drew
  let enemies: KnownEnemy[] = [];
  let counters: MapForce[] = [];
  let legend_ = { key: "", map: null as unknown };  // what the map key shows

  // A re-render replaces parts of the side panel: focus goes back to the control of the same id.
  function keepingFocus(draw: () => void): void {
    const focused = side.contains(document.activeElement) ? document.activeElement?.id : undefined;
    draw();
    if (focused && document.activeElement?.id !== focused) document.getElementById(focused)?.focus();
  }

  function renderAll(): void {
    if (!app.view) return;
    keepingFocus(() => {
      shown = { view: app.view, map: app.map };
      enemies = enemiesKnown(app);
      counters = app.map ? mapForces(app) : [];
      const rs = app.ruleset;
      const arms = rs ? ARMS.filter((a) => Object.values(rs.troop_types).some((t) => t.class === a)) : [];
      const key = app.view!.world.forces.length ? `${app.view!.you.role} ${arms.join(" ")}` : "";
      if (legend_.key !== key || legend_.map !== app.map) {
        legend_ = { key, map: app.map };
        replaceContent(legend, app.map ? mapLegend(app.map, key ? { role: app.view!.you.role, arms } : undefined) : null);
      }
      put(slots.flags, sideFlags());
      put(slots.knowledge, knowledgePanel());
      drawOrders();
    });
  }

  // The orders, the order bar and the map's path and selection.
  function drawOrders(): void {
    const forces = app.view!.world.forces;
    if (isPlayer() && forces.length && !forceOf(selected)) selected = forces[0].id;
    renderMap();
    put(slots.orders, ordersForm());
    put(slots.bar, orderBar());
  }
  function renderOrders(): void {
    if (!app.view) return;
    keepingFocus(drawOrders);
  }

  renderAll();
  // An edit of the drafts says "orders" and "view" with the view unchanged: the orders alone,
  // redrawn once for both (after the handler that edited them, before the next frame).
  let soon = false;
  const ordersSoon = () => {
    if (soon) return;
    soon = true;
    queueMicrotask(() => { soon = false; renderOrders(); });
  };
  return { element, update: (part) => {
    if (part === "orders" || (part === "view" && app.view === shown.view && app.map === shown.map)) ordersSoon();
    else if (part === "view" || part === "reports" || part === "screen" || part === "decisions") renderAll();
  } };
}
