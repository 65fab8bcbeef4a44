// The post-battle recovery form (R-8.7, "recovery_choice"): one group per company of the
// regiment, with its figures now and lost in the battle, how many of the recovered figures come
// back to it (asked only of a company that lost some) and how many the general and camp penalty
// takes, and what it will have then. It
// starts at the default (largest companies first); Send stays off until the totals are right.
import { companyName, figures, figuresAfter, largestFirstSplit, RecoveryPlan, recoveryIntro, recoveryPlan, recoveryProblem } from "../../logic/recovery.js";
import { DecisionRequestOf } from "../../logic/view-types.js";
import { h, uid } from "../dom.js";

function numberField(label: string, value: number, max: number, on: (n: number) => void): HTMLElement {
  const id = uid("rec");
  return h("div", { class: "field num" }, h("label", { for: id }, label),
    h("input", { id, type: "number", min: 0, max, step: 1, value, inputmode: "numeric",
      oninput: (e: Event) => on(Number((e.target as HTMLInputElement).value)) }));
}

const afterText = (n: number) => (n > 0 ? `Then ${figures(n)}` : "Then none: the company leaves the regiment");

// `choices`: the one-click answers (the default) shown under the introduction.
export function recoveryForm(req: DecisionRequestOf<"recovery_choice">, regimentName: string, send: (answer: unknown) => void, choices: HTMLElement): HTMLElement {
  const plan: RecoveryPlan = recoveryPlan(req);
  const split = largestFirstSplit(plan);
  const afters = plan.companies.map(() => h("p", { class: "after" }));
  const totals = h("p", { class: "totals" });
  const problem = h("p", { class: "error", "aria-live": "polite" });
  const go = h("button", { type: "button", class: "primary", onclick: () => send({ recovered: [...split.recovered], penalty: [...split.penalty] }) }, "Send this recovery");
  const refresh = () => {
    figuresAfter(plan, split).forEach((n, i) => { afters[i].textContent = afterText(n); });
    const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
    totals.textContent = [
      plan.recovered > 0 ? `Brought back: ${sum(split.recovered)} of ${plan.recovered}` : "",
      plan.penalty > 0 ? `penalty: ${sum(split.penalty)} of ${plan.penalty}` : "",
    ].filter(Boolean).join(" · ");
    const p = recoveryProblem(plan, split);
    problem.textContent = p ?? "";
    go.disabled = Boolean(p);
  };
  const groups = plan.companies.map((c, i) => h("fieldset", { class: "recovery-company", "data-company": i },
    h("legend", {}, `${companyName(c, i)}: ${figures(c.figures)} now, ${c.lost} lost in the battle`),
    plan.recovered > 0 && c.lost > 0 ? numberField(`Brought back (at most ${c.lost})`, split.recovered[i], c.lost, (n) => { split.recovered[i] = n; refresh(); }) : null,
    plan.penalty > 0 ? numberField("Penalty", split.penalty[i], c.figures + c.lost, (n) => { split.penalty[i] = n; refresh(); }) : null,
    afters[i]));
  refresh();
  return h("div", { class: "recovery" },
    h("p", { class: "recovery-intro" }, recoveryIntro(plan, regimentName)),
    choices,
    h("div", { class: "split recovery-split" }, h("p", {}, "Or choose the companies:"), groups, totals, problem, go));
}
