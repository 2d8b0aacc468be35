import type { EngineContext } from '../context'
import type { WebhookEndpointSecrets } from '../ports/webhook-store'
import { type SendWebhookResult, sendWebhook } from './send-webhook'
import { signWebhook } from './sign-webhook'

export type SendSignedWebhookParameters = {
  /** The delivery's id: the `webhook-id` header. */
  id: string
  url: string
  /** The endpoint's signing secrets (KeyVault ciphertexts), as `WebhookStore` answers them. */
  secrets: WebhookEndpointSecrets
  /** Sent exactly as signed. */
  body: string
  timeoutMs: number
  fetch: typeof fetch
  userAgent: string
}

/**
 * One attempt of a delivery: decrypts the endpoint's signing secret (and, during a rotation's overlap,
 * the previous one: both sign, the new one first) with `ctx.keyVault`, signs `body` per Standard
 * Webhooks at `ctx.clock`'s time and POSTs it. Every problem (no secret, one the master key cannot
 * decrypt, the network) is a failed attempt, never a throw. What the dispatcher and `triggerWebhook`
 * both send. Secrets are never logged.
 */
export async function sendSignedWebhook(
  ctx: Pick<EngineContext, 'keyVault' | 'clock'>,
  p: SendSignedWebhookParameters,
): Promise<SendWebhookResult> {
  const now = ctx.clock.now()
  let secrets: string[]
  try {
    secrets = signingSecrets(ctx, p.secrets, now)
  } catch (e) {
    return { acknowledged: false, statusCode: null, error: e instanceof Error ? e.message : String(e), latencyMs: 0 }
  }
  const headers = signWebhook({ id: p.id, timestamp: now / 1000, body: p.body, secret: secrets })
  return sendWebhook({
    url: p.url,
    headers: { ...headers, 'user-agent': p.userAgent },
    body: p.body,
    timeoutMs: p.timeoutMs,
    fetch: p.fetch,
  })
}

/** The secrets that sign at `now`: the current one, then the previous one until its overlap ends. */
function signingSecrets(ctx: Pick<EngineContext, 'keyVault'>, s: WebhookEndpointSecrets, now: number): string[] {
  if (s.secret === '') throw new Error('the webhook endpoint has no signing secret')
  const overlapping = s.previousSecret !== null && s.previousSecretExpiresAt !== null && now < s.previousSecretExpiresAt
  const ciphertexts = overlapping ? [s.secret, s.previousSecret as string] : [s.secret]
  try {
    return ciphertexts.map((c) => ctx.keyVault.decrypt(c))
  } catch {
    throw new Error('the webhook signing secret cannot be decrypted (was the master key changed?)')
  }
}
