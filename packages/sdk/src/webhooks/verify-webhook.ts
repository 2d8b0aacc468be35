import { fromBase64, toBytes } from '../crypto/encoding'
import { verifyHmacSha256 } from '../crypto/hmac'
import type { TokensDistributedEvent } from '../types/wire'
import { webhookSecretKey } from './webhook-secret'
import { WebhookVerificationError } from './webhook-verification-error'

/** A fetch `Headers`, or a plain object such as Node's `req.headers` (any name case; arrays allowed). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>

export type VerifyWebhookOptions = {
  /** Largest allowed distance between `webhook-timestamp` and now, in seconds, both ways. Default 300. */
  tolerance?: number
  /** Current time in epoch ms (testing). */
  now?: number
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() !== name) continue
    return Array.isArray(value) ? value.join(' ') : value
  }
  return undefined
}

function fail(message: string): never {
  throw new WebhookVerificationError(message)
}

/**
 * Verifies a webhook delivery per Standard Webhooks and returns its parsed payload.
 *
 * Signed content is `webhook-id + "." + webhook-timestamp + "." + rawBody`; `webhook-signature` holds
 * one or more space-separated `v1,<base64 HMAC-SHA256>` entries (others are ignored), any one of which
 * may match. Comparison is constant-time (Web Crypto `verify`). Pass the raw body exactly as received,
 * before any JSON parsing.
 *
 * @throws WebhookVerificationError
 */
export async function verifyWebhook<T = TokensDistributedEvent>(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): Promise<T> {
  const { tolerance = 300 } = options
  const id = header(headers, 'webhook-id') ?? fail('Missing webhook-id header')
  const timestamp = header(headers, 'webhook-timestamp') ?? fail('Missing webhook-timestamp header')
  const signatures = header(headers, 'webhook-signature') ?? fail('Missing webhook-signature header')

  if (!/^\d+$/.test(timestamp.trim())) fail('Invalid webhook-timestamp header')
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000)
  const age = nowSeconds - Number(timestamp.trim())
  if (age > tolerance) fail('Message timestamp too old')
  if (age < -tolerance) fail('Message timestamp too new')

  const key = webhookSecretKey(secret)
  const body = toBytes(rawBody)
  const prefix = toBytes(`${id}.${timestamp.trim()}.`)
  const signed = new Uint8Array(prefix.length + body.length)
  signed.set(prefix)
  signed.set(body, prefix.length)

  let matched = false
  for (const entry of signatures.split(' ')) {
    const [version, encoded] = entry.split(',', 2)
    if (version !== 'v1' || !encoded) continue
    let mac: Uint8Array
    try {
      mac = fromBase64(encoded)
    } catch {
      continue
    }
    // Check every entry (no early exit) so timing does not tell which entry matched.
    if (await verifyHmacSha256(key, signed, mac)) matched = true
  }
  if (!matched) fail('No matching signature found')

  try {
    return JSON.parse(new TextDecoder().decode(body)) as T
  } catch {
    return fail('Webhook body is not JSON')
  }
}
