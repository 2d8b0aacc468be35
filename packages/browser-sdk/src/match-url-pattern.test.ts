import { describe, expect, it } from 'vitest'
import { matchUrlPattern } from './match-url-pattern'

const URL = 'https://Shop.example.com/checkout/Thank-You?order=42#receipt'

describe('matchUrlPattern', () => {
  it('matches a pattern without * as a case-insensitive substring of the full URL', () => {
    expect(matchUrlPattern('thank-you', URL)).toBe(true)
    expect(matchUrlPattern('/checkout/thank-you', URL)).toBe(true)
    expect(matchUrlPattern('order=42', URL)).toBe(true)
    expect(matchUrlPattern('shop.example.com/checkout', URL)).toBe(true)
    expect(matchUrlPattern('/cart', URL)).toBe(false)
  })

  it('matches a pattern with * against the whole URL, the URL without scheme, path+query+hash or path', () => {
    expect(matchUrlPattern('https://shop.example.com/checkout/*', URL)).toBe(true)
    expect(matchUrlPattern('*.example.com/checkout/*', URL)).toBe(true)
    expect(matchUrlPattern('/checkout/*', URL)).toBe(true)
    expect(matchUrlPattern('/checkout/thank-you', 'https://a.b/checkout/thank-you')).toBe(true)
    expect(matchUrlPattern('/*/thank-you', URL)).toBe(true) // the path alone
    expect(matchUrlPattern('*thank-you?order=*', URL)).toBe(true)
    expect(matchUrlPattern('*', URL)).toBe(true)
  })

  it('anchors patterns with *: they do not match in the middle of a candidate', () => {
    expect(matchUrlPattern('/thank-you*', URL)).toBe(false) // path starts with /checkout
    expect(matchUrlPattern('/checkout/*/done', URL)).toBe(false)
    expect(matchUrlPattern('http://shop.example.com/*', URL)).toBe(false) // scheme differs
  })

  it('treats regular-expression characters literally', () => {
    expect(matchUrlPattern('/a.b*', 'https://x.y/a.b/c')).toBe(true)
    expect(matchUrlPattern('/a.b*', 'https://x.y/aXb/c')).toBe(false)
    expect(matchUrlPattern('/p(1)?x=*', 'https://x.y/p(1)?x=2')).toBe(true)
    expect(matchUrlPattern('?x=1', 'https://x.y/p?x=1')).toBe(true)
    expect(matchUrlPattern('/p+q', 'https://x.y/ppq')).toBe(false)
  })

  it('never matches an empty or blank pattern', () => {
    expect(matchUrlPattern('', URL)).toBe(false)
    expect(matchUrlPattern('   ', URL)).toBe(false)
  })
})
