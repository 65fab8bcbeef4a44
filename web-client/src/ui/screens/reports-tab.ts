// Each period's report as this viewer saw it, the history (rolled-back attempts marked) and GM
// notices, and the dice log with the revealed seed re-checked in the browser.
import { App, Part } from "../app.js";
import { h, replaceContent } from "../dom.js";
import { eventText } from "../../logic/event-text.js";
import { checkAllRolls, checkSeenRolls, seedMatchesHash } from "../../logic/dice-log.js";
import { PeriodReport } from "../../logic/view-types.js";

export function reportsTab(app: App): { element: HTMLElement; update: (part: Part) => void } {
  const element = h("div", { class: "reports" });
  let open = -1;

  function diceLog(rep: PeriodReport): HTMLElement {
    const rolls = rep.events.filter((e) => e.type === "dice_roll").map((e) => ({ die: String(e.die), value: Number(e.value), purpose: String(e.purpose ?? "") }));
    if (!rep.seed) return h("p", {}, "The seed is revealed when the period resolves.");
    const hashOk = seedMatchesHash(rep.seed, rep.seed_hash);
    const all = app.view?.you.role === "gm";
    const checks = all ? checkAllRolls(rep.seed, rolls) : checkSeenRolls(rep.seed, rolls);
    const ok = checks.every((c) => c.ok);
    return h("section", { class: "dice-log", "aria-label": `Dice log of period ${rep.period_index}` },
      h("h4", {}, "Dice log"),
      h("p", {}, `Seed ${rep.seed}`), h("p", {}, `Published hash ${rep.seed_hash}: `, h("strong", {}, hashOk ? "the seed matches it" : "DOES NOT MATCH")),
      h("p", { class: "dice-verdict" }, rolls.length === 0 ? "No rolls you may see." :
        ok ? (all ? `All ${rolls.length} rolls re-derived from the seed, in order.` : `Your ${rolls.length} rolls are among the seed's draws, in order (you do not see the others).`)
          : "Some rolls do not follow from the seed."),
      rolls.length ? h("table", {}, h("caption", {}, "Rolls"),
        h("thead", {}, h("tr", {}, ["#", "Purpose", "Die", "Value", "From the seed"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, checks.map((c, i) => h("tr", { class: c.ok ? "" : "bad" },
          h("td", {}, i + 1), h("td", {}, c.roll.purpose ?? ""), h("td", {}, c.roll.die), h("td", {}, c.roll.value),
          h("td", {}, c.ok ? `✓ draw ${(c.draw ?? 0) + 1}` : `✗ expected ${c.expected ?? "?"}`))))) : null);
  }

  function render(): void {
    const v = app.view;
    if (!v) return;
    const reports = [...app.reports.values()].sort((a, b) => b.period_index - a.period_index);
    replaceContent(element,
      h("h2", {}, "Reports"),
      reports.length === 0 ? h("p", {}, "No period has resolved yet.") : null,
      reports.map((rep) => {
        const entry = app.history.find((p) => p.period_index === rep.period_index && !p.rolled_back);
        const d = h("details", { open: rep.period_index === open || (open === -1 && rep === reports[0]) },
          h("summary", {}, `Period ${rep.period_index}${entry ? ` — day ${entry.day}, ${entry.period}, committed ${new Date(entry.committed_at).toLocaleString()}` : ""}`),
          h("ol", { class: "events" }, rep.events.filter((e) => e.type !== "dice_roll").map((e) => h("li", { "data-type": e.type }, eventText(e)))),
          diceLog(rep));
        d.addEventListener("toggle", () => { if ((d as HTMLDetailsElement).open) open = rep.period_index; });
        return d;
      }),
      h("h3", {}, "History"),
      h("ul", {}, app.history.map((p) => h("li", {}, `Period ${p.period_index} (attempt ${p.attempt}): day ${p.day} ${p.period}${p.rolled_back ? " — rolled back" : ""}`))),
      h("h3", {}, "GM notices"),
      h("ul", {}, v.notices.map((n) => h("li", {}, `${new Date(n.at).toLocaleString()} ${n.kind}: ${n.reason}`))),
      h("button", { type: "button", onclick: () => app.loadHistory() }, "Refresh reports"));
  }

  render();
  return { element, update: (part) => { if (part === "reports" || part === "screen") render(); } };
}
