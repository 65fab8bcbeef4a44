// The battle companion beside a battle (docs/protocol.md "Battle companion"): bounds, the
// server-rolled PIP dice, losses, withdrawal and the time limit; once the battle has ended the
// report it implies can be sent as this side's battle_report answer. A server without the
// companion answers with an error and the panel says so; the report form still works.
import { App } from "../app.js";
import { BattleRecord } from "../../logic/battle-report.js";
import { h } from "../dom.js";
import { words } from "../../logic/words.js";

interface CompanionSide { lost?: number; one_third?: boolean; camp?: unknown; withdrawal?: unknown; losses?: unknown }
interface Companion {
  battle: string;
  role: "attacker" | "defender" | "gm";
  state: { bound: number; bound_running: boolean; moving: string; pips_left: number; time_limit: number;
    pip_dice: { bound: number; side: string; pips: number; pips_left: number }[];
    attacker: CompanionSide; defender: CompanionSide; defeated: string | null; defeat_rule: string | null; ended: boolean; end: unknown };
  report: unknown;
}

export function companionPanel(app: App, record: BattleRecord, sendReport?: (report: unknown) => void): HTMLElement {
  const out = h("p", { role: "status" });
  const body = h("div", {});
  const campaign = app.store.campaign;
  let role: string = app.view?.you.role === "gm" ? "gm" : "";

  function show(c: Companion): void {
    role = c.role;
    const s = c.state;
    const mySide = role === "gm" ? null : (role as "attacker" | "defender");
    const act = (action: Record<string, unknown>) => () => send(action);
    const regimentButtons = (side: "attacker" | "defender") => record[side].regiments.map((r) =>
      h("button", { type: "button", onclick: act({ action: "lose_element", side, regiment: r.regiment }) }, `${side}: ${r.regiment} loses an element`));
    const sides: ("attacker" | "defender")[] = mySide ? [mySide] : ["attacker", "defender"];
    body.replaceChildren(h("div", {},
      h("p", {}, `Bound ${s.bound} of ${s.time_limit}${s.bound_running ? `, ${s.moving} moving with ${s.pips_left} PIPs left` : ""}.`),
      h("ul", {}, s.pip_dice.map((d) => h("li", {}, `Bound ${d.bound}: ${d.side} rolled ${d.pips} PIPs`))),
      h("p", {}, `Attacker lost ${s.attacker.lost ?? 0}${s.attacker.one_third ? " (a third)" : ""}; defender lost ${s.defender.lost ?? 0}${s.defender.one_third ? " (a third)" : ""}.`),
      s.ended ? h("p", {}, h("strong", {}, `The battle has ended${s.defeated ? `: ${s.defeated} defeated${s.defeat_rule ? ` (${words(s.defeat_rule)})` : ""}` : ""}.`)) : null,
      s.ended ? null : h("div", { class: "buttons" },
        h("button", { type: "button", onclick: act({ action: s.bound_running ? "end_bound" : "start_bound" }) }, s.bound_running ? "End the bound" : "Start the next bound"),
        sides.map((side) => [regimentButtons(side),
          h("button", { type: "button", onclick: act({ action: "lose_camp", side }) }, `${side}: camp lost`),
          h("button", { type: "button", onclick: act({ action: "lose_general", side }) }, `${side}: general lost`),
          h("button", { type: "button", onclick: act({ action: "declare_withdrawal", side }) }, `${side}: declare withdrawal`)])),
      c.report && sendReport ? h("button", { type: "button", class: "primary", onclick: () => sendReport(c.report) }, "Send the companion's report") : null));
  }

  async function send(action: Record<string, unknown>): Promise<void> {
    try { show((await app.conn.request({ type: "battle_action", campaign, battle: record.id, action })) as unknown as Companion); out.textContent = ""; }
    catch (e) { out.textContent = e instanceof Error ? e.message : String(e); }
  }

  async function load(): Promise<void> {
    try { show((await app.conn.request({ type: "get_battle", campaign, battle: record.id })) as unknown as Companion); }
    catch {
      body.replaceChildren(h("p", {}, "This server offers no battle companion: play the bounds at the table and report below."));
    }
  }
  app.conn.on((m) => { if (m.type === "battle_companion" && m.battle === record.id && m.campaign === campaign) show(m as unknown as Companion); });
  void load();
  void role;
  return h("section", { class: "companion", "aria-label": "Battle companion" },
    h("h4", {}, "Companion"),
    h("p", {}, `Battle ${record.id}: ${words(record.attacker.side)} (${record.attacker.starting_elements} elements) attacks ${words(record.defender.side)} (${record.defender.starting_elements})` +
      `${typeof record.time_limit === "number" ? `; time limit ${record.time_limit} bounds` : ""}.`),
    body, out);
}
