// The SVG map: terrain hexes, roads, tracks, rivers, dwellings, forces and the path being
// plotted. Pan by dragging, zoom by wheel, pinch or the buttons; the view box survives redraws.
// Only the part in view (and a margin) is in the DOM, so a 120 × 80 map with 1,000 forces pans
// and answers clicks as quickly as the demo's (bench/web/map_bench.mjs).
import { Hex, hexCorners, hexKey, hexToPixel, parseHexKey, pixelToHex, sharedEdge } from "../logic/hex.js";
import { Dwelling, MapModel } from "../logic/map-model.js";
import { Rect, containsPoint, containsRect, detailed, grow, hexesInRect, openingBox, visibleRect } from "../logic/map-window.js";
import { Arm } from "../logic/counter.js";
import { h, s } from "./dom.js";
import { words } from "../logic/words.js";

export interface MapForce {
  id: string;
  label: string;          // short name, above the counter
  hex: Hex;
  kind: "own" | "ally" | "enemy" | "side-a" | "side-b";
  title: string;          // full description for hover and screen readers ("name · strength · as of period N; …")
  arm?: Arm | null;       // the troop-type glyph inside the frame; none: mixed or not known
  strength?: string;      // the strength as the viewer knows it, under the counter ("40", "19–32", "?")
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
// the first side, rounded for allies, a diamond for enemies and the second side. Drawn about
// (0, 0): each counter is a group moved to its hex, so every shape is a short constant string.
export type Frame = "box" | "rounded" | "diamond";
export function frameOf(kind: MapForce["kind"]): Frame {
  return kind === "enemy" || kind === "side-b" ? "diamond" : kind === "ally" ? "rounded" : "box";
}
const HALF_HEIGHT: Record<Frame, number> = { box: 11, rounded: 11, diamond: 17 };

export function counter(frame: Frame): SVGElement {
  if (frame === "diamond") return s("polygon", { class: "counter", points: "0,-17 24,0 0,17 -24,0" });
  return s("rect", { class: "counter", x: -17, y: -11, width: 34, height: 22, rx: frame === "rounded" ? 10 : 3 });
}

// The arm inside the frame (APP-6): infantry the frame's diagonals crossed, cavalry the one
// rising diagonal, artillery a dot. In a diamond or a rounded frame the lines keep to the
// rectangle inscribed in it.
const CORNER: Record<Frame, [number, number]> = { box: [17, 11], rounded: [13, 8], diamond: [12, 8.5] };
export function glyph(arm: Arm, frame: Frame): SVGElement {
  const [x, y] = CORNER[frame];
  if (arm === "artillery") return s("circle", { class: "glyph dot", r: 4 });
  const rising = `M${-x},${y}L${x},${-y}`;
  return s("path", { class: "glyph", d: arm === "infantry" ? `M${-x},${-y}L${x},${y}${rising}` : rising });
}

// The hexes, counters and dwellings in the visible part plus MARGIN of its size on every side
// are in the DOM (issue 31, "Weight and scale": a 120 × 80 map with 1,000 forces had 24,600
// elements, panned at under 30 fps and took 600 ms a click); panning within the margin only
// moves the view, and beyond it the nodes that left are removed and those that came are added,
// the rest untouched. A large map zoomed out is drawn as an overview (logic/map-window.ts): one
// shape per terrain, counters as plain marks.
const MARGIN = 0.25;
const OPENING_HEXES_ACROSS = 16;  // a large map opens this many hexes wide around the selected force

export class MapView {
  readonly element: HTMLElement;
  private svg: SVGSVGElement;
  private box: Rect = { x: 0, y: 0, w: 100, h: 100 };
  private full: Rect = { x: 0, y: 0, w: 100, h: 100 };
  private size = { w: 0, h: 0 };  // the element's, in pixels (a ResizeObserver keeps it)
  private pointers = new Map<number, { x: number; y: number }>();
  private dragged = false;
  private pinch = 0;
  private fitted = false;
  private readout: HTMLElement;  // what the pointer is over: a hex's coordinates and terrain, or a counter
  private layers = {
    overview: s("g", { class: "overview", "aria-hidden": "true", display: "none" }),
    terrain: s("g", { class: "terrain" }),
    rivers: s("g", { class: "rivers" }),
    roads: s("g", { class: "roads" }),
    dwellings: s("g", { class: "dwellings" }),
    marks: s("g", { class: "force-marks", "aria-hidden": "true" }),
    path: s("g", { class: "path" }),
    forces: s("g", { class: "forces" }),
  };
  // What is drawn: the data, the part of the map in the DOM and the nodes there by key.
  private data: MapData | null = null;
  private map: MapModel | null = null;
  private forces: MapForce[] | null = null;
  private forcesAt = new Map<string, MapForce>();  // hex key → the force drawn there last
  private window: Rect | null = null;
  private detail = true;
  private overviewOf: MapModel | null = null;
  private marksOf: MapForce[] | null = null;
  private hexNodes = new Map<string, SVGElement>();
  private forceNodes = new Map<MapForce, SVGElement>();
  private dwellingNodes = new Map<string, SVGElement>();
  private selectedKey = "";
  private drawnBox: Rect | null = null;  // the view box set on the SVG
  private shifted = false;               // moved by a drag not yet ended

