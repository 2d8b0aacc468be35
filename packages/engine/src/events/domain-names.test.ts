import { describe, expect, it } from 'vitest'
import { hostOf, isSameOrSubdomain, isValidDomain } from './domain-names'
import { isDomainAuthorized } from './is-domain-authorized'
import { resolveEventDomain } from './resolve-event-domain'
import { stripControlCharacters } from './strip-control-characters'

describe('domain names', () => {
  it('validates domains', () => {
    expect(isValidDomain('shop.example.com')).toBe(true)
    expect(isValidDomain('localhost')).toBe(true)
    expect(isValidDomain('127.0.0.1')).toBe(true)
    expect(isValidDomain('-bad.com')).toBe(false)
    expect(isValidDomain('bad..com')).toBe(false)
    expect(isValidDomain('exa mple.com')).toBe(false)
    expect(isValidDomain(`${'a'.repeat(64)}.com`)).toBe(false)
    expect(isValidDomain('example')).toBe(false)
  })

  it('extracts hosts without port or path', () => {
    expect(hostOf('https://Shop.Example.com:8443/a?b')).toBe('shop.example.com')
    expect(hostOf('example.com')).toBe('example.com')
    expect(hostOf('localhost:3000')).toBe('localhost')
    expect(hostOf('null')).toBeUndefined()
    expect(hostOf('')).toBeUndefined()
  })

  it('matches subdomains to their parent only', () => {
    expect(isSameOrSubdomain('a.example.com', 'example.com')).toBe(true)
    expect(isSameOrSubdomain('example.com', 'example.com')).toBe(true)
    expect(isSameOrSubdomain('badexample.com', 'example.com')).toBe(false)
    expect(isSameOrSubdomain('example.com', 'a.example.com')).toBe(false)
  })

  it('authorizes against the brand websites', () => {
    const sites = ['https://example.com', 'http://localhost:3000']
    expect(isDomainAuthorized('www.example.com', sites)).toBe(true)
    expect(isDomainAuthorized('localhost', sites)).toBe(true)
    expect(isDomainAuthorized('evil.com', sites)).toBe(false)
    expect(isDomainAuthorized('example.com.evil.com', sites)).toBe(false)
  })

  it('resolves domain, then sourceUrl, then Origin', () => {
    expect(resolveEventDomain({ domain: 'a.com', sourceUrl: 'https://b.com/x', origin: 'https://c.com' })).toEqual({
      host: 'a.com',
      source: 'domain',
    })
    expect(resolveEventDomain({ sourceUrl: 'https://b.com/x', origin: 'https://c.com' })?.host).toBe('b.com')
    expect(resolveEventDomain({ origin: 'https://c.com' })).toEqual({ host: 'c.com', source: 'origin' })
    expect(resolveEventDomain({})).toBeUndefined()
  })

  it('strips control characters everywhere, keys included', () => {
    const input = { 'a\u0000b': 'x\u0007y\u202ez', list: ['\u001fq', 1, true, null], nested: { n: 'ok\n' } }
    expect(stripControlCharacters(input)).toEqual({ ab: 'xyz', list: ['q', 1, true, null], nested: { n: 'ok' } })
  })
})
