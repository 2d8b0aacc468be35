import { analyticsMath } from './analytics-math'

/**
 * Current and previous values per key as `{ key, value, previous, growthPct }` items, highest growth
 * first (null growth, i.e. nothing before, after every number), then by value, then key; at most `limit`.
 */
export function trendItems(
  current: ReadonlyMap<string, number>,
  previous: ReadonlyMap<string, number>,
  limit: number,
): Array<{ key: string; value: number; previous: number; growthPct: number | null }> {
  const keys = new Set([...current.keys(), ...previous.keys()])
  const rank = (g: number | null) => g ?? Number.NEGATIVE_INFINITY
  return [...keys]
    .map((key) => {
      const value = current.get(key) ?? 0
      const before = previous.get(key) ?? 0
      return { key, value, previous: before, growthPct: analyticsMath.growthPct(value, before) }
    })
    .sort((x, y) => {
      const d = rank(y.growthPct) - rank(x.growthPct)
      return (Number.isNaN(d) ? 0 : d) || y.value - x.value || x.key.localeCompare(y.key)
    })
    .slice(0, limit)
}

/** Σ of `value(item)` per `key(item)`. */
export function sumBy<T>(items: readonly T[], key: (t: T) => string, value: (t: T) => number): Map<string, number> {
  const out = new Map<string, number>()
  for (const t of items) out.set(key(t), (out.get(key(t)) ?? 0) + value(t))
  return out
}
