/**
 * The seed's deterministic randomness (mulberry32): the same arguments seed the same network, so
 * two runs of `pnpm seed:network` are comparable. `zipf(n)` picks 0…n−1 with weight 1/(i+1)^s: a few
 * popular brands, a long tail.
 */
export type SeedRandom = {
  /** Uniform in [0, 1). */
  next(): number
  /** Integer in [min, max]. */
  int(min: number, max: number): number
  /** One element of `items`. */
  pick<T>(items: readonly T[]): T
  /** 0…n−1, weight 1/(i+1)^s (s = 0.9 unless given). */
  zipf(n: number, s?: number): number
}

export function seedRandom(seed: number): SeedRandom {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const cumulative = new Map<string, Float64Array>()
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    zipf(n, s = 0.9) {
      const key = `${n}:${s}`
      let c = cumulative.get(key)
      if (!c) {
        c = new Float64Array(n)
        let sum = 0
        for (let i = 0; i < n; i++) {
          sum += 1 / (i + 1) ** s
          c[i] = sum
        }
        cumulative.set(key, c)
      }
      const target = next() * (c[n - 1] as number)
      let lo = 0
      let hi = n - 1
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if ((c[mid] as number) < target) lo = mid + 1
        else hi = mid
      }
      return lo
    },
  }
}
