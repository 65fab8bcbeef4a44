// The map's key: a swatch for each terrain the map has, the lines and marks drawn on it, and the
// counters: their frames (friend and foe), the arm glyphs and the strength under them.
import { MapModel } from "../logic/map-model.js";
import { Arm } from "../logic/counter.js";
import { h, s } from "./dom.js";
import { words } from "../logic/words.js";
import { MapForce, counter, frameOf, glyph } from "./map-view.js";

const swatch = (cls: string, shape: "hex" | "line" | "mark") => s("svg", { class: "swatch", width: 22, height: 16, viewBox: "0 0 22 16", "aria-hidden": "true" },
  shape === "hex" ? s("polygon", { class: `hex ${cls}`, points: "6,1 16,1 21,8 16,15 6,15 1,8" })
    : shape === "line" ? s("line", { class: cls, x1: 1, y1: 8, x2: 21, y2: 8 })
    : s("rect", { class: cls, x: 5, y: 3, width: 12, height: 9 }));

// A counter as on the map, without its labels.
const counterSwatch = (kind: MapForce["kind"], arm: Arm | null = null, stale = false) =>
  s("svg", { class: "swatch", width: 30, height: 22, viewBox: "-26 -19 52 38", "aria-hidden": "true" },
    s("g", { class: `force f-${kind}${stale ? " stale" : ""}` }, counter(frameOf(kind)), arm ? glyph(arm, frameOf(kind)) : null));

export interface LegendForces {
  role: "player" | "gm" | "observer";
  arms: Arm[];   // the arms the campaign's ruleset has
}

export function mapLegend(map: MapModel, forces?: LegendForces): HTMLElement {
  const terrains = [...new Set(map.terrain.values())].sort();
  const item = (svg: SVGElement | null, text: string) => h("li", {}, svg, svg ? ` ${text}` : text);
  const player = forces?.role === "player";
  return h("section", { class: "map-legend", "aria-labelledby": "legend-h" },
    h("h2", { id: "legend-h" }, "Map key"),
    h("ul", {},
      terrains.map((t) => item(swatch(`t-${t}`, "hex"), words(t))),
      map.roadLines.length ? item(swatch("road", "line"), "road") : null,
      map.trackLines.length ? item(swatch("track", "line"), "track") : null,
      map.riverSides.length ? item(swatch("river", "line"), "river (on hex sides)") : null,
      map.dwellings.size ? item(swatch("dwelling", "mark"), "dwelling") : null),
    forces ? h("ul", { class: "legend-counters" },
      player ? [
        item(counterSwatch("own"), "your force"),
        item(counterSwatch("ally"), "ally"),
        item(counterSwatch("enemy"), "enemy"),
        item(counterSwatch("enemy", null, true), "enemy, old sighting"),
      ] : [item(counterSwatch("side-a"), "first side"), item(counterSwatch("side-b"), "second side")],
      forces.arms.map((a) => item(counterSwatch(player ? "own" : "side-a", a), a)),
      item(null, player
        ? "Under a counter its strength in figures: yours exact; an enemy's estimate as its band (19–32, the true size lies in it), ~24 with no band; ? not known. No mark inside: mixed arms or not known."
        : "Under a counter its strength in figures. No mark inside: mixed arms.")) : null);
}
