import { describe, expect, it } from 'vitest'
import { stripControlCharacters } from './strip-control-characters'

describe('control characters', () => {
  it('strips control characters everywhere, keys included', () => {
    const input = { 'a\u0000b': 'x\u0007y\u202ez', list: ['\u001fq', 1, true, null], nested: { n: 'ok\n' } }
    expect(stripControlCharacters(input)).toEqual({ ab: 'xyz', list: ['q', 1, true, null], nested: { n: 'ok' } })
  })
})
