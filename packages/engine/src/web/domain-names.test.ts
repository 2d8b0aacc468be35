import { describe, expect, it } from 'vitest'
import { hostOf, isSameOrSubdomain, isValidDomain } from './domain-names'
import { isDomainAuthorized } from './is-domain-authorized'

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
})