  constructor(label: string, private onHex: (h: Hex) => void) {
    this.svg = s("svg", { class: "map", role: "group", "aria-label": label }) as SVGSVGElement;
    this.svg.append(s("title", {}, label), ...Object.values(this.layers));
    const zoom = (f: number) => () => this.zoom(f);
    // The same words as the titles (which screen readers read): hidden from them here.
    this.readout = h("div", { class: "map-readout", "aria-hidden": "true", hidden: true });
    this.element = h("div", { class: "map-wrap" },
      this.svg, this.readout,
      h("div", { class: "map-controls", role: "toolbar", "aria-label": "Map zoom" },
        h("button", { type: "button", onclick: zoom(0.8), "aria-label": "Zoom in" }, "+"),
        h("button", { type: "button", onclick: zoom(1.25), "aria-label": "Zoom out" }, "−"),
        h("button", { type: "button", onclick: () => this.reset(), "aria-label": "Show the whole map" }, "⤢")));
    this.svg.addEventListener("pointerdown", (e) => this.down(e));
    this.svg.addEventListener("pointermove", (e) => this.move(e));
    this.svg.addEventListener("pointerup", (e) => this.up(e));
    this.svg.addEventListener("pointercancel", (e) => this.up(e));
    this.svg.addEventListener("pointerover", (e) => this.over(e));
    this.svg.addEventListener("pointerleave", () => { this.readout.hidden = true; });
    // The keyboard pans (arrows), zooms (+ and −) and shows the whole map (0) once the map
    // has focus.
    this.svg.setAttribute("tabindex", "0");
    this.svg.setAttribute("aria-keyshortcuts", "ArrowUp ArrowDown ArrowLeft ArrowRight + - 0");
    this.svg.addEventListener("keydown", (e) => this.key(e));
    this.svg.addEventListener("wheel", (e) => { e.preventDefault(); this.zoom(e.deltaY > 0 ? 1.1 : 0.9, this.toMap(e)); }, { passive: false });
    // Shown, hidden or resized: the visible part changes without a pan.
    if (typeof ResizeObserver !== "undefined")
      new ResizeObserver(([entry]) => {
        this.size = { w: entry.contentRect.width, h: entry.contentRect.height };
        this.sync();
      }).observe(this.svg);
  }

