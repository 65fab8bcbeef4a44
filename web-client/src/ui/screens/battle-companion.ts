// The battle companion beside a battle: the bounds and time limit of the record, and the
// server-rolled PIP dice per bound through `battle_action` once the server offers it.
import { App } from "../app.js";
import { BattleRecord } from "../../logic/battle-report.js";
import { h } from "../dom.js";

export function companionPanel(app: App, record: BattleRecord): HTMLElement {
  const out = h("p", { role: "status" });
  const limit = typeof record.time_limit === "number" ? `${record.time_limit} bounds` : record.time_limit ? JSON.stringify(record.time_limit) : "see the rules";
  const roll = h("button", { type: "button", onclick: async () => {
    try {
      const r = await app.battleAction({ bound: 1 });
      out.textContent = JSON.stringify(r);
    } catch (e) {
      out.textContent = e instanceof Error && /not_implemented|not implemented/i.test(`${(e as { code?: string }).code} ${e.message}`)
        ? "The server does not roll PIP dice yet: play the bounds at the table and report below."
        : e instanceof Error ? e.message : String(e);
    }
  } }, "Roll PIP dice for the bound");
  return h("section", { class: "companion", "aria-label": "Battle companion" },
    h("h4", {}, "Companion"),
    h("ul", {},
      h("li", {}, `Battle ${record.id}: ${record.attacker.side} attacks ${record.defender.side}`),
      h("li", {}, `Attacker ${record.attacker.starting_elements} elements, defender ${record.defender.starting_elements}`),
      h("li", {}, `Time limit: ${limit}`),
      record.hour ? h("li", {}, `Starts at hour ${record.hour}`) : null),
    roll, out);
}
