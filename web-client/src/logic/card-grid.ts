// The 6 × 4 battlefield of terrain cards: which cells are free, and a placement answer
// {column, row, rotation}. The server refuses an illegal cell and places the card itself.
import { CardPlacementContext, PlacedCard } from "./events.generated.js";
import { words } from "./words.js";

export interface Placement { column: number; row: number; rotation: number; }

export const ROTATIONS = [0, 90, 180, 270] as const;

export function cardAt(placed: PlacedCard[], column: number, row: number): PlacedCard | undefined {
  return placed.find((p) => p.column === column && p.row === row);
}

export function placementProblem(context: CardPlacementContext, p: Placement): string | null {
  const { columns, rows } = context;
  if (p.column < 0 || p.column >= columns || p.row < 0 || p.row >= rows) return `cell (${p.column}, ${p.row}) is off the ${columns} × ${rows} grid`;
  if (!ROTATIONS.includes(p.rotation as 0)) return `rotation must be 0, 90, 180 or 270`;
  const other = cardAt(context.placed, p.column, p.row);
  if (other) return `cell (${p.column}, ${p.row}) already holds ${words(other.card)}`;
  return null;
}

export function rotate(rotation: number, clockwise = true): number {
  return (rotation + (clockwise ? 90 : 270)) % 360;
}

// Moves a cursor cell by a keyboard arrow, staying on the grid.
export function moveCell(context: CardPlacementContext, p: Placement, key: string): Placement {
  const { columns, rows } = context;
  const d: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const [dc, dr] = d[key] ?? [0, 0];
  return { ...p, column: Math.min(columns - 1, Math.max(0, p.column + dc)), row: Math.min(rows - 1, Math.max(0, p.row + dr)) };
}
