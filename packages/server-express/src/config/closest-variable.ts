/** Edit distance (insertions, deletions, substitutions) between two strings. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      row[j] = Math.min((row[j - 1] as number) + 1, (previous[j] as number) + 1, (previous[j - 1] as number) + cost)
    }
    previous = row
  }
  return previous[b.length] as number
}

const bare = (name: string) => name.replace(/^LOYALTYKIT_/, '')

/**
 * The known variable closest to `name` (a likely typo): by edit distance, comparing names with and
 * without the `LOYALTYKIT_` prefix, so `LOYALTYKIT_DATABASE_URL` suggests `DATABASE_URL`.
 */
export function closestVariable(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; score: number } | undefined
  for (const candidate of known) {
    const score = Math.min(distance(name, candidate), distance(bare(name), bare(candidate)))
    if (best === undefined || score < best.score) best = { name: candidate, score }
  }
  return best?.name
}
