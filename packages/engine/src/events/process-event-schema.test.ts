import { describe, expect, it } from 'vitest'
import { processEventParametersSchema } from './process-event-schema'

const valid = {
  brandId: `0x${'ab'.repeat(20)}`,
  eventType: 'account_creation',
  userEmail: 'ann@example.com',
}

function fields(input: unknown): string[] {
  const r = processEventParametersSchema.safeParse(input)
  return r.success ? [] : [...new Set(r.error.issues.map((i) => i.path.join('.')))]
}

describe('processEventParametersSchema', () => {
  it('accepts a minimal valid body and strips unknown keys', () => {
    const r = processEventParametersSchema.parse({ ...valid, timestamp: 123, extra: { a: 1 } })
    expect(r).toEqual(valid)
  })

  it('refuses an uppercase brandId with a message saying so', () => {
    const r = processEventParametersSchema.safeParse({ ...valid, brandId: `0x${'AB'.repeat(20)}` })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.message).toMatch(/lowercase/)
  })

  it('reports every bad field', () => {
    expect(fields({}).sort()).toEqual(['brandId', 'eventType', 'userEmail'])
    expect(fields({ ...valid, eventType: 'bad-type' })).toEqual(['eventType'])
    expect(fields({ ...valid, eventType: 'x'.repeat(51) })).toEqual(['eventType'])
    expect(fields({ ...valid, userEmail: 'not-an-email' })).toEqual(['userEmail'])
    expect(fields({ ...valid, userEmail: `${'a'.repeat(250)}@x.com` })).toEqual(['userEmail'])
    expect(fields({ ...valid, domain: 'bad domain' })).toEqual(['domain'])
    expect(fields({ ...valid, sourceUrl: 'ftp://example.com' })).toEqual(['sourceUrl'])
    expect(fields({ ...valid, sourceUrl: `https://e.com/${'a'.repeat(2048)}` })).toEqual(['sourceUrl'])
    expect(fields({ ...valid, userIdentifier: 'neither' })).toEqual(['userIdentifier'])
    expect(fields({ ...valid, metadata: 'str' })).toEqual(['metadata'])
  })

  it('accepts an Ethereum address or email as userIdentifier', () => {
    expect(fields({ ...valid, userIdentifier: `0x${'Cd'.repeat(20)}` })).toEqual([])
    expect(fields({ ...valid, userIdentifier: 'ann@example.com' })).toEqual([])
  })
})
