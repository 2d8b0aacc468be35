export type LatencySummary = { p50: number; p90: number; p95: number; p99: number; max: number }

/**
 * Percentiles of latencies in milliseconds (nearest rank: the value below which p % of the samples
 * fall). Sorts `latencies` in place; all zero when there is none.
 */
export function latencySummary(latencies: number[]): LatencySummary {
  latencies.sort((a, b) => a - b)
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0
  return { p50: at(50), p90: at(90), p95: at(95), p99: at(99), max: latencies.at(-1) ?? 0 }
}