  // Draws `data`, redoing only what changed since the last call: the map when it is another
  // (a snapshot), the counters when the forces are another list, the path always (a few nodes).
  render(data: MapData): void {
    this.data = data;
    let changed = false;
    if (data.map !== this.map) { this.setMap(data.map, data); changed = true; }
    if (data.forces !== this.forces) {
      changed = true;
      this.forces = data.forces;
      this.forcesAt = new Map(data.forces.map((f) => [hexKey(f.hex), f]));
      for (const el of this.forceNodes.values()) el.remove();
      this.forceNodes.clear();
    }
    const selected = data.selected ? hexKey(data.selected) : "";
    if (selected !== this.selectedKey) {
      changed = true;
      const before = this.selectedKey;
      this.hexNodes.get(this.selectedKey)?.classList.remove("selected");
      this.selectedKey = selected;
      this.hexNodes.get(selected)?.classList.add("selected");
      // Another force chosen out of view (a large map): the view moves to it, at the same zoom.
      if (before && data.selected) {
        const p = hexToPixel(data.selected, SIZE);
        if (!containsPoint(visibleRect(this.box, this.size.w, this.size.h), p, -SIZE))
          this.box = { ...this.box, x: p.x - this.box.w / 2, y: p.y - this.box.h / 2 };
      }
    }
    this.layers.path.replaceChildren(...this.pathNodes(data));
    this.setViewBox();
    this.sync(changed);
  }

  private setMap(map: MapModel, data: MapData): void {
    this.map = map;
    const xs: number[] = [];
    const ys: number[] = [];
    for (const hx of map.hexes) {
      const p = hexToPixel(hx, SIZE);
      xs.push(p.x); ys.push(p.y);
    }
    const minX = xs.reduce((a, b) => Math.min(a, b), Infinity), maxX = xs.reduce((a, b) => Math.max(a, b), -Infinity);
    const minY = ys.reduce((a, b) => Math.min(a, b), Infinity), maxY = ys.reduce((a, b) => Math.max(a, b), -Infinity);
    this.full = { x: minX - SIZE * 1.2, y: minY - SIZE * 1.2, w: maxX - minX + SIZE * 2.4, h: maxY - minY + SIZE * 2.4 };
    if (!this.fitted) {
      // A small map whole; a large one around the selected force (or the first, or the middle).
      const at = data.selected ?? data.forces[0]?.hex ?? null;
      const centre = at ? hexToPixel(at, SIZE) : { x: this.full.x + this.full.w / 2, y: this.full.y + this.full.h / 2 };
      this.box = openingBox(this.full, centre, SIZE, OPENING_HEXES_ACROSS, this.size.w, this.size.h);
      this.fitted = true;
    }
    for (const nodes of [this.hexNodes, this.dwellingNodes]) {
      for (const el of nodes.values()) el.remove();
      nodes.clear();
    }
    this.overviewOf = null;
    this.layers.overview.replaceChildren();
    this.window = null;
    // Roads, tracks and rivers are a few long shapes: drawn whole.
    const line = (hexes: Hex[], cls: string) => s("polyline", { class: cls, points: hexes.map((hx) => { const p = hexToPixel(hx, SIZE); return `${p.x},${p.y}`; }).join(" ") });
    this.layers.roads.replaceChildren(...map.roadLines.map((l) => line(l, "road")), ...map.trackLines.map((l) => line(l, "track")));
    const river = map.riverSides.map(([a, b]) => {
      const [p, q] = sharedEdge(a, b, SIZE);
      return `M${p.x.toFixed(1)},${p.y.toFixed(1)}L${q.x.toFixed(1)},${q.y.toFixed(1)}`;
    }).join("");
    this.layers.rivers.replaceChildren(...(river ? [s("path", { class: "river", d: river })] : []));
  }

  // The part of the map on screen, and whether it is still inside what is drawn: if not (or
  // `redraw`), the hexes, counters and dwellings are brought in line with it.
  private sync(redraw = false): void {
    if (!this.map || !this.data) return;
    const visible = visibleRect(this.box, this.size.w, this.size.h);
    const perUnit = this.size.w > 0 ? this.size.w / visible.w : 1;
    const detail = detailed(visible, perUnit, SIZE);
    if (!redraw && detail === this.detail && this.window && containsRect(this.window, visible)) return;
    if (detail !== this.detail) {
      for (const el of this.forceNodes.values()) el.remove();
      this.forceNodes.clear();
    }
    this.detail = detail;
    this.window = grow(visible, MARGIN);
    this.draw(this.map, this.data, this.window);
  }

