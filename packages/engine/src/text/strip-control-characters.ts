// C0 and C1 control characters, DEL, and the Unicode bidi/zero-width formatting controls that can be
// used to disguise text. Tab, newline and carriage return are control characters too: gone as well.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g

/**
 * Removes control characters from every string in a JSON-like value (object keys included), leaving
 * the structure alone. Input that is not plain JSON data is returned as it is.
 */
export function stripControlCharacters<T>(value: T): T {
  return strip(value, 0) as T
}

function strip(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replace(CONTROL, '')
  if (depth > 32 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((v) => strip(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) out[k.replace(CONTROL, '')] = strip(v, depth + 1)
  return out
}
