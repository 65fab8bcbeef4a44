// The SVG map: terrain hexes, roads, tracks, rivers, dwellings, forces and the path being
// plotted. Pan by dragging, zoom by wheel, pinch or the buttons; the view box survives redraws.
import { Hex, hexCorners, hexKey, hexToPixel, sharedEdge } from "../logic/hex.js";
import { MapModel } from "../logic/map-model.js";
import { h, s } from "./dom.js";

export interface MapForce {
  id: string;
  label: string;          // short text on the counter
  hex: Hex;
  kind: "own" | "ally" | "enemy" | "side-a" | "side-b";
  title: string;          // full description for hover and screen readers
  stale?: boolean;
  inContact?: boolean;    // in a contact whose decision is waiting: ringed, where it stands now
}

export interface PathMark { hex: Hex; text: string; reached: boolean; }

export interface MapData {
  map: MapModel;
  forces: MapForce[];
  path: PathMark[];
  pathStart: Hex | null;
  scout: Hex | null;
  selected: Hex | null;
}

const SIZE = 30;

// Friend and foe by shape as well as colour (NATO APP-6 frames): a rectangle for one's own and
// the first side, rounded for allies, a diamond for enemies and the second side.
function counter(kind: MapForce["kind"], x: number, y: number): SVGElement {
  if (kind === "enemy" || kind === "side-b")
    return s("polygon", { class: "counter", points: `${x},${y - 17} ${x + 24},${y} ${x},${y + 17} ${x - 24},${y}` });
  return s("rect", { class: "counter", x: x - 17, y: y - 11, width: 34, height: 22, rx: kind === "ally" ? 10 : 3 });
}

export class MapView {
  readonly element: HTMLElement;
  private svg: SVGSVGElement;
  private box = { x: 0, y: 0, w: 100, h: 100 };
  private full = { x: 0, y: 0, w: 100, h: 100 };
  private pointers = new Map<number, { x: number; y: number }>();
  private dragged = false;
  private pinch = 0;
  private fitted = false;

  constructor(private label: string, private onHex: (h: Hex) => void) {
    this.svg = s("svg", { class: "map", role: "group", "aria-label": label }) as SVGSVGElement;
    const zoom = (f: number) => () => this.zoom(f);
    this.element = h("div", { class: "map-wrap" },
      this.svg,
      h("div", { class: "map-controls", role: "toolbar", "aria-label": "Map zoom" },
        h("button", { type: "button", onclick: zoom(0.8), "aria-label": "Zoom in" }, "+"),
        h("button", { type: "button", onclick: zoom(1.25), "aria-label": "Zoom out" }, "−"),
        h("button", { type: "button", onclick: () => this.reset(), "aria-label": "Show the whole map" }, "⤢")));
    this.svg.addEventListener("pointerdown", (e) => this.down(e));
    this.svg.addEventListener("pointermove", (e) => this.move(e));
    this.svg.addEventListener("pointerup", (e) => this.up(e));
    this.svg.addEventListener("pointercancel", (e) => this.up(e));
    // The keyboard pans (arrows), zooms (+ and −) and shows the whole map (0) once the map
    // has focus.
    this.svg.setAttribute("tabindex", "0");
    this.svg.setAttribute("aria-keyshortcuts", "ArrowUp ArrowDown ArrowLeft ArrowRight + - 0");
    this.svg.addEventListener("keydown", (e) => this.key(e));
    this.svg.addEventListener("wheel", (e) => { e.preventDefault(); this.zoom(e.deltaY > 0 ? 1.1 : 0.9, this.toMap(e)); }, { passive: false });
  }

