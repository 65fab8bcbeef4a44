// What part of the map is on screen (issue 31, "Weight and scale"): the map view keeps in the
// DOM only the hexes and counters inside the visible part of the view box plus a margin, and
// draws a whole large map zoomed out as an overview (one shape per terrain) instead of one
// polygon per hex. Pure functions of the view box and the element's size, unit-tested.
import { Hex, Point } from "./hex.js";

export interface Rect { x: number; y: number; w: number; h: number; }

const SQRT3 = Math.sqrt(3);

// The part of the map the element shows: the view box grown along one axis to the element's
// proportions (SVG's default preserveAspectRatio, "xMidYMid meet"). An element not laid out
// (hidden, not yet in the page) shows the view box.
export function visibleRect(box: Rect, width: number, height: number): Rect {
  if (!(width > 0 && height > 0) || !(box.w > 0 && box.h > 0)) return { ...box };
  const scale = Math.max(box.w / width, box.h / height);  // map units per pixel
  const w = width * scale;
  const h = height * scale;
  return { x: box.x - (w - box.w) / 2, y: box.y - (h - box.h) / 2, w, h };
}

// A rectangle grown by `fraction` of its width and height on every side.
export function grow(r: Rect, fraction: number): Rect {
  return { x: r.x - r.w * fraction, y: r.y - r.h * fraction, w: r.w * (1 + 2 * fraction), h: r.h * (1 + 2 * fraction) };
}

export function containsRect(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;
}

export function containsPoint(r: Rect, p: Point, pad = 0): boolean {
  return p.x >= r.x - pad && p.x <= r.x + r.w + pad && p.y >= r.y - pad && p.y <= r.y + r.h + pad;
}

// Every hex (pointy-top, axial, `size` the centre-to-corner distance as hex.ts draws them) any
// part of which may lie in `r`: the hexes whose centre is within `size` of it, row by row.
// Candidates: the caller keeps those on the map.
export function hexesInRect(r: Rect, size: number): Hex[] {
  const out: Hex[] = [];
  const rowMin = Math.ceil((r.y - size) / (1.5 * size));
  const rowMax = Math.floor((r.y + r.h + size) / (1.5 * size));
  const width = size * SQRT3;
  for (let row = rowMin; row <= rowMax; row++) {
    const qMin = Math.ceil((r.x - size) / width - row / 2);
    const qMax = Math.floor((r.x + r.w + size) / width - row / 2);
    for (let q = qMin; q <= qMax; q++) out.push([q, row]);
  }
  return out;
}

// How many hexes of `size` a rectangle holds, roughly (its area over a hex's).
export function hexesAcross(r: Rect, size: number): number {
  return (r.w * r.h) / (1.5 * SQRT3 * size * size);
}

// Below this many pixels across a hex, or above this many hexes on screen, the map is drawn as
// an overview: names, strengths and glyphs could not be read, and one polygon, title and
// counter per hex would make every frame slow.
export const OVERVIEW_HEX_PX = 14;
export const OVERVIEW_HEXES = 2500;

// Whether the map is drawn hex by hex (true) or as an overview, for a visible rectangle shown
// `pixelsPerUnit` pixels to a map unit.
export function detailed(visible: Rect, pixelsPerUnit: number, size: number): boolean {
  return size * SQRT3 * pixelsPerUnit >= OVERVIEW_HEX_PX && hexesAcross(visible, size) <= OVERVIEW_HEXES;
}

// The view a large map opens at: `across` hexes wide around `centre`, in the proportions of
// the element (or 4:3 before it is laid out); the whole map when it is not much larger.
export function openingBox(full: Rect, centre: Point, size: number, across: number, width: number, height: number): Rect {
  const w = across * size * SQRT3;
  if (full.w <= w * 1.5 && full.h <= w * 1.5) return { ...full };
  const aspect = width > 0 && height > 0 ? height / width : 0.75;
  const h = w * aspect;
  return { x: centre.x - w / 2, y: centre.y - h / 2, w, h };
}
