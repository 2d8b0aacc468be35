/** `YYYY-MM-DD` of an epoch-ms instant, in UTC (the day gas usage is counted in). */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10)
}

/** Epoch ms of the next UTC midnight after `epochMs` (when daily budgets reset). */
export function nextUtcMidnight(epochMs: number): number {
  const d = new Date(epochMs)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)
}
