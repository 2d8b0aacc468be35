import fc from 'fast-check'

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

/** A JSON fragment written as raw text (numbers JSON cannot round-trip, nesting too deep to build). */
export type RawJson = { raw: string }
const isRawJson = (v: unknown): v is RawJson =>
  typeof v === 'object' && v !== null && typeof (v as RawJson).raw === 'string' && Object.keys(v).length === 1

/** Numbers at and past every edge: huge, negative, fractional, beyond float range (raw). */
export const hugeNumbers: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(-1, -0, 0.5, -1e20, 1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 64, -(2 ** 63)),
  fc.constantFrom<RawJson>({ raw: '1e400' }, { raw: '-1e400' }, { raw: '123456789012345678901234567890' }),
  fc.integer({ min: -(2 ** 31), max: -1 }),
  fc.double(),
)

/** Strings that look like numbers to a careless parser. */
export const nanLikeStrings = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '0x10',
  ' 12 ',
  '1_000',
  '12abc',
  '',
  'null',
  'undefined',
  'true',
)

/** Unicode and control characters: astral planes, lone surrogates, bidi overrides, NUL, ANSI escapes. */
export const unicodeStrings = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u001b[31mred\u001b[0m',
    '\r\n\r\nX-Injected: 1',
    '\uD800',
    '\uDFFF\uD800',
    '\u202Eevil\u202C',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🎉👩‍👩‍👧',
    'İıßﬀ',
    'e\u0301\u0301\u0301',
    '\uFEFF',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    `\${jndi:ldap://x}`,
    '%00%2e%2e%2f',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
)

/** Strings long enough to hit column limits, under the 10 KB body limit. */
export const longStrings = fc
  .constantFrom(256, 1025, 5000, 9000)
  .chain((n) => fc.constantFrom('a', 'é', '🎉', '\u0000').map((c) => c.repeat(Math.floor(n / c.length))))

/** Nesting deep enough to hurt a recursive walker (raw, under the body limit). */
export const deepNesting = fc.constantFrom<RawJson>(
  { raw: deepArray(10) },
  { raw: deepArray(1000) },
  { raw: deepArray(4000) },
  { raw: deepObject(1500) },
)

/** Keys that reach an object's prototype when merged carelessly (raw, so JSON keeps them). */
export const prototypeKeys = fc.constantFrom<RawJson>(
  { raw: '{"__proto__":{"polluted":"yes","isAdmin":true}}' },
  { raw: '{"constructor":{"prototype":{"polluted":"yes"}}}' },
  { raw: '{"__proto__":null}' },
  { raw: '{"prototype":{"polluted":"yes"},"toString":"x","hasOwnProperty":1,"valueOf":{}}' },
)

/** A value of a type a field does not expect (the schema decides which, the fuzzer tries them all). */
export const wrongTypes: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, 1, [], {}, [1, 2], { a: 1 }, '', 'x'),
  hugeNumbers,
  nanLikeStrings,
  fc.jsonValue({ maxDepth: 2 }),
)

/** Every hostile value the field mutations draw from. */
export const hostileValues: fc.Arbitrary<unknown> = fc.oneof(
  wrongTypes,
  hugeNumbers,
  nanLikeStrings,
  unicodeStrings,
  longStrings,
  deepNesting,
  prototypeKeys,
)

/** JSON with a value written raw where `isRawJson` (so `1e400` and 4,000-deep arrays survive). */
export function toJsonText(value: unknown): string {
  if (isRawJson(value)) return value.raw
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(',')}}`
  }
  if (value === undefined) return 'null'
  if (typeof value === 'bigint') return value.toString()
  return JSON.stringify(value) ?? 'null'
}
