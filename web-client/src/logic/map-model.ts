// The campaign map as the view gives it (scenario format `map`), indexed for lookups.
import { Hex, hexKey, edgeKey } from "./hex.js";

export interface MapJson {
  legend: Record<string, string>;
  rows: { r: number; q: number; terrain: string }[];
  roads?: Hex[][];
  tracks?: Hex[][];
  rivers?: [Hex, Hex][];
  dwellings?: { hex: Hex; kind: string; name?: string }[];
}

export interface Dwelling { hex: Hex; kind: string; name?: string; }

export interface MapModel {
  terrain: Map<string, string>;   // hex key -> terrain name
  hexes: Hex[];
  roads: Set<string>;             // edge keys
  tracks: Set<string>;
  rivers: Set<string>;
  roadLines: Hex[][];
  trackLines: Hex[][];
  riverSides: [Hex, Hex][];
  dwellings: Map<string, Dwelling>;
}

function linesToEdges(lines: Hex[][] | undefined, into: Set<string>): void {
  for (const line of lines ?? [])
    for (let i = 1; i < line.length; i++) into.add(edgeKey(line[i - 1], line[i]));
}

export function buildMap(json: MapJson): MapModel {
  const terrain = new Map<string, string>();
  const hexes: Hex[] = [];
  for (const row of json.rows) {
    [...row.terrain].forEach((ch, i) => {
      if (ch === ".") return;
      const h: Hex = [row.q + i, row.r];
      terrain.set(hexKey(h), json.legend[ch] ?? "unknown");
      hexes.push(h);
    });
  }
  const roads = new Set<string>();
  const tracks = new Set<string>();
  const rivers = new Set<string>();
  linesToEdges(json.roads, roads);
  linesToEdges(json.tracks, tracks);
  for (const [a, b] of json.rivers ?? []) rivers.add(edgeKey(a, b));
  const dwellings = new Map<string, Dwelling>();
  for (const d of json.dwellings ?? []) dwellings.set(hexKey(d.hex), d);
  return {
    terrain, hexes, roads, tracks, rivers, dwellings,
    roadLines: json.roads ?? [], trackLines: json.tracks ?? [], riverSides: json.rivers ?? [],
  };
}

export function terrainAt(map: MapModel, h: Hex): string | undefined {
  return map.terrain.get(hexKey(h));
}
