// A period's replay on a small SVG of the map (issue 31): the terrain drawn once, then for each
// step the forces' counters where they stand, the step's moves as arrows over the faint trail of
// the earlier ones, and its contacts, battles and scouts marked at their hexes. Controls: back to
// the start, step back, play/pause, step forward, to the end, a slider over the steps; the step's
// sentence is said in a polite live region, and the whole list of steps is there as text.
// Separate from ui/map-view.ts (no pan or zoom, nothing to click on the map); it draws the same
// counters (map-view's frames), so friend and foe differ by shape here too.
import { Hex, hexCorners, hexKey, hexToPixel, sharedEdge } from "../logic/hex.js";
import { MapModel } from "../logic/map-model.js";
import { ReplayMark, ReplayStep } from "../logic/replay.js";
import { h, s } from "./dom.js";
import { MapForce, counter, frameOf } from "./map-view.js";

export interface ReplayViewOptions {
  id: string;                                   // the prefix of its element ids ("replay-3")
  heading: string;                              // "Replay of period 3"
  map: MapModel;
  steps: ReplayStep[];
  kindOf: (force: string) => MapForce["kind"];
  label: (force: string) => string;             // the short name on the counter
  title: (force: string, how: string) => string; // a counter's description ("Your Hadewych's army")
  sentence: (step: ReplayStep, index: number) => string;
  notes: string[];                               // said above the map: an attempt rolled back, where starts come from
  intervalMs?: number;
}

const SIZE = 30;
const MARK_WORDS: Record<ReplayMark["kind"], string> = {
  contact: "contact", battle: "battle", scout: "scouted hex", rolloff: "contested hex", eliminated: "force lost", reinforced: "reinforced",
};
const hexText = (hx: Hex) => `(${hx[0]}, ${hx[1]})`;

export class ReplayView {
  readonly element: HTMLElement;
  private step = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private svg: SVGSVGElement;
  private layers: { trail: SVGElement; moves: SVGElement; marks: SVGElement; forces: SVGElement };
  private counters = new Map<string, SVGElement>();
  private slider: HTMLInputElement;
  private count: HTMLElement;
  private said: HTMLElement;
  private items: HTMLElement[];
  private buttons: { start: HTMLButtonElement; back: HTMLButtonElement; play: HTMLButtonElement; forward: HTMLButtonElement; end: HTMLButtonElement };
  private texts: string[];

  constructor(private o: ReplayViewOptions) {
    const id = o.id;
    this.texts = o.steps.map((st, i) => o.sentence(st, i));
    const arrow = `${id}-arrow`;
    this.svg = s("svg", { class: "replay-map", role: "img", id: `${id}-map` }) as SVGSVGElement;
    this.layers = {
      trail: s("g", { class: "replay-trail" }), moves: s("g", { class: "replay-moves", "marker-end": `url(#${arrow})` }),
      marks: s("g", { class: "replay-marks" }), forces: s("g", { class: "replay-forces" }),
    };
    this.drawMap(arrow);
    const last = Math.max(0, o.steps.length - 1);
    // aria-disabled, not disabled: a button reaching an end keeps the keyboard focus.
    const button = (key: string, text: string, act: () => void) => h("button", { type: "button", id: `${id}-${key}`,
      onclick: (e: MouseEvent) => { if (!(e.currentTarget as HTMLElement).hasAttribute("aria-disabled")) act(); } }, text);
    this.buttons = {
      start: button("start", "Start", () => { this.pause(); this.go(0); }),
      back: button("back", "Step back", () => { this.pause(); this.go(this.step - 1); }),
      play: button("play", "Play", () => this.toggle()),
      forward: button("forward", "Step forward", () => { this.pause(); this.go(this.step + 1); }),
      end: button("end", "End", () => { this.pause(); this.go(last); }),
    };
    this.slider = h("input", { type: "range", id: `${id}-slider`, min: 0, max: last, step: 1, value: 0,
      oninput: () => { this.pause(); this.go(Number(this.slider.value)); } });
    this.count = h("span", { class: "replay-count", id: `${id}-count` });
    this.said = h("p", { class: "replay-sentence", id: `${id}-sentence`, "aria-live": "polite" });
    this.items = this.texts.map((t, i) => h("li", { id: `${id}-step-${i}` }, t));
    // Arrows step and Home/End go to either end from any of the buttons (the slider does so itself).
    const controls = h("div", { class: "replay-controls", role: "group", "aria-label": "Replay controls", "aria-keyshortcuts": "ArrowLeft ArrowRight Home End",
      onkeydown: (e: KeyboardEvent) => this.key(e) },
      Object.values(this.buttons),
      h("span", { class: "replay-slider" }, h("label", { for: this.slider.id }, "Step"), this.slider, this.count));
    this.element = h("section", { class: "replay", id, "aria-labelledby": `${id}-h` },
      h("h4", { id: `${id}-h` }, o.heading),
      o.notes.map((n) => h("p", { class: "replay-note" }, n)),
      h("div", { class: "replay-wrap" }, this.svg),
      h("p", { class: "replay-key" }, "Key: the step's moves are solid arrows, earlier ones dashed lines; its forces are outlined in amber. "
        + "Rings mark a contact (amber, dashed), a battle (red), a scouted hex (purple, dotted), a force lost (black, dotted); faint rings are earlier ones."),
      controls, this.said,
      h("details", { class: "replay-steps" }, h("summary", {}, `All ${o.steps.length} steps as text`), h("ol", {}, this.items)));
    this.go(0);
  }

