/** The arithmetic every analytics tool shares (agent-api.md "Units", "Periods"). */
export const analyticsMath = {
  /** Rounded to 2 decimals. */
  round2: (v: number) => Math.round(v * 100) / 100,
  /** part / whole × 100 to 2 dp; 0 when whole is 0. */
  percent: (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100),
  /** (cur − prev) / prev × 100 to 2 dp; null when prev is 0. */
  growthPct: (cur: number, prev: number) => (prev === 0 ? null : Math.round(((cur - prev) / prev) * 10_000) / 100),
}
