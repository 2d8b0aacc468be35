import { describe, expect, it } from 'vitest'
import { toLoyaltyError } from './to-loyalty-error'

describe('toLoyaltyError', () => {
  // Found by the fuzzer (pnpm fuzz): GET /loyalty-api/dev-checkout/%E0%A4%A answered 500.
  it('makes a path parameter the router cannot percent-decode a 400, not an internal error', () => {
    let thrown: unknown
    try {
      decodeURIComponent('%E0%A4%A')
    } catch (e) {
      thrown = Object.assign(e as URIError, { status: 400, statusCode: 400 })
    }
    const e = toLoyaltyError(thrown, 10_240)
    expect(e).toMatchObject({ code: 'MALFORMED_PATH', category: 'invalid_request' })
  })

  it('keeps other errors without an exposed 4xx status internal', () => {
    expect(toLoyaltyError(new URIError('x'), 10_240).category).toBe('internal')
    expect(toLoyaltyError(Object.assign(new Error('db'), { status: 400 }), 10_240).category).toBe('internal')
  })
})
