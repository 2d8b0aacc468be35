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

/** True when `id` is a run of consecutive characters of `alphabet` (cyclic), e.g. 1234567890123. */
function isRun(id: string, alphabet: string): boolean {
  const lower = id.toLowerCase()
  const start = alphabet.indexOf(lower[0] ?? '')
  if (start < 0 || lower.length < MIN_LENGTH) return false
  for (let i = 1; i < lower.length; i++) {
    if (lower[i] !== alphabet[(start + i) % alphabet.length]) return false
  }
  return true
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
