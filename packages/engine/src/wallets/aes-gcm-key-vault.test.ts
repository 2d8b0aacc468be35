import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { isLoyaltyError } from '../errors/loyalty-error'
import { createAesGcmKeyVault } from './aes-gcm-key-vault'

const vault = createAesGcmKeyVault(randomBytes(32))

function decryptError(fn: () => unknown): unknown {
  try {
    fn()
  } catch (e) {
    return e
  }
  throw new Error('expected decrypt to throw')
}

/** Flip one bit of the base64url part `index` of a ciphertext. */
function flip(ciphertext: string, index: number): string {
  const parts = ciphertext.split('.')
  const bytes = Buffer.from(parts[index]!, 'base64url')
  bytes[0]! ^= 1
  parts[index] = bytes.toString('base64url')
  return parts.join('.')
}

describe('createAesGcmKeyVault', () => {
  it('round-trips text, including non-ASCII', () => {
    const secret = `0x${randomBytes(32).toString('hex')} – clé ✓`
    expect(vault.decrypt(vault.encrypt(secret))).toBe(secret)
    expect(vault.decrypt(vault.encrypt(''))).toBe('')
  })

  it('writes v1.<12-byte nonce>.<16-byte tag>.<ciphertext> with a fresh nonce each time', () => {
    const a = vault.encrypt('same')
    const b = vault.encrypt('same')
    expect(a).not.toBe(b)
    const [version, nonce, tag, body] = a.split('.')
    expect(version).toBe('v1')
    expect(Buffer.from(nonce!, 'base64url')).toHaveLength(12)
    expect(Buffer.from(tag!, 'base64url')).toHaveLength(16)
    expect(Buffer.from(body!, 'base64url')).toHaveLength(4)
    expect(a).not.toContain('same')
  })

  it('refuses a ciphertext made under another master key', () => {
    const other = createAesGcmKeyVault(randomBytes(32))
    const err = decryptError(() => other.decrypt(vault.encrypt('secret')))
    expect(isLoyaltyError(err) && err.code).toBe('DECRYPTION_FAILED')
  })

  it.each([
    ['nonce', 1],
    ['tag', 2],
    ['ciphertext', 3],
  ])('refuses a tampered %s', (_name, index) => {
    const err = decryptError(() => vault.decrypt(flip(vault.encrypt('secret value'), index)))
    expect(isLoyaltyError(err) && err.code).toBe('DECRYPTION_FAILED')
  })

  it.each([
    'plain text',
    'v2.a.b.c',
    'v1.only.three',
    `v1.${Buffer.alloc(8).toString('base64url')}.${Buffer.alloc(16).toString('base64url')}.AAAA`,
    `v1.${Buffer.alloc(12).toString('base64url')}.${Buffer.alloc(4).toString('base64url')}.AAAA`,
  ])('refuses a malformed ciphertext %j', (ciphertext) => {
    const err = decryptError(() => vault.decrypt(ciphertext))
    expect(isLoyaltyError(err) && err.code).toBe('DECRYPTION_FAILED')
  })

  it('needs a 32-byte master key', () => {
    expect(() => createAesGcmKeyVault(randomBytes(16))).toThrow(/32 bytes/)
  })
})
