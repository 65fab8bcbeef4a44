// Press: the messages this viewer may read, by period, and a form to write to everyone, to the
// GM or to players (as the campaign's setting allows). Messages are shown as text, never as
// markup: a message is another player's words.
import { App, Part } from "../app.js";
import { h, replaceContent, uid } from "../dom.js";
import { byPeriod, heading, nameOf, policyText, recipients, sendProblem } from "../../logic/press.js";

export function pressTab(app: App): { element: HTMLElement; update: (part: Part) => void } {
  const policy = h("p", { class: "press-policy" });
  const list = h("div", { class: "press-list" });
  const chosen = new Set<string>();
  const toBox = h("fieldset", { class: "press-to" });
  const textId = uid("press-text");
  const text = h("textarea", { id: textId, rows: 4, maxlength: 4000, oninput: () => check() }) as HTMLTextAreaElement;
  const problem = h("p", { class: "error", "aria-live": "polite" });
  const status = h("p", { role: "status" });
  const send = h("button", { type: "submit" }, "Send");
  let sending = false;
  const form = h("form", { class: "press-form", "aria-labelledby": "press-write-h", onsubmit: (e: Event) => { e.preventDefault(); void submit(); } },
    h("h3", { id: "press-write-h" }, "Write"), toBox,
    h("div", { class: "field" }, h("label", { for: textId }, "Message"), text), problem, send, status);
  const element = h("div", { class: "press" }, h("h2", {}, "Press"), policy, list, form);

  function check(): boolean {
    const p = sendProblem([...chosen], text.value);
    problem.textContent = text.value === "" && chosen.size > 0 ? "" : p;
    send.disabled = sending || p !== "";
    return p === "";
  }

  async function submit(): Promise<void> {
    if (sending || !check()) return;
    sending = true;
    send.setAttribute("aria-busy", "true");
    check();
    status.textContent = "Sending…";
    try {
      await app.sendPress([...chosen], text.value);
      text.value = "";
      status.textContent = `Sent at ${new Date().toLocaleTimeString()}.`;
    } catch (e) {
      status.textContent = "";
      app.fail(e);  // kept in the box, to send again
    } finally {
      sending = false;
      send.removeAttribute("aria-busy");
      check();
    }
  }

  // "Everyone" stands alone: choosing it clears the others, choosing another clears it.
  function renderTo(): void {
    const v = app.view!;
    const names = recipients(v.press, v.you, v.world);
    for (const c of [...chosen]) if (!names.includes(c)) chosen.delete(c);
    if (names.length === 1) chosen.add(names[0]);
    replaceContent(toBox, h("legend", {}, "To"), names.map((name) => {
      const id = `press-to-${name}`;
      return h("span", { class: "check" },
        h("input", { id, type: "checkbox", checked: chosen.has(name), onchange: (e: Event) => {
          const on = (e.target as HTMLInputElement).checked;
          if (on && name === "all") chosen.clear();
          if (on && name !== "all") chosen.delete("all");
          if (on) chosen.add(name); else chosen.delete(name);
          renderTo();
          check();
        } }),
        h("label", { for: id }, name === "all" ? "Everyone" : name === "gm" ? "The GM" : nameOf(name, v.you, v.world)));
    }));
  }

  function renderList(): void {
    const v = app.view!;
    const groups = byPeriod(app.press);
    replaceContent(list,
      app.pressEarlier ? h("p", {}, "Only the newest 200 messages are shown.") : null,
      groups.length === 0 ? h("p", {}, "No messages yet.") : null,
      groups.map((g) => h("section", { class: "press-period", "aria-label": `Period ${g.period}` },
        h("h3", {}, `Period ${g.period}`),
        h("ol", {}, g.messages.map((m) => h("li", { class: m.from === "gm" ? "press-message from-gm" : "press-message", "data-id": m.id },
          h("p", { class: "press-head" }, h("strong", {}, heading(m, v.you, v.world)), " · ",
            h("time", { datetime: m.sent_at }, new Date(m.sent_at).toLocaleString()),
            m.gm_reads && m.from !== "gm" ? " · the GM may read it" : ""),
          h("p", { class: "press-text" }, m.text)))))));
  }

  function render(): void {
    const v = app.view;
    if (!v) return;
    policy.textContent = app.viewingAs
      ? `Viewing as ${nameOf(app.viewingAs, { role: "gm", player: "" }, v.world)}: you read the press the GM may read, not ${nameOf(app.viewingAs, { role: "gm", player: "" }, v.world)}'s private messages.`
      : policyText(v.press, v.you);
    form.hidden = v.you.role === "observer";
    renderTo();
    renderList();
    check();
  }
  render();
  return {
    element,
    update(part: Part) {
      if (part === "press" || part === "view" || part === "screen") render();
    },
  };
}
