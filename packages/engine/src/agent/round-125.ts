/**
 * `v` rounded to the nearest of 1, 2 and 5 × 10ⁿ (the lower one on a tie; at least 1): 37 → 50,
 * 120 → 100, 150 → 100, 160 → 200, 3.4 → 5 (agent-api.md #45).
 */
export function round125(v: number): number {
  if (!(v > 1)) return 1
  const scale = 10 ** Math.floor(Math.log10(v))
  const candidates = [1, 2, 5, 10].map((m) => m * scale)
  return candidates.reduce((best, c) => (Math.abs(c - v) < Math.abs(best - v) ? c : best))
}