  private draw(map: MapModel, data: MapData, win: Rect): void {
    const wanted: string[] = [];
    if (this.detail) {
      for (const hx of hexesInRect(win, SIZE)) { const k = hexKey(hx); if (map.terrain.has(k)) wanted.push(k); }
    } else if (map.terrain.has(this.selectedKey)) wanted.push(this.selectedKey);
    syncNodes(this.layers.terrain, this.hexNodes, wanted, (k) => this.hexNode(k));
    // The selected hex's wide outline above its neighbours'.
    const sel = this.hexNodes.get(this.selectedKey);
    if (sel && sel !== this.layers.terrain.lastChild) this.layers.terrain.append(sel);

    const inWindow = (hx: Hex) => containsPoint(win, hexToPixel(hx, SIZE), SIZE);
    syncNodes(this.layers.dwellings, this.dwellingNodes,
      this.detail ? [...map.dwellings.keys()].filter((k) => inWindow(map.dwellings.get(k)!.hex)) : [],
      (k) => this.dwellingNode(map.dwellings.get(k)!));
    syncNodes(this.layers.forces, this.forceNodes, this.detail ? data.forces.filter((f) => inWindow(f.hex)) : [],
      (f) => this.forceNode(f));

    if (this.detail) {
      if (!this.layers.overview.hasAttribute("display")) this.layers.overview.setAttribute("display", "none");
      if (this.marksOf) { this.layers.marks.replaceChildren(); this.marksOf = null; }
    } else {
      if (this.overviewOf !== map) {
        this.layers.overview.replaceChildren(...overviewNodes(map));
        this.overviewOf = map;
      }
      this.layers.overview.removeAttribute("display");
      if (this.marksOf !== data.forces) {
        this.layers.marks.replaceChildren(...markNodes(data.forces));
        this.marksOf = data.forces;
      }
    }
  }

  private hexTitle(key: string): string {
    const map = this.map!;
    const [q, r] = parseHexKey(key);
    const t = map.terrain.get(key) ?? "unknown";
    const dw = map.dwellings.get(key);
    return `(${q}, ${r}) ${words(t)}${dw ? `, ${words(dw.kind)}${dw.name ? ` ${dw.name}` : ""}` : ""}`;
  }

  private hexNode(key: string): SVGElement {
    const hx = parseHexKey(key);
    const pts = hexCorners(hx, SIZE).map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
    const t = this.map!.terrain.get(key) ?? "unknown";
    return s("polygon", { points: pts, class: `hex t-${t}${key === this.selectedKey ? " selected" : ""}`, "data-hex": key },
      s("title", {}, this.hexTitle(key)));
  }

  private dwellingNode(d: Dwelling): SVGElement {
    const p = hexToPixel(d.hex, SIZE);
    return s("g", {}, s("rect", { class: `dwelling d-${d.kind}`, x: p.x - 6, y: p.y - SIZE * 0.75, width: 12, height: 9 }),
      s("text", { class: "dwelling-name", x: p.x, y: p.y + SIZE * 0.8 }, d.name ?? words(d.kind)));
  }

  private forceTitle(f: MapForce): string {
    const t = this.map?.terrain.get(hexKey(f.hex));
    return `${f.title} — at (${f.hex[0]}, ${f.hex[1]}) ${t === undefined ? "off the map" : words(t)}`;
  }

  // A counter: the frame with its glyph, the short name above, the strength below; its
  // title says who, how strong, as of when, and the hex it stands in.
  private forceNode(f: MapForce): SVGElement {
    const p = hexToPixel(f.hex, SIZE);
    const frame = frameOf(f.kind);
    const half = HALF_HEIGHT[frame];
    return s("g", { class: `force f-${f.kind}${f.stale ? " stale" : ""}${f.inContact ? " in-contact" : ""}`, "data-force": f.id, transform: `translate(${p.x},${p.y})` },
      s("title", {}, this.forceTitle(f)),
      f.inContact ? s("circle", { class: "contact-ring", r: SIZE * 0.85 }) : null,
      counter(frame),
      f.arm ? glyph(f.arm, frame) : null,
      s("text", { class: "name", y: -half - 3 }, f.label),
      f.strength ? s("text", { class: "strength", y: half + 10 }, f.strength) : null);
  }

