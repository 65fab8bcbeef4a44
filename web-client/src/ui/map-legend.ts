// The map's key: a swatch for each terrain the map has, and the lines and marks drawn on it.
import { MapModel } from "../logic/map-model.js";
import { h, s } from "./dom.js";

const swatch = (cls: string, shape: "hex" | "line" | "mark") => s("svg", { class: "swatch", width: 22, height: 16, viewBox: "0 0 22 16", "aria-hidden": "true" },
  shape === "hex" ? s("polygon", { class: `hex ${cls}`, points: "6,1 16,1 21,8 16,15 6,15 1,8" })
    : shape === "line" ? s("line", { class: cls, x1: 1, y1: 8, x2: 21, y2: 8 })
    : s("rect", { class: cls, x: 5, y: 3, width: 12, height: 9 }));

export function mapLegend(map: MapModel): HTMLElement {
  const terrains = [...new Set(map.terrain.values())].sort();
  const item = (svg: SVGElement, text: string) => h("li", {}, svg, ` ${text}`);
  return h("section", { class: "map-legend", "aria-labelledby": "legend-h" },
    h("h2", { id: "legend-h" }, "Map key"),
    h("ul", {},
      terrains.map((t) => item(swatch(`t-${t}`, "hex"), t.replace(/_/g, " "))),
      map.roadLines.length ? item(swatch("road", "line"), "road") : null,
      map.trackLines.length ? item(swatch("track", "line"), "track") : null,
      map.riverSides.length ? item(swatch("river", "line"), "river (on hex sides)") : null,
      map.dwellings.size ? item(swatch("dwelling", "mark"), "dwelling") : null));
}
