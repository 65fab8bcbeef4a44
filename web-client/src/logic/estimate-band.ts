// The band a size estimate's true figure lies in. The engine makes an estimate
// of accuracy p% as true × (1 + e) with an error e between −p and +p, so the true size is
// estimate ÷ (1 + e): from estimate ÷ (1 + p) to estimate ÷ (1 − p). (Not estimate × (1 ± p):
// an estimate of 24 at ±25% means 19 to 32 figures, not 18 to 30; issue 28, defect 2.)

export interface EstimateBand {
  low: number;
  high: number | null; // null: no upper bound (p ≥ 100%, the estimate may be any fraction of it)
}

// n ÷ d rounded half up to a whole number (n ≥ 0, d > 0). Whole inputs are divided exactly, so
// that a half is a half (10 × 100 ÷ 80 = 12.5 → 13) and never 15.4999… from floating point.
function divideHalfUp(n: number, d: number): number {
  if (Number.isInteger(n) && Number.isInteger(d)) return Math.floor((2 * n + d) / (2 * d));
  return Math.floor(n / d + 0.5);
}

// The band of an estimate with accuracy `accuracyPercent`, each end rounded half up to whole
// figures (as the engine rounds the estimate itself). An accuracy of 0 (or none) is the estimate
// alone; a negative estimate counts as 0.
export function estimateBand(estimate: number, accuracyPercent: number): EstimateBand {
  const e = Math.max(0, estimate);
  const p = Number.isFinite(accuracyPercent) ? Math.max(0, accuracyPercent) : 0;
  // Percent arithmetic: e ÷ (1 ± p/100) = e × 100 ÷ (100 ± p).
  const low = divideHalfUp(e * 100, 100 + p);
  const high = p >= 100 ? null : divideHalfUp(e * 100, 100 - p);
  return { low, high };
}

// "19–32", or "12 or more" when the band has no upper bound.
export function bandText(band: EstimateBand): string {
  return band.high === null ? `${band.low} or more` : `${band.low}–${band.high}`;
}
