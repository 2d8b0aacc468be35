import type { Request } from 'express'
import { describe, expect, it } from 'vitest'
import { bearerToken } from './bearer-token'

const withAuthorization = (authorization: string | undefined) => ({ headers: { authorization } }) as Request

describe('bearerToken', () => {
  it('reads `Bearer <token>`, the scheme in any case, spaces or tabs between', () => {
    for (const header of ['Bearer lk_abc.123', 'bearer lk_abc.123', 'BEARER  lk_abc.123', 'Bearer\tlk_abc.123 ']) {
      expect(bearerToken(withAuthorization(header)), header).toBe('lk_abc.123')
    }
  })

  it('answers undefined for a missing header, another scheme, no token or two tokens', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'Bearerlk_abc',
      'Bearer a b',
      'Token a',
    ]) {
      expect(bearerToken(withAuthorization(header)), String(header)).toBeUndefined()
    }
  })
})
