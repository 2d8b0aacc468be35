import { z } from 'zod'

/**
 * What docs/configuration.md shows for a variable; stored as the schema's zod metadata by the
 * helpers below (`description` comes from `.describe()` in the section file).
 */
export type EnvValueMeta = {
  /** Type column, e.g. `integer 0–65535`, `duration (ms)`, `boolean`. */
  type: string
  /** Default column: the default value in backticks, or what an unset variable means. */
  default?: string
  /** Never echoed in error messages (and kept out of logs by the logger's field-name redaction). */
  secret?: boolean
  /** Meaning column. */
  description?: string
}

type DefaultOptions<T> = {
  /** Value when the variable is unset or empty. */
  default?: T
  /** Default column when there is no `default`: what unset means (e.g. `unset: the embedded dev chain`). */
  unset?: string
}

/** An env value's schema: `T` when it has a default, else `T | undefined`. */
type EnvValue<T, O> = z.ZodType<O extends { default: T } ? T : T | undefined, unknown>

type Spec<T> = DefaultOptions<T> & {
  type: string
  /** Reason shown after the variable's name: `PORT must be …`. */
  message: string
  /** The value, or undefined when `text` (trimmed, never empty) is not valid. */
  parse(text: string): T | undefined
  /** How the default is shown in the docs; default `String(value)`. */
  show?(value: T): string
}

/** Empty strings (`FOO=`) and blanks mean unset; values are trimmed. */
const blankIsUnset = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v)

function defineEnvValue<T, O extends DefaultOptions<T>>(spec: Spec<T> & O): EnvValue<T, O> {
  const parsed = z.string().transform((text, ctx) => {
    const value = spec.parse(text)
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message: spec.message })
      return z.NEVER
    }
    return value
  })
  const fallback = spec.default
  const schema = z.preprocess(
    blankIsUnset,
    fallback === undefined ? parsed.optional() : parsed.optional().transform((v) => v ?? fallback),
  )
  const shown =
    fallback !== undefined ? `\`${(spec.show ?? String)(fallback)}\`` : spec.unset ? `unset: ${spec.unset}` : undefined
  const meta: EnvValueMeta = { type: spec.type, ...(shown ? { default: shown } : {}) }
  return schema.meta(meta) as unknown as EnvValue<T, O>
}

const range = (min: number, max: number) => `${min}–${max}`

function integer<const O extends DefaultOptions<number> & { min: number; max: number; unit?: string }>(
  o: O,
): EnvValue<number, O> {
  const of = o.unit ? ` number of ${o.unit}` : ''
  return defineEnvValue({
    ...o,
    type: `integer${o.unit ? ` (${o.unit})` : ''}, ${range(o.min, o.max)}`,
    message: `must be an integer${of} between ${o.min} and ${o.max}`,
    parse: (t) => {
      if (!/^-?\d+$/.test(t)) return undefined
      const n = Number(t)
      return n >= o.min && n <= o.max ? n : undefined
    },
  })
}

function number<const O extends DefaultOptions<number> & { min: number; max: number }>(o: O): EnvValue<number, O> {
  return defineEnvValue({
    ...o,
    type: `number, ${range(o.min, o.max)}`,
    message: `must be a number between ${o.min} and ${o.max}`,
    parse: (t) => {
      if (!/^-?\d+(\.\d+)?$/.test(t)) return undefined
      const n = Number(t)
      return n >= o.min && n <= o.max ? n : undefined
    },
  })
}

const TRUE = new Set(['true', '1', 'yes'])
const FALSE = new Set(['false', '0', 'no'])

function boolean<const O extends DefaultOptions<boolean>>(o: O = {} as O): EnvValue<boolean, O> {
  return defineEnvValue({
    ...o,
    type: 'boolean',
    message: 'must be true or false',
    parse: (t) => (TRUE.has(t.toLowerCase()) ? true : FALSE.has(t.toLowerCase()) ? false : undefined),
  })
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** `30s` → 30000 (units ms, s, m, h, d; a bare number is in `bare`); undefined when not a duration. */
function parseDurationMs(text: string, bare: 'ms' | 's' = 'ms'): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(text.trim())
  if (!m) return undefined
  return Math.round(Number(m[1]) * (UNIT_MS[m[2] ?? bare] ?? 1))
}

/**
 * A duration in the variable's unit (`ms` or `s`, its name says which): a bare integer in that unit,
 * or a number with a unit (`500ms`, `30s`, `2m`, `1h`, `1d`). Bounds and default in that unit.
 */
function duration<const O extends DefaultOptions<number> & { unit: 'ms' | 's'; min: number; max: number }>(
  o: O,
): EnvValue<number, O> {
  const unitName = o.unit === 'ms' ? 'milliseconds' : 'seconds'
  return defineEnvValue({
    ...o,
    type: `duration (${o.unit}), ${range(o.min, o.max)}`,
    message: `must be an integer number of ${unitName} between ${o.min} and ${o.max}, or a duration such as 30s or 2m`,
    parse: (t) => {
      const ms = parseDurationMs(t, o.unit)
      if (ms === undefined) return undefined
      const value = o.unit === 'ms' ? ms : ms / 1000
      return Number.isInteger(value) && value >= o.min && value <= o.max ? value : undefined
    },
  })
}