  render(data: MapData): void {
    const { map } = data;
    const xs: number[] = [];
    const ys: number[] = [];
    for (const hx of map.hexes) {
      const p = hexToPixel(hx, SIZE);
      xs.push(p.x); ys.push(p.y);
    }
    this.full = { x: Math.min(...xs) - SIZE * 1.2, y: Math.min(...ys) - SIZE * 1.2, w: Math.max(...xs) - Math.min(...xs) + SIZE * 2.4, h: Math.max(...ys) - Math.min(...ys) + SIZE * 2.4 };
    if (!this.fitted) { this.box = { ...this.full }; this.fitted = true; }
    const pts = (hx: Hex) => hexCorners(hx, SIZE).map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
    const line = (hexes: Hex[], cls: string) => s("polyline", { class: cls, points: hexes.map((hx) => { const p = hexToPixel(hx, SIZE); return `${p.x},${p.y}`; }).join(" ") });
    const terrain = s("g", { class: "terrain" }, map.hexes.map((hx) => {
      const t = map.terrain.get(hexKey(hx)) ?? "unknown";
      const dw = map.dwellings.get(hexKey(hx));
      const sel = data.selected && hexKey(data.selected) === hexKey(hx);
      return s("polygon", { points: pts(hx), class: `hex t-${t}${sel ? " selected" : ""}`, "data-hex": hexKey(hx) },
        s("title", {}, `(${hx[0]}, ${hx[1]}) ${t}${dw ? `, ${dw.kind} ${dw.name ?? ""}` : ""}`));
    }));
    const roads = s("g", { class: "roads" }, map.roadLines.map((l) => line(l, "road")), map.trackLines.map((l) => line(l, "track")));
    const rivers = s("g", { class: "rivers" }, map.riverSides.map(([a, b]) => {
      const [p, q] = sharedEdge(a, b, SIZE);
      return s("line", { class: "river", x1: p.x, y1: p.y, x2: q.x, y2: q.y });
    }));
    const dwellings = s("g", { class: "dwellings" }, [...map.dwellings.values()].map((d) => {
      const p = hexToPixel(d.hex, SIZE);
      return s("g", {}, s("rect", { class: `dwelling d-${d.kind}`, x: p.x - 6, y: p.y - SIZE * 0.75, width: 12, height: 9 }),
        s("text", { class: "dwelling-name", x: p.x, y: p.y + SIZE * 0.8 }, d.name ?? d.kind));
    }));
    const pathLayer = s("g", { class: "path" });
    if (data.pathStart && data.path.length) {
      pathLayer.append(line([data.pathStart, ...data.path.map((m) => m.hex)], "path-line"));
      for (const m of data.path) {
        const p = hexToPixel(m.hex, SIZE);
        pathLayer.append(s("g", { class: m.reached ? "step" : "step unreached" },
          s("circle", { cx: p.x, cy: p.y + SIZE * 0.45, r: 9 }),
          s("text", { x: p.x, y: p.y + SIZE * 0.45 + 3.5 }, m.text)));
      }
    }
    if (data.scout) {
      const p = hexToPixel(data.scout, SIZE);
      pathLayer.append(s("circle", { class: "scout-target", cx: p.x, cy: p.y, r: SIZE * 0.7 }));
    }
    const forces = s("g", { class: "forces" }, data.forces.map((f) => {
      const p = hexToPixel(f.hex, SIZE);
      return s("g", { class: `force f-${f.kind}${f.stale ? " stale" : ""}${f.inContact ? " in-contact" : ""}`, "data-force": f.id },
        s("title", {}, f.title),
        f.inContact ? s("circle", { class: "contact-ring", cx: p.x, cy: p.y, r: SIZE * 0.85 }) : null,
        counter(f.kind, p.x, p.y),
        s("text", { x: p.x, y: p.y + 4 }, f.label));
    }));
    this.svg.replaceChildren(s("title", {}, this.label), terrain, rivers, roads, dwellings, pathLayer, forces);
    this.apply();
  }

  private apply(): void {
    this.svg.setAttribute("viewBox", `${this.box.x} ${this.box.y} ${this.box.w} ${this.box.h}`);
  }

  private key(e: KeyboardEvent): void {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (step) {
      this.box.x += step[0] * this.box.w * 0.15;
      this.box.y += step[1] * this.box.h * 0.15;
      this.apply();
    } else if (e.key === "+" || e.key === "=") this.zoom(0.8);
    else if (e.key === "-" || e.key === "−") this.zoom(1.25);
    else if (e.key === "0") this.reset();
    else return;
    e.preventDefault();  // not the page's own scrolling
  }

  reset(): void {
    this.box = { ...this.full };
    this.apply();
  }

  zoom(factor: number, at?: { x: number; y: number }): void {
    const c = at ?? { x: this.box.x + this.box.w / 2, y: this.box.y + this.box.h / 2 };
    const w = Math.min(this.full.w * 2, Math.max(SIZE * 4, this.box.w * factor));
    const f = w / this.box.w;
    this.box = { x: c.x - (c.x - this.box.x) * f, y: c.y - (c.y - this.box.y) * f, w, h: this.box.h * f };
    this.apply();
  }

  private toMap(e: { clientX: number; clientY: number }): { x: number; y: number } {
    const r = this.svg.getBoundingClientRect();
    const scale = Math.max(this.box.w / r.width, this.box.h / r.height);
    const ox = this.box.x + (this.box.w - r.width * scale) / 2;
    const oy = this.box.y + (this.box.h - r.height * scale) / 2;
    return { x: ox + (e.clientX - r.left) * scale, y: oy + (e.clientY - r.top) * scale };
  }

  private down(e: PointerEvent): void {
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    this.dragged = false;
    if (this.pointers.size === 2) this.pinch = this.spread();
  }

  private spread(): number {
    const [a, b] = [...this.pointers.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  }

  private move(e: PointerEvent): void {
    const prev = this.pointers.get(e.pointerId);
    if (!prev) return;
    const r = this.svg.getBoundingClientRect();
    const scale = Math.max(this.box.w / r.width, this.box.h / r.height);
    if (this.pointers.size === 1) {
      const dx = e.clientX - prev.x;
      const dy = e.clientY - prev.y;
      if (!this.dragged && Math.hypot(dx, dy) < 5) return;
      if (!this.dragged) this.svg.setPointerCapture(e.pointerId);
      this.dragged = true;
      this.box.x -= dx * scale;
      this.box.y -= dy * scale;
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      this.apply();
    } else if (this.pointers.size === 2) {
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const now = this.spread();
      if (this.pinch > 0 && now > 0) this.zoom(this.pinch / now);
      this.pinch = now;
      this.dragged = true;
    }
  }

  private up(e: PointerEvent): void {
    const wasDrag = this.dragged;
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinch = 0;
    if (wasDrag || e.type === "pointercancel") return;
    const target = (e.target as Element).closest("[data-hex],[data-force]");
    if (!target) return;
    let key = target.getAttribute("data-hex");
    if (!key) {
      // a force counter: the hex under it
      const poly = document.elementsFromPoint(e.clientX, e.clientY).find((el) => el.hasAttribute("data-hex"));
      key = poly?.getAttribute("data-hex") ?? null;
    }
    if (key) {
      const [q, r] = key.split(",").map(Number);
      this.onHex([q, r]);
    }
  }
}
