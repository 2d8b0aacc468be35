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
 * (see `webhookSecretKey`). `timestamp` is Unix seconds; `body` is sent exactly as signed. Several
 * secrets (a rotation's overlap: the new one first) give one signature each, space-separated, as
 * Standard Webhooks lists them (`v1,<new> v1,<old>`): a receiver accepts the delivery when any matches.
 */
export function signWebhook(p: {
  id: string
  timestamp: number
  body: string
  secret: string | readonly string[]
}): WebhookSignatureHeaders {
  const timestamp = String(Math.floor(p.timestamp))
  const signed = `${p.id}.${timestamp}.${p.body}`
  const secrets = typeof p.secret === 'string' ? [p.secret] : p.secret
  const signatures = secrets.map(
    (s) => `v1,${createHmac('sha256', webhookSecretKey(s)).update(signed).digest('base64')}`,
  )
  return { 'webhook-id': p.id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') }
}