  // The path being plotted, with each step's points, and the scout's target: a few nodes,
  // drawn whole.
  private pathNodes(data: MapData): SVGElement[] {
    const out: SVGElement[] = [];
    if (data.pathStart && data.path.length) {
      const hexes = [data.pathStart, ...data.path.map((m) => m.hex)];
      out.push(s("polyline", { class: "path-line", points: hexes.map((hx) => { const p = hexToPixel(hx, SIZE); return `${p.x},${p.y}`; }).join(" ") }));
      for (const m of data.path) {
        const p = hexToPixel(m.hex, SIZE);
        out.push(s("g", { class: m.reached ? "step" : "step unreached" },
          s("circle", { cx: p.x, cy: p.y + SIZE * 0.45, r: 9 }),
          s("text", { x: p.x, y: p.y + SIZE * 0.45 + 3.5 }, m.text)));
      }
    }
    if (data.scout) {
      const p = hexToPixel(data.scout, SIZE);
      out.push(s("circle", { class: "scout-target", cx: p.x, cy: p.y, r: SIZE * 0.7 }));
    }
    return out;
  }

  // Hovering a hex or a counter shows its title in the corner (touch and a quick look, where
  // the browser's own tooltip is slow or absent).
  private over(e: PointerEvent): void {
    const target = (e.target as Element).closest("[data-force],[data-hex]");
    if (!target && !this.detail) return this.readAt(e);
    this.show(target?.querySelector(":scope > title")?.textContent ?? "");
  }

  // In the overview, the hex under the pointer by its coordinates: the counter there, or the hex.
  private readAt(e: { clientX: number; clientY: number }): void {
    const key = this.hexAt(e);
    const f = key ? this.forcesAt.get(key) : undefined;
    this.show(f ? this.forceTitle(f) : key ? this.hexTitle(key) : "");
  }

  private show(text: string): void {
    if (this.readout.textContent !== text) this.readout.textContent = text;
    this.readout.hidden = text === "";
  }

  // The map hex under a point of the screen, if any.
  private hexAt(e: { clientX: number; clientY: number }): string | null {
    const key = hexKey(pixelToHex(this.toMap(e), SIZE));
    return this.map?.terrain.has(key) ? key : null;
  }

  // Only when it changed: setting the same view box again lays the whole map out again.
  private setViewBox(): void {
    if (this.shifted) {
      this.shifted = false;
      this.svg.style.transform = "";
      this.element.classList.remove("dragging");
    }
    const box = `${this.box.x} ${this.box.y} ${this.box.w} ${this.box.h}`;
    if (this.svg.getAttribute("viewBox") === box) return;
    this.svg.setAttribute("viewBox", box);
    this.drawnBox = { ...this.box };
  }

  // A drag moves the drawing as it is (a CSS transform: the compositor's work, no layout or
  // paint of what is there); past the margin drawn beyond the view, the strips that came into
  // view are added and those that left removed, and the view box follows when the drag ends.
  private drag(): void {
    const d = this.drawnBox;
    if (!d || d.w !== this.box.w || d.h !== this.box.h || !(this.size.w > 0)) return this.apply();
    this.sync();
    const perUnit = 1 / this.unitsPerPixel();
    const t = `translate(${(d.x - this.box.x) * perUnit}px, ${(d.y - this.box.y) * perUnit}px)`;
    this.svg.style.transform = t;
    if (!this.shifted) this.element.classList.add("dragging");  // the margin drawn beyond the view shows
    this.shifted = true;
  }

  private apply(): void {
    this.setViewBox();
    this.sync();
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
    const r = this.svg.getBoundingClientRect();  // moved with a drag under way, as the drawn view box
    const v = visibleRect(this.shifted && this.drawnBox ? this.drawnBox : this.box, r.width, r.height);
    const scale = r.width > 0 ? v.w / r.width : 1;
    return { x: v.x + (e.clientX - r.left) * scale, y: v.y + (e.clientY - r.top) * scale };
  }

