// Axial hex coordinates [q, r] (R-1.1; docs/scenario-format.md "Coordinates"), drawn pointy-top
// so that the scenario's rows read as rows on screen.
export type Hex = [number, number];

export const NEIGHBOUR_STEPS: readonly Hex[] = [
  [1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1],
];

export function hexKey(h: Hex): string {
  return `${h[0]},${h[1]}`;
}

export function parseHexKey(key: string): Hex {
  const [q, r] = key.split(",").map(Number);
  return [q, r];
}

export function sameHex(a: Hex, b: Hex): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

export function neighbours(h: Hex): Hex[] {
  return NEIGHBOUR_STEPS.map(([dq, dr]) => [h[0] + dq, h[1] + dr] as Hex);
}

export function hexDistance(a: Hex, b: Hex): number {
  const dq = a[0] - b[0];
  const dr = a[1] - b[1];
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export function adjacent(a: Hex, b: Hex): boolean {
  return hexDistance(a, b) === 1;
}

// A key for the side between two hexes, the same whichever way round they are given.
export function edgeKey(a: Hex, b: Hex): string {
  const ka = hexKey(a);
  const kb = hexKey(b);
  return ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
}

export interface Point { x: number; y: number; }

const SQRT3 = Math.sqrt(3);

export function hexToPixel(h: Hex, size: number): Point {
  return { x: size * SQRT3 * (h[0] + h[1] / 2), y: size * 1.5 * h[1] };
}

export function hexCorners(h: Hex, size: number): Point[] {
  const c = hexToPixel(h, size);
  const out: Point[] = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    out.push({ x: c.x + size * Math.cos(angle), y: c.y + size * Math.sin(angle) });
  }
  return out;
}

// The two corners shared by adjacent hexes a and b: where a river on that side is drawn.
export function sharedEdge(a: Hex, b: Hex, size: number): [Point, Point] {
  const ca = hexCorners(a, size);
  const cb = hexCorners(b, size);
  const close = (p: Point, q: Point) => Math.abs(p.x - q.x) < 1e-6 && Math.abs(p.y - q.y) < 1e-6;
  const shared = ca.filter((p) => cb.some((q) => close(p, q)));
  if (shared.length !== 2) throw new Error(`hexes ${hexKey(a)} and ${hexKey(b)} are not adjacent`);
  return [shared[0], shared[1]];
}

// The hex a point of the drawing lies in (the inverse of hexToPixel, rounded to the nearest hex
// in cube coordinates): where a click or the pointer is, without asking the DOM.
export function pixelToHex(p: Point, size: number): Hex {
  const fq = (SQRT3 / 3 * p.x - p.y / 3) / size;
  const fr = (2 / 3 * p.y) / size;
  const fs = -fq - fr;
  let q = Math.round(fq);
  let r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return [q + 0, r + 0];  // no -0
}
