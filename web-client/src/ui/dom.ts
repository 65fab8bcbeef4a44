// A tiny DOM builder: h("button", {onclick, "aria-label": ...}, "text", child).
type Attrs = Record<string, unknown>;
type Child = Node | string | number | null | undefined | false | Child[];

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

export function s(tag: string, attrs: Attrs = {}, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag) as SVGElement;
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el: Element, attrs: Attrs): void {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v as EventListener);
    else if (k === "value" && "value" in el) (el as HTMLInputElement).value = String(v);
    else if (k === "checked" && "checked" in el) (el as HTMLInputElement).checked = Boolean(v);
    // Through the CSSOM: the server's Content-Security-Policy refuses style attributes (no inline styles).
    else if (k === "style") (el as HTMLElement | SVGElement).style.cssText = String(v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
}

function append(el: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : String(c));
  }
}

// Replaces a container's content, keeping keyboard focus on the element with the same id.
export function replaceContent(container: Element, ...children: Child[]): void {
  const focused = document.activeElement && container.contains(document.activeElement) ? document.activeElement.id : "";
  container.replaceChildren();
  append(container, children);
  if (focused) (document.getElementById(focused) as HTMLElement | null)?.focus();
}

let counter = 0;
export function uid(prefix: string): string {
  return `${prefix}-${++counter}`;
}

// A labelled form field: <label for=id>text</label><input id=id ...>.
export function field(label: string, input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, hint?: string): HTMLElement {
  if (!input.id) input.id = uid("f");
  return h("div", { class: "field" }, h("label", { for: input.id }, label), input, hint ? h("small", {}, hint) : null);
}

export function select(options: { value: string; label: string }[], value: string, attrs: Attrs = {}): HTMLSelectElement {
  return h("select", attrs, options.map((o) => h("option", { value: o.value, selected: o.value === value }, o.label)));
}

export function announce(text: string): void {
  const live = document.getElementById("live");
  if (live) live.textContent = text;
}
