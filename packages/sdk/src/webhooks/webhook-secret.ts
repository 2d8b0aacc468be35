import { type Bytes, fromBase64, toBytes } from '../crypto/encoding'

const PREFIX = 'whsec_'

/**
 * HMAC key bytes of a webhook secret. Standard Webhooks form `whsec_<base64>` is base64-decoded (the
 * key is the decoded bytes, as every Standard Webhooks library does); any other string is used as its
 * UTF-8 bytes; bytes are used as they are.
 */
export function webhookSecretKey(secret: string | Uint8Array): Bytes {
  if (typeof secret !== 'string') return toBytes(secret)
  if (secret === '') throw new TypeError('webhook secret is empty')
  if (!secret.startsWith(PREFIX)) return toBytes(secret)
  try {
    return fromBase64(secret.slice(PREFIX.length))
  } catch {
    throw new TypeError('webhook secret starts with whsec_ but the rest is not base64')
  }
}
