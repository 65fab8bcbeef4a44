// The smallest pieces of words every other text module builds on (no imports, so any module may
// use them): a code as words, a list, a count.

// A code as words: "no_legal_move" → "no legal move".
export const words = (code: unknown): string => String(code ?? "").replace(/_/g, " ");

// "a", "a and b", "a, b and c".
export function list(items: readonly unknown[]): string {
  const s = items.map(String);
  if (s.length <= 1) return s[0] ?? "none";
  return `${s.slice(0, -1).join(", ")} and ${s[s.length - 1]}`;
}

// "1 figure", "3 figures".
export const count = (n: unknown, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;