  // Map units per pixel, from the element's size as last laid out (no layout forced while
  // dragging).
  private unitsPerPixel(): number {
    if (!(this.size.w > 0 && this.size.h > 0)) {
      const r = this.svg.getBoundingClientRect();
      this.size = { w: r.width, h: r.height };
    }
    return this.size.w > 0 ? Math.max(this.box.w / this.size.w, this.box.h / this.size.h) : 1;
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
    if (!prev) {
      if (!this.detail) this.readAt(e);  // hovering the overview
      return;
    }
    if (this.pointers.size === 1) {
      const dx = e.clientX - prev.x;
      const dy = e.clientY - prev.y;
      if (!this.dragged && Math.hypot(dx, dy) < 5) return;
      if (!this.dragged) { try { this.svg.setPointerCapture(e.pointerId); } catch { /* a pointer already gone */ } }
      this.dragged = true;
      const scale = this.unitsPerPixel();
      this.box.x -= dx * scale;
      this.box.y -= dy * scale;
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      this.drag();
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
    if (this.shifted) this.apply();
    if (this.pointers.size < 2) this.pinch = 0;
    if (wasDrag || e.type === "pointercancel") return;
    // A hex, or a counter, or (the overview) the map: the hex under the pointer.
    const key = (e.target as Element).closest("[data-hex]")?.getAttribute("data-hex") ?? this.hexAt(e);
    if (key) this.onHex(parseHexKey(key));
  }
}

// Keeps in `layer` exactly the nodes of the keys `wanted`, making those it lacks; the nodes that
// stay are not touched.
function syncNodes<K>(layer: SVGElement, nodes: Map<K, SVGElement>, wanted: K[], make: (k: K) => SVGElement): void {
  const keep = new Set(wanted);
  for (const [k, el] of nodes) if (!keep.has(k)) { el.remove(); nodes.delete(k); }
  const added: SVGElement[] = [];
  for (const k of wanted) if (!nodes.has(k)) { const el = make(k); nodes.set(k, el); added.push(el); }
  if (added.length) layer.append(...added);
}

// The overview: one path per terrain (every hex of it), one for the dwellings.
function overviewNodes(map: MapModel): SVGElement[] {
  const corners = hexCorners([0, 0], SIZE);
  let outline = "";
  for (let i = 1; i < 6; i++) outline += `l${(corners[i].x - corners[i - 1].x).toFixed(2)},${(corners[i].y - corners[i - 1].y).toFixed(2)}`;
  outline += "z";
  const byTerrain = new Map<string, string[]>();
  for (const hx of map.hexes) {
    const t = map.terrain.get(hexKey(hx)) ?? "unknown";
    const p = hexToPixel(hx, SIZE);
    let list = byTerrain.get(t);
    if (!list) byTerrain.set(t, list = []);
    list.push(`M${(p.x + corners[0].x).toFixed(1)},${(p.y + corners[0].y).toFixed(1)}${outline}`);
  }
  const out = [...byTerrain].map(([t, d]) => s("path", { class: `overview-terrain t-${t}`, d: d.join("") }));
  const dw = [...map.dwellings.values()].map((d) => { const p = hexToPixel(d.hex, SIZE); return `M${p.x - 9},${p.y - 9}h18v18h-18z`; }).join("");
  if (dw) out.push(s("path", { class: "dwelling", d: dw }));
  return out;
}

// The counters in the overview: one path of frames per kind (old sightings hollow), and the
// contact rings.
function markNodes(forces: MapForce[]): SVGElement[] {
  const byClass = new Map<string, string[]>();
  const rings: SVGElement[] = [];
  for (const f of forces) {
    const p = hexToPixel(f.hex, SIZE);
    const cls = `mark f-${f.kind}${f.stale ? " stale" : ""}`;
    let list = byClass.get(cls);
    if (!list) byClass.set(cls, list = []);
    list.push(frameOf(f.kind) === "diamond" ? `M${p.x},${p.y - 17}l24,17l-24,17l-24,-17z` : `M${p.x - 17},${p.y - 11}h34v22h-34z`);
    if (f.inContact) rings.push(s("circle", { class: "contact-ring", cx: p.x, cy: p.y, r: SIZE * 0.85 }));
  }
  return [...[...byClass].map(([cls, d]) => s("path", { class: cls, d: d.join("") })), ...rings];
}
