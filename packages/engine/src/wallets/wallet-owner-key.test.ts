import { describe, expect, it } from 'vitest'
import { isLoyaltyError } from '../errors/loyalty-error'
import { walletOwnerKey } from './wallet-owner-key'

describe('walletOwnerKey', () => {
  it('normalises emails: trim, NFC, lowercase', () => {
    expect(walletOwnerKey({ kind: 'email', email: '  Ann@Example.COM ' })).toBe('email:ann@example.com')
    const composed = walletOwnerKey({ kind: 'email', email: 'José@example.com' })
    const decomposed = walletOwnerKey({ kind: 'email', email: 'Jose\u0301@EXAMPLE.com' })
    expect(decomposed).toBe(composed)
    expect(composed).toBe('email:josé@example.com')
  })

  it('names OAuth identities by provider and user id', () => {
    expect(walletOwnerKey({ kind: 'oauth', provider: ' Discord ', userId: '80351110224678912' })).toBe(
      'oauth:discord:80351110224678912',
    )
  })

  it.each([
    { kind: 'email' as const, email: 'not-an-email' },
    { kind: 'email' as const, email: `${'a'.repeat(250)}@example.com` },
    { kind: 'email' as const, email: 'ann@localhost' },
    { kind: 'oauth' as const, provider: 'dis:cord', userId: '1' },
    { kind: 'oauth' as const, provider: 'discord', userId: '  ' },
    { kind: 'oauth' as const, provider: 'discord', userId: 'a\nb' },
  ])('refuses %j with a ValidationError', (owner) => {
    let err: unknown
    try {
      walletOwnerKey(owner)
    } catch (e) {
      err = e
    }
    expect(isLoyaltyError(err) && err.code).toBe('VALIDATION_FAILED')
  })
})
