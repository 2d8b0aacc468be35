import { describe, expect, it } from 'vitest'
import { resolveEventDomain } from './resolve-event-domain'

describe('resolveEventDomain', () => {
  it('resolves domain, then sourceUrl, then Origin', () => {
    expect(resolveEventDomain({ domain: 'a.com', sourceUrl: 'https://b.com/x', origin: 'https://c.com' })).toEqual({
      host: 'a.com',
      source: 'domain',
    })
    expect(resolveEventDomain({ sourceUrl: 'https://b.com/x', origin: 'https://c.com' })?.host).toBe('b.com')
    expect(resolveEventDomain({ origin: 'https://c.com' })).toEqual({ host: 'c.com', source: 'origin' })
    expect(resolveEventDomain({})).toBeUndefined()
  })
})
