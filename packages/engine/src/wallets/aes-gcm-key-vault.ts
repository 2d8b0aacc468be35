import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { ConfigError } from '../errors/common-errors'
import type { KeyVault } from '../ports/key-vault'
import { DecryptionError } from './wallet-errors'

const VERSION = 'v1'
const NONCE_BYTES = 12
const TAG_BYTES = 16

/**
 * A KeyVault with AES-256-GCM under a 32-byte master key. Ciphertexts read
 * `v1.<nonce>.<tag>.<ciphertext>` (base64url parts, random 12-byte nonce per encryption). GCM's tag
 * check (done by OpenSSL, in constant time) is the only comparison: a tampered ciphertext or another
 * master key throws DecryptionError, never returns garbage.
 */
export function createAesGcmKeyVault(masterKey: Uint8Array): KeyVault {
  if (masterKey.length !== 32) throw new ConfigError(`The master key must be 32 bytes, got ${masterKey.length}`)
  const key = Buffer.from(masterKey)

  return {
    encrypt(plaintext) {
      const nonce = randomBytes(NONCE_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, nonce)
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      const tag = cipher.getAuthTag()
      return [VERSION, nonce, tag, ciphertext].map((part) => (typeof part === 'string' ? part : b64(part))).join('.')
    },

    decrypt(ciphertext) {
      const parts = ciphertext.split('.')
      if (parts.length !== 4 || parts[0] !== VERSION) throw new DecryptionError('Unknown ciphertext format')
      const [, nonce, tag, body] = parts.map((part) => Buffer.from(part, 'base64url'))
      if (nonce?.length !== NONCE_BYTES || tag?.length !== TAG_BYTES || !body) {
        throw new DecryptionError('Malformed ciphertext')
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES })
        decipher.setAuthTag(tag)
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
      } catch (cause) {
        throw new DecryptionError('Ciphertext was tampered with or made under another master key', cause)
      }
    },
  }
}

function b64(bytes: Buffer): string {
  return bytes.toString('base64url')
}
