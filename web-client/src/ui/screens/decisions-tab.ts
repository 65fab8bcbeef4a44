// Decisions as they arrive (docs/decisions.md): each with its context from what the player
// knows, a deadline countdown and a form fit for its kind. The GM sees every request and
// answers those of `gm` and of players no account plays (answer_for).
import { App, Part } from "../app.js";
import { h, replaceContent, uid } from "../dom.js";
import { DecisionRequest } from "../../logic/view-types.js";
import { checkLossAllocation, choicesFor, contactOf, contextLines, decisionTitle, isDefault } from "../../logic/decisions.js";
import { answerWords } from "../../logic/event-words.js";
import { formatRemaining, remainingMs } from "../../logic/countdown.js";
import { BattleRecord, describeBattleReport } from "../../logic/battle-report.js";
import { CardPlacement, PlacedCard } from "../../logic/events.generated.js";
import { cardPlacementForm } from "./card-placement.js";
import { battleReportForm, battlefieldSketch } from "./battle-report-form.js";
import { companionPanel } from "./battle-companion.js";
import { recoveryForm } from "./recovery-form.js";

function splitForm(labels: string[], initial: number[], check: (v: number[]) => string | null, send: (v: number[]) => void, button: string): HTMLElement {
  const values = [...initial];
  const problem = h("p", { class: "error", "aria-live": "polite" });
  const go = h("button", { type: "button", onclick: () => send(values) }, button);
  const refresh = () => { const p = check(values); problem.textContent = p ?? ""; go.disabled = Boolean(p); };
  const inputs = labels.map((label, i) => {
    const id = uid("split");
    return h("div", { class: "field num" }, h("label", { for: id }, label),
      h("input", { id, type: "number", min: 0, step: 1, value: values[i], inputmode: "numeric", oninput: (e: Event) => { values[i] = Number((e.target as HTMLInputElement).value); refresh(); } }));
  });
  refresh();
  return h("div", { class: "split" }, inputs, problem, go);
}

