// Each period's report as this viewer saw it, the history (rolled-back attempts marked) and GM
// notices, and the dice log with the revealed seed re-checked in the browser.
import { App, Part } from "../app.js";
import { h, replaceContent } from "../dom.js";
import { eventText } from "../../logic/event-text.js";
import { checkAllRolls, checkSeenRolls, checkStreamRolls, seedMatchesHash } from "../../logic/dice-log.js";
import { PeriodReport } from "../../logic/view-types.js";
import { noticeText } from "../../logic/notice-text.js";
import { ReplayToggles } from "../replay-data.js";
import { words } from "../../logic/words.js";

export function reportsTab(app: App): { element: HTMLElement; update: (part: Part) => void } {
  const element = h("div", { class: "reports" });
  const replays = new ReplayToggles(app);  // each report's "Replay on the map" (ui/replay-data.ts)

  function diceLog(rep: PeriodReport): HTMLElement {
    const rolls = rep.events.filter((e) => e.type === "dice_roll").map((e) => ({ die: String(e.die), value: Number(e.value), purpose: String(e.purpose ?? ""), stream: e.stream === undefined ? undefined : String(e.stream) }));
    const gm = app.view?.you.role === "gm";
    const seed = rep.seed;
    const hashOk = seed ? seedMatchesHash(seed, rep.seed_hash) : false;
    const streams = rep.dice_seeds !== undefined;
    if (!streams && !seed) return h("p", {}, "The dice are checked when the period resolves.");
    // Since dice streams, every roll is checked against its own derived seed (and, for the GM,
    // that seed against the period's); periods before them, against the seed's one sequence.
    const checks = streams ? checkStreamRolls(rep.dice_seeds ?? {}, rolls, seed)
      : gm ? checkAllRolls(seed as string, rolls) : checkSeenRolls(seed as string, rolls);
    const ok = checks.every((c) => c.ok);
    const verdict = rolls.length === 0 ? "No rolls you may see."
      : !ok ? (streams ? "Some rolls do not follow from their derived seeds." : "Some rolls do not follow from the seed.")
      : streams ? (seed ? `All ${rolls.length} rolls re-derived from the seed, each from its own stream.` : `Your ${rolls.length} rolls each follow from their own derived seed; the period's seed stays sealed (docs/protocol.md, "Dice").`)
      : gm ? `All ${rolls.length} rolls re-derived from the seed, in order.` : `Your ${rolls.length} rolls are among the seed's draws, in order (you do not see the others).`;
    return h("section", { class: "dice-log", "aria-label": `Dice log of period ${rep.period_index}` },
      h("h4", {}, "Dice log"),
      seed ? [h("p", {}, `Seed ${seed}`), h("p", {}, `Published hash ${rep.seed_hash}: `, h("strong", {}, hashOk ? "the seed matches it" : "DOES NOT MATCH"))]
        : h("p", {}, `Published seed hash ${rep.seed_hash}.`),
      h("p", { class: "dice-verdict" }, verdict),
      rolls.length ? h("table", { tabindex: 0 }, h("caption", {}, "Rolls"),
        h("thead", {}, h("tr", {}, ["#", "Purpose", "Die", "Value", streams ? "From its stream" : "From the seed"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, checks.map((c, i) => h("tr", { class: c.ok ? "" : "bad" },
          h("td", {}, i + 1), h("td", {}, words(c.roll.purpose ?? "")), h("td", {}, c.roll.die), h("td", {}, c.roll.value),
          h("td", {}, c.ok ? (streams ? "✓" : `✓ draw ${(c.draw ?? 0) + 1}`) : `✗ expected ${c.expected ?? "?"}`))))) : null);
  }

  function render(): void {
    const v = app.view;
    if (!v) return;
    // Own and allied forces by their names; others by id, as the viewer knows them.
    const names = new Map<string, string>();
    for (const f of [...v.world.forces, ...v.world.allies]) if (f.name) names.set(f.id, f.name);
    const name = (id: string) => names.get(id) ?? id;
    const reports = [...app.reports.values()].sort((a, b) => b.period_index - a.period_index);
    replaceContent(element,
      h("h2", {}, "Reports"),
      reports.length === 0 ? h("p", {}, "No period has resolved yet.") : null,
      reports.map((rep) => {
        const entry = app.history.find((p) => p.period_index === rep.period_index && !p.rolled_back);
        const open = app.openPeriod ?? reports[0].period_index;  // the newest unless one was opened
        const d = h("details", { open: rep.period_index === open, id: `report-${rep.period_index}` },
          h("summary", {}, `Period ${rep.period_index}${entry ? ` — day ${entry.day}, ${entry.period}, committed ${new Date(entry.committed_at).toLocaleString()}` : ""}`),
          rep.missed_orders?.length ? h("p", { class: "missed-orders" }, `No orders came from ${rep.missed_orders.join(", ")}: their forces held, and their decisions took standing instructions or the defaults.`) : null,
          replays.control(rep),
          h("ol", { class: "events" }, rep.events.filter((e) => e.type !== "dice_roll").map((e) => h("li", { "data-type": e.type }, eventText(e, name)))),
          diceLog(rep));
        // Opened by the reader (not the one shown open by default): kept in the URL.
        d.addEventListener("toggle", () => { if ((d as HTMLDetailsElement).open && rep.period_index !== open) app.openReport(rep.period_index); });
        return d;
      }),
      h("h3", {}, "History"),
      h("ul", {}, app.history.map((p) => h("li", {}, `Period ${p.period_index} (attempt ${p.attempt}): day ${p.day} ${p.period}${p.rolled_back ? " — rolled back" : ""}`))),
      h("h3", {}, "GM notices"),
      h("ul", {}, v.notices.map((n) => h("li", {}, `${new Date(n.at).toLocaleString()} ${noticeText(n, v.time_zone)}`))),
      h("button", { type: "button", onclick: () => app.loadHistory() }, "Refresh reports"));
  }

  render();
  return { element, update: (part) => { if (part === "reports" || part === "screen" || part === "tab") render(); } };
}
