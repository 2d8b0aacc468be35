import { toBase64 } from '../crypto/encoding'
import { hmacSha256 } from '../crypto/hmac'
import { webhookSecretKey } from './webhook-secret'

export type GenerateTestHeadersParameters = {
  /** The body to sign: a string as is, anything else as `JSON.stringify(payload)`. Send exactly that string. */
  payload: unknown
  secret: string | Uint8Array
  /** Default `msg_<uuid>`. */
  id?: string
  /** Unix seconds; default now. */
  timestamp?: number
}

export type WebhookTestHeaders = {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

/**
 * Headers a real delivery of `payload` would carry, to test a webhook endpoint (and `verify`) without
 * the server. Standard Webhooks: `webhook-signature: v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`.
 */
export async function generateTestHeaders(p: GenerateTestHeadersParameters): Promise<WebhookTestHeaders> {
  const body = typeof p.payload === 'string' ? p.payload : JSON.stringify(p.payload)
  const id = p.id ?? `msg_${globalThis.crypto.randomUUID()}`
  const timestamp = String(p.timestamp ?? Math.floor(Date.now() / 1000))
  const mac = await hmacSha256(webhookSecretKey(p.secret), `${id}.${timestamp}.${body}`)
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${toBase64(mac)}` }
}
