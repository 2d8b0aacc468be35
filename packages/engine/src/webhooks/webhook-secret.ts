import { randomBytes } from 'node:crypto'

const PREFIX = 'whsec_'

/** A fresh Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`
}

/**
 * HMAC key of a webhook secret, as the SDK's `webhooks.verify` reads it: `whsec_<base64>` is
 * base64-decoded; any other string is used as its UTF-8 bytes.
 */
export function webhookSecretKey(secret: string): Buffer {
  return secret.startsWith(PREFIX) ? Buffer.from(secret.slice(PREFIX.length), 'base64') : Buffer.from(secret, 'utf8')
}
