import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCallback } from 'node:crypto'
import { promisify } from 'node:util'
import { LoyaltyError } from '@loyaltykit/engine'

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>

/** scrypt cost (OWASP's minimum for scrypt: N = 2^17, r = 8, p = 1; about 128 MB and a fraction of a second). */
const COST = { N: 2 ** 17, r: 8, p: 1 } as const

/** A sealed box as stored (JSON): the KDF and its parameters, then AES-256-GCM's nonce, tag and ciphertext (base64). */
type Sealed = { kdf: 'scrypt'; N: number; r: number; p: number; salt: string; iv: string; tag: string; data: string }

const maxmem = (c: { N: number; r: number }) => 128 * c.N * c.r * 2

/**
 * Encrypts `plaintext` under a passphrase: a key derived with scrypt (random 16-byte salt) and
 * AES-256-GCM (random 12-byte nonce, 16-byte tag authenticating it). Returns the box as JSON.
 */
export async function sealWithPassphrase(plaintext: Buffer, passphrase: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(passphrase, salt, 32, { ...COST, maxmem: maxmem(COST) })
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()])
  const box: Sealed = {
    kdf: 'scrypt',
    ...COST,
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  }
  return `${JSON.stringify(box)}\n`
}

/** Opens a box `sealWithPassphrase` made. Throws WRONG_PASSPHRASE when the passphrase (or the box) is not the one. */
export async function openWithPassphrase(sealedJson: string, passphrase: string): Promise<Buffer> {
  const box = JSON.parse(sealedJson) as Sealed
  if (box.kdf !== 'scrypt' || box.N > 2 ** 20 || box.r > 32 || box.p > 16) {
    throw new LoyaltyError('The backup’s secrets are sealed in a form this version does not read', {
      code: 'BACKUP_UNREADABLE',
      category: 'invalid_request',
    })
  }
  const cost = { N: box.N, r: box.r, p: box.p }
  const key = await scrypt(passphrase, Buffer.from(box.salt, 'base64'), 32, { ...cost, maxmem: maxmem(cost) })
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(box.iv, 'base64'))
  decipher.setAuthTag(Buffer.from(box.tag, 'base64'))
  try {
    return Buffer.concat([decipher.update(Buffer.from(box.data, 'base64')), decipher.final()])
  } catch {
    throw new LoyaltyError('Wrong passphrase: it does not open the master key sealed in this backup', {
      code: 'WRONG_PASSPHRASE',
      category: 'authentication',
    })
  }
}
