/** Words that mark placeholder ids in opaque (alphanumeric) ids. */
const PLACEHOLDER_WORDS = /test|demo|fake|dummy|sample|example|placeholder|mock|asdf|qwerty|foobar|lorem|xxxx/i

/** Shorter ids are left alone: low ids (12, 583) are real early accounts on several platforms. */
const MIN_LENGTH = 6

/** True when `id` is made of its first `period` characters repeated (e.g. 121212, abcabc). */
function repeats(id: string, period: number): boolean {
  if (id.length < Math.max(period * 3, MIN_LENGTH)) return false
  for (let i = period; i < id.length; i++) if (id[i] !== id[i % period]) return false
  return true
}

/** Length of the longest stretch of `id` that counts along `alphabet` (cyclic), e.g. 8 for x12345678y. */
function longestRun(id: string, alphabet: string): number {
  const lower = id.toLowerCase()
  let best = 0
  let run = 0
  for (let i = 0; i < lower.length; i++) {
    const at = alphabet.indexOf(lower[i] ?? '')
    const prev = i > 0 ? alphabet.indexOf(lower[i - 1] ?? '') : -1
    run = at >= 0 && prev >= 0 && at === (prev + 1) % alphabet.length ? run + 1 : at >= 0 ? 1 : 0
    best = Math.max(best, run)
  }
  return best
}

/** True when the whole id counts along `alphabet` (at least MIN_LENGTH long) or holds a run of 8+. */
function isRun(id: string, alphabet: string): boolean {
  const run = longestRun(id, alphabet)
  return (run === id.length && run >= MIN_LENGTH) || run >= 8
}

/**
 * Obvious test ids that no platform hands out: one repeated character (111111…), short repeated
 * patterns (121212…, 123123…), counting runs up or down (123456789…, 987654321…, abcdef…), a digit
 * followed only by zeros or nines (100000…, 199999…), and placeholder words in opaque ids (test, demo,
 * fake, example, …).
 */
export function looksLikeTestId(id: string): boolean {
  for (let period = 1; period <= 4; period++) if (repeats(id, period)) return true
  if (isRun(id, '0123456789') || isRun(id, '9876543210')) return true
  if (isRun(id, 'abcdefghijklmnopqrstuvwxyz') || isRun(id, 'zyxwvutsrqponmlkjihgfedcba')) return true
  if (/^\d(0+|9+)$/.test(id) && id.length >= MIN_LENGTH) return true
  return /[a-z]/i.test(id) && PLACEHOLDER_WORDS.test(id)
}
