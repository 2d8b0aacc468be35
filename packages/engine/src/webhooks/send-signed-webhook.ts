import type { EngineContext } from '../context'
import { type SendWebhookResult, sendWebhook } from './send-webhook'
import { signWebhook } from './sign-webhook'

export type SendSignedWebhookParameters = {
  /** The delivery's id: the `webhook-id` header. */
  id: string
  brandId: string
  url: string
  /** Sent exactly as signed. */
  body: string
  timeoutMs: number
  fetch: typeof fetch
  userAgent: string
}

/**
 * One attempt of a delivery: reads the brand's signing secret (brand secret `webhook_secret`,
 * decrypted by `ctx.keyVault`), signs `body` per Standard Webhooks at `ctx.clock`'s time and POSTs
 * it. Every problem (no secret, one the master key cannot decrypt, the network) is a failed attempt,
 * never a throw. What the dispatcher and `triggerWebhook` both send. The secret is never logged.
 */
export async function sendSignedWebhook(
  ctx: Pick<EngineContext, 'storage' | 'keyVault' | 'clock'>,
  p: SendSignedWebhookParameters,
): Promise<SendWebhookResult> {
  let secret: string
  try {
    secret = await secretOf(ctx, p.brandId)
  } catch (e) {
    return { acknowledged: false, statusCode: null, error: e instanceof Error ? e.message : String(e), latencyMs: 0 }
  }
  const headers = signWebhook({ id: p.id, timestamp: ctx.clock.now() / 1000, body: p.body, secret })
  return sendWebhook({
    url: p.url,
    headers: { ...headers, 'user-agent': p.userAgent },
    body: p.body,
    timeoutMs: p.timeoutMs,
    fetch: p.fetch,
  })
}

async function secretOf(ctx: Pick<EngineContext, 'storage' | 'keyVault'>, brandId: string): Promise<string> {
  const ciphertext = await ctx.storage.apiKeys.getSecret(brandId, 'webhook_secret')
  if (ciphertext === undefined) throw new Error('the brand has no webhook signing secret')
  try {
    return ctx.keyVault.decrypt(ciphertext)
  } catch {
    throw new Error('the webhook signing secret cannot be decrypted (was the master key changed?)')
  }
}