export function decisionsTab(app: App): { element: HTMLElement; update: (part: Part) => void } {
  const element = h("div", { class: "decisions" });
  const cards: PlacedCard[] = []; // cards seen in placement requests: the sketch beside a report
  let rendered = "";

  function canAnswer(req: DecisionRequest): boolean {
    const v = app.view!;
    if (v.you.role === "player") return req.player === v.you.player;
    return v.you.role === "gm" && (req.player === "gm" || (v.unplayed ?? []).includes(req.player));
  }

  function send(req: DecisionRequest) {
    return (answer: unknown) => app.answer(req, answer).catch((e) => app.fail(e));
  }

  function form(req: DecisionRequest): HTMLElement {
    const answer = send(req);
    const choices = choicesFor(req);
    const choiceButtons = h("div", { class: "buttons choices", role: "group", "aria-label": `Answers to ${decisionTitle(req)}` },
      choices.map((c) => h("button", { type: "button", class: isDefault(req, c.value) ? "default" : "", title: c.hint ?? "",
        "aria-label": `${c.label}${isDefault(req, c.value) ? " (default)" : ""}`, "data-answer": JSON.stringify(c.value), onclick: () => answer(c.value) }, c.label)));
    // What each answer does, in words, beside the buttons (not only on hover).
    const hints = choices.filter((c) => c.hint);
    const buttons = h("div", {}, choiceButtons,
      hints.length ? h("ul", { class: "choice-hints" }, hints.map((c) => h("li", {}, h("strong", {}, c.label), ` — ${c.hint}`))) : null);
    switch (req.kind) {
      case "loss_allocation": {
        const sizes = req.context.companies;
        return h("div", {}, buttons, h("p", {}, "Or choose the figures per company:"),
          splitForm(sizes.map((n, i) => `Company ${i + 1} (${n} figures): losses`), sizes.map(() => 0), (v) => checkLossAllocation(req, v), answer, "Send this allocation"));
      }
      case "recovery_choice":
        return recoveryForm(req, regimentName(req.force, req.context.regiment), answer, buttons);
      case "card_placement":
        for (const p of req.context.placed) if (!cards.some((c) => c.column === p.column && c.row === p.row)) cards.push(p);
        return h("div", {}, cardPlacementForm(req, answer), buttons);
      case "battle_report": {
        const record = req.context.battle as BattleRecord;
        // The server sends the whole battlefield with the report request (R-6.6); the cards
        // gathered from this player's own placement requests are only those placed before them.
        const field = (req.context.battlefield as CardPlacement[] | undefined) ?? cards;
        const grid = app.ruleset?.terrain_cards?.grid ?? { columns: 6, rows: 4 }; // R-6.6's grid
        return h("div", { class: "battle" },
          h("div", { class: "battle-side" }, h("h4", {}, "Battlefield"), field.length ? battlefieldSketch(field, grid.columns, grid.rows) : h("p", {}, "The terrain cards are listed in the period report once it resolves."),
            companionPanel(app, record, answer)),
          h("div", {}, buttons, h("h4", {}, "Or report what happened on the table"), battleReportForm(record, answer)));
      }
      case "battle_dispute": {
        const reports = req.context.reports as Record<string, unknown> | undefined;
        const record = req.context.battle as BattleRecord | undefined;
        // Each side's answer in words (R-8.6), never as JSON.
        const said = (a: unknown) => (a && typeof a === "object" ? describeBattleReport(a) : a === undefined || a === null ? "no answer" : answerWords(a, req.kind));
        return h("div", {}, h("ul", { class: "dispute" },
          h("li", {}, h("strong", {}, "The attacker's answer: "), said(reports?.attacker)),
          h("li", {}, h("strong", {}, "The defender's answer: "), said(reports?.defender))), buttons,
          record ? battleReportForm(record, answer) : null);
      }
      default:
        return buttons;
    }
  }

  function forceName(id: string): string {
    const f = app.view?.world.forces.find((x) => x.id === id);
    return f?.name ? `${f.name} (${id})` : id;
  }

  // "Hadewych's foot (ha1)": a regiment of one's own force by its name.
  function regimentName(force: string, id: string): string {
    const r = app.view?.world.forces.find((x) => x.id === force)?.regiments.find((x) => x.id === id);
    return r?.name ? `${r.name} (${id})` : `Regiment ${id}`;
  }

  function article(req: DecisionRequest): HTMLElement {
    const v = app.view!;
    const deadline = req.deadline ?? v.period.deadline;
    const mine = canAnswer(req);
    return h("article", { class: "decision", "aria-labelledby": `d-${req.id}`, "data-kind": req.kind, "data-decision": req.id },
      h("h3", { id: `d-${req.id}` }, `${decisionTitle(req)} — ${forceName(req.force)}`),
      // The request's id (with codes like "after_contact_dice" in it) only for the GM, who may
      // need it for the command line; a player reads who is asked and the default in words.
      h("p", { class: "meta" }, `${v.you.role === "gm" ? `Request ${req.id} · ` : ""}Asked of ${req.player} · default: ${answerWords(req.default, req.kind)} · `,
        h("span", { class: "countdown", "data-deadline": deadline ?? "" }, formatRemaining(remainingMs(deadline, Date.now())))),
      h("ul", { class: "context" }, contextLines(req).map((l) => h("li", {}, l))),
      // The map draws this contact as it stands now (map-data.ts, atTheContacts).
      contactOf(req) ? h("button", { type: "button", class: "show-on-map", onclick: () => { app.selectTab("map"); app.changed("tab"); } }, "Show the contact on the map") : null,
      mine ? form(req) : h("p", {}, "Waiting for the player's answer."));
  }

  function render(): void {
    const v = app.view;
    if (!v) return;
    const list = [...app.decisions.values()];
    const key = list.map((d) => d.id).join("|");
    if (key === rendered) return; // keep forms being filled in
    rendered = key;
    replaceContent(element,
      h("h2", {}, "Decisions"),
      list.length === 0 ? h("p", {}, v.you.role === "gm" ? "No pending requests." : "Nothing to decide now. Requests arrive here during a period's resolution.") : null,
      list.map(article));
  }
  setInterval(() => element.querySelectorAll<HTMLElement>(".countdown[data-deadline]").forEach((el) => {
    el.textContent = formatRemaining(remainingMs(el.dataset.deadline || null, Date.now()));
  }), 1000);

  render();
  return { element, update: (part) => { if (part === "decisions" || part === "view" || part === "screen") render(); } };
}
