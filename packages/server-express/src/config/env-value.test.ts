import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type EnvValueMeta, envValue } from './env-value'

/** Parses `text` as the value of one variable; the issue's message when it is refused. */
function parse(schema: z.ZodType, text: string | undefined): unknown {
  const r = z.object({ X: schema }).safeParse(text === undefined ? {} : { X: text })
  return r.success ? r.data.X : { error: r.error.issues.map((i) => i.message).join('; ') }
}
const meta = (schema: z.ZodType) => z.globalRegistry.get(schema) as EnvValueMeta

describe('envValue', () => {
  it('integer: bounds, default, blank and padded values', () => {
    const port = envValue.integer({ min: 0, max: 65535, default: 3000 })
    expect(parse(port, '8080')).toBe(8080)
    expect(parse(port, ' 42 ')).toBe(42)
    expect(parse(port, '')).toBe(3000)
    expect(parse(port, undefined)).toBe(3000)
    for (const bad of ['65536', '-1', '1.5', '0x10', '1e3', 'eighty']) {
      expect(parse(port, bad)).toEqual({ error: 'must be an integer between 0 and 65535' })
    }
    expect(parse(envValue.integer({ min: 1, max: 9 }), undefined)).toBeUndefined()
    expect(parse(envValue.integer({ min: 1, max: 9, unit: 'bytes' }), '10')).toEqual({
      error: 'must be an integer number of bytes between 1 and 9',
    })
    expect(meta(port)).toEqual({ type: 'integer, 0–65535', default: '`3000`' })
  })

  it('number: decimals within bounds', () => {
    const jitter = envValue.number({ min: 0, max: 1, default: 0.2 })
    expect(parse(jitter, '0.75')).toBe(0.75)
    expect(parse(jitter, '2')).toEqual({ error: 'must be a number between 0 and 1' })
    expect(parse(jitter, 'half')).toEqual({ error: 'must be a number between 0 and 1' })
  })

  it('boolean: true/false, 1/0, yes/no in any case', () => {
    const flag = envValue.boolean({ default: true })
    expect([parse(flag, 'false'), parse(flag, '0'), parse(flag, 'No'), parse(flag, 'TRUE'), parse(flag, '')]).toEqual([
      false,
      false,
      false,
      true,
      true,
    ])
    expect(parse(flag, 'maybe')).toEqual({ error: 'must be true or false' })
    expect(parse(envValue.boolean(), undefined)).toBeUndefined()
  })

  it('duration: a bare number in the variable’s unit, or a number with a unit', () => {
    const ms = envValue.duration({ unit: 'ms', min: 0, max: 600_000, default: 20_000 })
    expect([parse(ms, '1500'), parse(ms, '30s'), parse(ms, '2m'), parse(ms, '250ms'), parse(ms, '1.5s')]).toEqual([
      1500, 30_000, 120_000, 250, 1500,
    ])
    expect(parse(ms, '11m')).toEqual({
      error: 'must be an integer number of milliseconds between 0 and 600000, or a duration such as 30s or 2m',
    })
    const seconds = envValue.duration({ unit: 's', min: 0, max: 86_400, default: 60 })
    expect([parse(seconds, '90'), parse(seconds, '2m'), parse(seconds, '1d')]).toEqual([90, 120, 86_400])
    expect(parse(seconds, '1500ms')).toHaveProperty('error')
    expect(meta(seconds).type).toBe('duration (s), 0–86400')
  })

  it('durationList: units, bare milliseconds, and junk refused', () => {
    const list = envValue.durationList({ maxItems: 8, default: [30_000, 3_600_000] })
    expect(parse(list, '30s,2m,5m,1h,1d,15ms,7')).toEqual([30_000, 120_000, 300_000, 3_600_000, 86_400_000, 15, 7])
    expect(parse(list, '10s, 1m,1.5h,250')).toEqual([10_000, 60_000, 5_400_000, 250])
    for (const bad of ['1w', '-5s', '1s,', '30s,,2m', '1,2,3,4,5,6,7,8,9'])
      expect(parse(list, bad)).toHaveProperty('error')
    expect(meta(list).default).toBe('`30s,1h`')
  })

  it('oneOf, url, origins and list', () => {
    expect(parse(envValue.oneOf(['a', 'b'], { default: 'a' }), 'b')).toBe('b')
    expect(parse(envValue.oneOf(['a', 'b']), 'c')).toEqual({ error: 'must be one of a, b' })
    const url = envValue.url({ protocols: ['http', 'https'] })
    expect(parse(url, 'https://points.example/')).toBe('https://points.example')
    expect(parse(url, 'ftp://x.example')).toEqual({ error: 'must be an http:// or https:// URL' })
    expect(parse(url, 'not a url')).toHaveProperty('error')
    const origins = envValue.origins()
    expect(parse(origins, 'https://a.example, https://b.example/,')).toEqual(['https://a.example', 'https://b.example'])
    expect(parse(origins, 'https://a.example/path')).toEqual({
      error: 'must be a comma-separated list of origins like https://app.example.com',
    })
    const odd = envValue.list({ of: 'odd numbers', item: (t) => (Number(t) % 2 === 1 ? Number(t) : undefined) })
    expect(parse(odd, '1,3')).toEqual([1, 3])
    expect(parse(odd, '1,2')).toEqual({ error: 'must be a comma-separated list of odd numbers' })
  })

  it('string with a pattern, custom parsers, and the Default column for unset values', () => {
    const path = envValue.string({ pattern: /^\//, message: 'must start with /', unset: 'none' })
    expect(parse(path, '/x')).toBe('/x')
    expect(parse(path, 'x')).toEqual({ error: 'must start with /' })
    expect(meta(path)).toEqual({ type: 'string', default: 'unset: none' })
    const even = envValue.custom({
      type: 'even',
      message: 'must be even',
      parse: (t) => (Number(t) % 2 ? undefined : 1),
    })
    expect(parse(even, '3')).toEqual({ error: 'must be even' })
  })

  it('privateKey and secret mark the variable secret', () => {
    const key = envValue.privateKey()
    expect(parse(key, `0x${'ab'.repeat(32)}`)).toBe(`0x${'ab'.repeat(32)}`)
    expect(parse(key, '0x12')).toEqual({ error: 'must be a 0x-prefixed 32-byte hex private key' })
    expect(meta(key).secret).toBe(true)
    const described = envValue.secret(envValue.string()).describe('A password.')
    expect(meta(described)).toMatchObject({ secret: true, description: 'A password.', type: 'string' })
    expect(meta(envValue.string()).secret).toBeUndefined()
  })
})
