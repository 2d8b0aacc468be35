import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { WebhookEndpointRecord } from '../ports/webhook-store'
import { brandIdSchema } from '../schemas/brand-id'
import { newWebhookEndpointId } from './webhook-endpoint-id'
import { generateWebhookSecret } from './webhook-secret'
import { webhookUrlSchema } from './webhook-url'

export const setWebhookEndpointParametersSchema = z.object({ brandId: brandIdSchema, url: webhookUrlSchema })

export type SetWebhookEndpointParameters = z.input<typeof setWebhookEndpointParametersSchema>

export type SetWebhookEndpointReturnType = {
  /** The new signing secret (`whsec_<base64 of 32 bytes>`): shown once, stored encrypted. */
  secret: string
  endpoint: WebhookEndpointRecord
}

/**
 * Sets (or replaces) a brand's default webhook endpoint (the one `loyaltykit webhook set` manages;
 * created receiving every event type), enables it, and issues a fresh signing secret: every call
 * rotates the secret, and the old one stops signing at once (pending deliveries are signed with the
 * new one; `rotateWebhookEndpointSecret` rotates with an overlap). The secret is stored in the
 * endpoint, encrypted by `ctx.keyVault`. The brand's other endpoints are left alone.
 */
export async function setWebhookEndpoint(
  ctx: EngineContext,
  params: SetWebhookEndpointParameters,
): Promise<SetWebhookEndpointReturnType> {
  const p = parseInput(setWebhookEndpointParametersSchema, params)
  const secret = generateWebhookSecret()
  const ciphertext = ctx.keyVault.encrypt(secret)
  return ctx.storage.transaction(async (tx) => {
    await requireBrand(tx, p.brandId)
    const now = ctx.clock.now()
    const endpoint = await tx.webhooks.upsertDefaultEndpoint({
      id: newWebhookEndpointId(ctx.ids),
      brandId: p.brandId,
      url: p.url,
      secretCiphertext: ciphertext,
      now,
    })
    return { secret, endpoint }
  })
}