/** A comma-separated list of durations (`30s,2m,1h`, bare numbers in ms), in milliseconds. */
function durationList<const O extends DefaultOptions<number[]> & { maxItems: number }>(o: O): EnvValue<number[], O> {
  return defineEnvValue({
    ...o,
    type: `list of durations (at most ${o.maxItems})`,
    message: `must be a comma-separated list of durations such as 30s,2m,1h (at most ${o.maxItems})`,
    show: (list) => list.map(formatDuration).join(','),
    parse: (t) => {
      const parts = t.split(',').map((p) => parseDurationMs(p))
      if (parts.length > o.maxItems || parts.some((p) => p === undefined)) return undefined
      return parts as number[]
    },
  })
}

function formatDuration(ms: number): string {
  for (const [unit, size] of [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1_000],
  ] as const) {
    if (ms >= size && ms % size === 0) return `${ms / size}${unit}`
  }
  return `${ms}ms`
}

function oneOf<const V extends readonly [string, ...string[]], const O extends DefaultOptions<V[number]>>(
  values: V,
  o: O = {} as O,
): EnvValue<V[number], O> {
  return defineEnvValue<V[number], O>({
    ...o,
    type: `one of ${values.map((v) => `\`${v}\``).join(', ')}`,
    message: `must be one of ${values.join(', ')}`,
    parse: (t) => values.find((v) => v === t),
  })
}

/** An absolute URL with one of `protocols`; trailing slashes are removed. */
function url<const O extends DefaultOptions<string> & { protocols: readonly string[] }>(o: O): EnvValue<string, O> {
  const names = o.protocols.map((p) => `${p}://`)
  return defineEnvValue({
    ...o,
    type: `URL (${names.join(', ')})`,
    message: `must be an ${names.join(' or ')} URL`,
    parse: (t) =>
      URL.canParse(t) && o.protocols.includes(new URL(t).protocol.slice(0, -1)) ? t.replace(/\/+$/, '') : undefined,
  })
}

/** A comma-separated list; each item parsed by `item` (undefined = invalid). Empty items are skipped. */
function list<T, const O extends DefaultOptions<T[]>>(
  o: O & { of: string; item(text: string): T | undefined },
): EnvValue<T[], O> {
  return defineEnvValue<T[], O>({
    ...o,
    type: `list of ${o.of}`,
    message: `must be a comma-separated list of ${o.of}`,
    show: (items) => items.join(','),
    parse: (t) => {
      const items = t
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .map((s) => o.item(s))
      return items.some((i) => i === undefined) ? undefined : (items as T[])
    },
  })
}

/** `https://app.example.com` (an http(s) origin, no path) → its normalized origin. */
function origin(text: string): string | undefined {
  if (!URL.canParse(text)) return undefined
  const u = new URL(text)
  return /^https?:$/.test(u.protocol) && u.origin === text.replace(/\/$/, '') ? u.origin : undefined
}

/** A comma-separated list of http(s) origins like `https://app.example.com`. */
function origins<const O extends DefaultOptions<string[]>>(o: O = {} as O) {
  return list<string, O>({ ...o, of: 'origins like https://app.example.com', item: origin })
}

/** Free text, optionally matching `pattern` (then `message` explains it). */
function string<const O extends DefaultOptions<string> & { type?: string; pattern?: RegExp; message?: string }>(
  o: O = {} as O,
): EnvValue<string, O> {
  return defineEnvValue({
    ...o,
    type: o.type ?? 'string',
    message: o.message ?? 'must not be empty',
    parse: (t) => (o.pattern && !o.pattern.test(t) ? undefined : t),
  })
}

/** Any text → a value by `parse` (undefined = invalid, then `message`); for formats of one variable. */
function custom<T, const O extends DefaultOptions<T>>(o: O & Omit<Spec<T>, keyof DefaultOptions<T>>): EnvValue<T, O> {
  return defineEnvValue<T, O>(o)
}

/** `0x` + 64 hex characters, always secret. */
function privateKey<const O extends DefaultOptions<`0x${string}`>>(o: O = {} as O) {
  return secret(
    defineEnvValue<`0x${string}`, O>({
      ...o,
      type: '0x private key',
      message: 'must be a 0x-prefixed 32-byte hex private key',
      parse: (t) => (/^0x[0-9a-fA-F]{64}$/.test(t) ? (t as `0x${string}`) : undefined),
    }),
  )
}

/** Marks a variable as secret: its value is never echoed in configuration errors. */
function secret<S extends z.ZodType>(schema: S): S {
  return schema.meta({ ...(schema.meta() as EnvValueMeta), secret: true }) as S
}

/**
 * The zod helpers every configuration section builds its variables from: unset or empty means the
 * default; each reports one reason (`must be …`) that the loader prefixes with the variable's name.
 */
export const envValue = {
  integer,
  number,
  boolean,
  duration,
  durationList,
  oneOf,
  url,
  list,
  origins,
  string,
  custom,
  privateKey,
  secret,
}
