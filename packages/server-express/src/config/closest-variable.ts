import { editDistance } from '../text/edit-distance'

const bare = (name: string) => name.replace(/^LOYALTYKIT_/, '')

/**
 * The known variable closest to `name` (a likely typo): by edit distance, comparing names with and
 * without the `LOYALTYKIT_` prefix, so `LOYALTYKIT_DATABASE_URL` suggests `DATABASE_URL`.
 */
export function closestVariable(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; score: number } | undefined
  for (const candidate of known) {
    const score = Math.min(editDistance(name, candidate), editDistance(bare(name), bare(candidate)))
    if (best === undefined || score < best.score) best = { name: candidate, score }
  }
  return best?.name
}