  // Stops playing (the panel closed, another attempt came).
  destroy(): void { this.pause(); }

  get current(): number { return this.step; }

  go(i: number): void {
    const last = this.o.steps.length - 1;
    this.step = Math.max(0, Math.min(last, i));
    this.draw();
    const b = this.buttons;
    const disable = (el: HTMLButtonElement, off: boolean) => { if (off) el.setAttribute("aria-disabled", "true"); else el.removeAttribute("aria-disabled"); };
    disable(b.start, this.step === 0); disable(b.back, this.step === 0);
    disable(b.forward, this.step === last); disable(b.end, this.step === last);
    this.slider.value = String(this.step);
    const words = `Step ${this.step + 1} of ${last + 1}: ${this.texts[this.step] ?? ""}`;
    this.slider.setAttribute("aria-valuetext", words);
    this.count.textContent = `${this.step + 1} of ${last + 1}`;
    this.said.textContent = words;
    this.items.forEach((li, j) => { if (j === this.step) li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current"); });
  }

  toggle(): void {
    if (this.timer) return this.pause();
    if (this.step >= this.o.steps.length - 1) this.go(0);  // played to the end: from the start again
    this.buttons.play.textContent = "Pause";
    this.timer = setInterval(() => {
      // Gone from the page or out of sight (another tab, its report closed): stop.
      if (!this.element.isConnected || this.element.getClientRects().length === 0 || this.step >= this.o.steps.length - 1) return this.pause();
      this.go(this.step + 1);
      if (this.step >= this.o.steps.length - 1) this.pause();
    }, this.o.intervalMs ?? 1000);
  }

  pause(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.buttons.play.textContent = "Play";
  }

  private key(e: KeyboardEvent): void {
    if (e.target === this.slider) return;  // the slider steps itself
    const to = { ArrowLeft: this.step - 1, ArrowRight: this.step + 1, Home: 0, End: this.o.steps.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.pause();
    this.go(to);
  }

  private drawMap(arrow: string): void {
    const { map } = this.o;
    const all: Hex[] = [...map.hexes];
    for (const st of this.o.steps) for (const m of st.trail) all.push(...m.path);
    for (const st of this.o.steps) for (const f of st.forces) all.push(f.hex);
    const ps = all.map((hx) => hexToPixel(hx, SIZE));
    const xs = ps.map((p) => p.x), ys = ps.map((p) => p.y);
    const x0 = Math.min(...xs) - SIZE * 1.2, y0 = Math.min(...ys) - SIZE * 1.2;
    const w = Math.max(...xs) - Math.min(...xs) + SIZE * 2.4, hgt = Math.max(...ys) - Math.min(...ys) + SIZE * 2.4;
    this.svg.setAttribute("viewBox", `${x0} ${y0} ${w} ${hgt}`);
    const pts = (hx: Hex) => hexCorners(hx, SIZE).map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
    const line = (hexes: Hex[], cls: string) => s("polyline", { class: cls, points: hexes.map((hx) => { const p = hexToPixel(hx, SIZE); return `${p.x},${p.y}`; }).join(" ") });
    this.svg.replaceChildren(
      s("title", {}, this.o.heading),
      s("defs", {}, s("marker", { id: arrow, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 3, markerHeight: 3, orient: "auto-start-reverse" },
        s("path", { class: "replay-arrowhead", d: "M0,0L10,5L0,10z" }))),
      s("g", { class: "terrain" }, map.hexes.map((hx) => s("polygon", { points: pts(hx), class: `hex t-${map.terrain.get(hexKey(hx)) ?? "unknown"}` }))),
      s("g", { class: "rivers" }, map.riverSides.map(([a, b]) => { const [p, q] = sharedEdge(a, b, SIZE); return s("line", { class: "river", x1: p.x, y1: p.y, x2: q.x, y2: q.y }); })),
      s("g", { class: "roads" }, map.roadLines.map((l) => line(l, "road")), map.trackLines.map((l) => line(l, "track"))),
      this.layers.trail, this.layers.marks, this.layers.moves, this.layers.forces);
  }

  private draw(): void {
    const st = this.o.steps[this.step];
    if (!st) return;
    const pixel = (hx: Hex) => hexToPixel(hx, SIZE);
    // A move's arrow ends at the edge of the counter it points to, so its head shows.
    const poly = (path: Hex[], cls: string, force: string, head = false) => {
      const ps = path.map(pixel);
      if (head && ps.length >= 2) {
        const [a, b] = [ps[ps.length - 2], ps[ps.length - 1]];
        const d = Math.hypot(b.x - a.x, b.y - a.y);
        const cut = Math.min(SIZE * 0.6, d / 2);
        if (d > 0) ps[ps.length - 1] = { x: b.x - ((b.x - a.x) * cut) / d, y: b.y - ((b.y - a.y) * cut) / d };
      }
      return s("polyline", { class: `${cls} k-${this.o.kindOf(force)}`, "data-force": force, points: ps.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ") });
    };
    const now = new Set(st.moves);
    this.layers.trail.replaceChildren(...st.trail.filter((m) => !now.has(m)).map((m) => poly(m.path, "replay-path", m.force)));
    this.layers.moves.replaceChildren(...st.moves.map((m) => poly(m.path, "replay-move", m.force, true)));
    const ring = (m: ReplayMark, earlier: boolean) => m.hexes.map((hx) => {
      const p = pixel(hx);
      return s("circle", { class: `replay-mark m-${m.kind}${earlier ? " earlier" : ""}`, cx: p.x, cy: p.y, r: SIZE * 0.9 },
        s("title", {}, `${earlier ? "earlier " : ""}${MARK_WORDS[m.kind]} at ${hexText(hx)}`));
    });
    this.layers.marks.replaceChildren(...st.earlier.flatMap((m) => ring(m, true)), ...st.marks.flatMap((m) => ring(m, false)));
    // Counters persist from step to step: each moves to its hex (a CSS transition where motion is welcome).
    const placed = new Set<string>();
    for (const f of st.forces) {
      placed.add(f.id);
      let g = this.counters.get(f.id);
      const kind = this.o.kindOf(f.id);
      if (!g) {
        g = s("g", { "data-force": f.id }, s("title", {}), counter(frameOf(kind)), s("text", { class: "name", y: -(frameOf(kind) === "diamond" ? 17 : 11) - 3 }, this.o.label(f.id)));
        this.counters.set(f.id, g);
        this.layers.forces.append(g);
      }
      const p = pixel(f.hex);
      g.setAttribute("class", `force f-${kind}${f.gone ? " gone" : ""}${st.actors.includes(f.id) ? " actor" : ""}`);
      g.setAttribute("data-hex", hexKey(f.hex));
      (g as SVGGElement).style.transform = `translate(${p.x.toFixed(1)}px, ${p.y.toFixed(1)}px)`;
      g.querySelector("title")!.textContent = `${this.o.title(f.id, f.how)}${f.gone ? ", gone from the map" : ""} — at ${hexText(f.hex)}`;
    }
    for (const [id, g] of this.counters) if (!placed.has(id)) { g.remove(); this.counters.delete(id); }
    // What a screen reader reads for the picture: the step and where everything stands.
    const where = st.forces.map((f) => `${this.o.title(f.id, f.how)}${f.gone ? " (gone)" : ""} at ${hexText(f.hex)}`);
    this.svg.setAttribute("aria-label", `${this.o.heading}, step ${this.step + 1}: ${where.length ? where.join("; ") : "no force placed yet"}`);
  }
}
