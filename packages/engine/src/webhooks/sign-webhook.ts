import { createHmac } from 'node:crypto'
import { webhookSecretKey } from './webhook-secret'

export type WebhookSignatureHeaders = {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

/**
 * Standard Webhooks headers of one attempt: `webhook-signature` is
 * `v1,<base64 HMAC-SHA256(key, id + "." + timestamp + "." + body)>` with the key of `secret`
 * (see `webhookSecretKey`). `timestamp` is Unix seconds; `body` is sent exactly as signed.
 */
export function signWebhook(p: {
  id: string
  timestamp: number
  body: string
  secret: string
}): WebhookSignatureHeaders {
  const timestamp = String(Math.floor(p.timestamp))
  const mac = createHmac('sha256', webhookSecretKey(p.secret)).update(`${p.id}.${timestamp}.${p.body}`).digest('base64')
  return { 'webhook-id': p.id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${mac}` }
}
