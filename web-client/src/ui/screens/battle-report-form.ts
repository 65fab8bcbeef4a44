// The battle report (R-8.6): per side, elements lost per regiment, figures off the table, camp
// and general, the claim; the bounds played and whether the time limit was reached. Shown
// beside the battlefield sketch (the terrain cards of the battle).
import { BattleRecord, BattleReport, RecordSide, SideReport, emptyReport, reportProblems, thirdLost, toAnswer } from "../../logic/battle-report.js";
import { h, uid } from "../dom.js";
import { words } from "../../logic/words.js";

function num(label: string, value: number, on: (n: number) => void, min = 0): HTMLElement {
  const id = uid("n");
  return h("div", { class: "field num" }, h("label", { for: id }, label),
    h("input", { id, type: "number", min, step: 1, value, inputmode: "numeric", oninput: (e: Event) => on(Number((e.target as HTMLInputElement).value)) }));
}

function box(label: string, value: boolean, on: (b: boolean) => void): HTMLElement {
  const id = uid("c");
  return h("div", { class: "check" }, h("input", { id, type: "checkbox", checked: value, onchange: (e: Event) => on((e.target as HTMLInputElement).checked) }), h("label", { for: id }, label));
}

function sideFields(role: string, side: RecordSide, r: SideReport, changed: () => void): HTMLElement {
  const claim = h("select", { id: uid("claim"), onchange: (e: Event) => { const v = (e.target as HTMLSelectElement).value; r.claimed = v ? (v as SideReport["claimed"]) : undefined; changed(); } },
    h("option", { value: "" }, "(let the rules decide)"), ["won", "defeated", "withdrew"].map((c) => h("option", { value: c }, c)));
  return h("fieldset", { class: "side-report" },
    h("legend", {}, `${role}: ${words(side.side)} (${side.forces.join(", ")}), ${side.starting_elements} elements`),
    r.losses.map((loss) => {
      const reg = side.regiments.find((x) => x.regiment === loss.regiment)!;
      return num(`${role} ${loss.regiment} (${reg.force}, ${reg.elements} elements): elements lost`, loss.elements, (n) => { loss.elements = n; changed(); });
    }),
    num(`${role}: figures off the table in good order`, r.figures_off_in_good_order, (n) => { r.figures_off_in_good_order = n; changed(); }),
    num(`${role}: figures routed off`, r.figures_routed_off, (n) => { r.figures_routed_off = n; changed(); }),
    box(`${role}: camp lost`, r.camp_lost, (b) => { r.camp_lost = b; changed(); }),
    box(`${role}: camp evacuated`, Boolean(r.camp_evacuated), (b) => { r.camp_evacuated = b; changed(); }),
    box(`${role}: general lost`, r.general_lost, (b) => { r.general_lost = b; changed(); }),
    num(`${role}: withdrawal declared in bound (0: none)`, r.withdrawal_bound ?? 0, (n) => { r.withdrawal_bound = n || undefined; changed(); }),
    h("div", { class: "field" }, h("label", { for: claim.id }, `${role}: outcome claimed`), claim));
}

export function battlefieldSketch(cards: { card: string; column: number; row: number; rotation?: number; side?: string }[], columns = 6, rows = 4): HTMLElement {
  const cells: HTMLElement[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const card = cards.find((x) => x.column === c && x.row === r);
      cells.push(h("div", { class: `sketch-cell${card ? " taken" : ""}`, role: "listitem", "aria-label": `column ${c}, row ${r}: ${card ? `${words(card.card)}${card.side ? ` (${words(card.side)})` : ""}` : "open ground"}` },
        card ? h("span", { style: `display:inline-block;transform:rotate(${card.rotation ?? 0}deg)` }, words(card.card)) : ""));
    }
  return h("div", { class: "sketch", role: "list", "aria-label": "Battlefield sketch" }, cells);
}

export function battleReportForm(record: BattleRecord, send: (answer: unknown) => void, extra?: HTMLElement): HTMLElement {
  const report: BattleReport = emptyReport(record);
  const problems = h("ul", { class: "problems", "aria-live": "polite" });
  const summary = h("p", { role: "status" });
  const sendButton = h("button", { type: "button", class: "primary", onclick: () => send(toAnswer(report)) }, "Send the battle report");
  const changed = () => {
    const list = reportProblems(record, report);
    problems.replaceChildren(...list.map((p) => h("li", {}, p)));
    sendButton.disabled = list.length > 0;
    summary.textContent = `Attacker lost ${thirdLost(record.attacker, report.attacker) ? "a third or more" : "less than a third"}; defender lost ${thirdLost(record.defender, report.defender) ? "a third or more" : "less than a third"} (R-8.4).`;
  };
  const bounds = num("Bounds played", report.bounds, (n) => { report.bounds = n; changed(); }, 1);
  const form = h("div", { class: "battle-report" },
    h("div", { class: "columns" }, sideFields("Attacker", record.attacker, report.attacker, changed), sideFields("Defender", record.defender, report.defender, changed)),
    bounds,
    box(`The time limit was reached${typeof record.time_limit === "number" ? ` (bound ${record.time_limit})` : ""}`, report.time_limit_reached, (b) => {
      report.time_limit_reached = b;
      if (b && typeof record.time_limit === "number") { report.bounds = record.time_limit; (bounds.querySelector("input") as HTMLInputElement).value = String(report.bounds); }
      changed();
    }),
    summary, problems, extra ?? null,
    h("div", { class: "buttons" }, sendButton));
  changed();
  return form;
}
