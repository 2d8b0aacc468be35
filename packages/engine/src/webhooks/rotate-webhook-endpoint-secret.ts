import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { WebhookEndpointRecord } from '../ports/webhook-store'
import { brandIdSchema } from '../schemas/brand-id'
import { requireWebhookEndpoint } from './require-webhook-endpoint'
import { webhookEndpointIdSchema } from './webhook-endpoint-id'
import { generateWebhookSecret } from './webhook-secret'

const HOUR_MS = 3_600_000

export const rotateWebhookEndpointSecretParametersSchema = z.object({
  brandId: brandIdSchema,
  endpointId: webhookEndpointIdSchema,
  /**
   * Hours the replaced secret keeps signing next to the new one (both signatures sent), so a receiver
   * can switch without refusing a delivery: 0 (stops at once, e.g. after a leak) to 168 (a week),
   * default 24.
   */
  overlapHours: z.number().min(0).max(168).default(24),
})

export type RotateWebhookEndpointSecretParameters = z.input<typeof rotateWebhookEndpointSecretParametersSchema>

export type RotateWebhookEndpointSecretReturnType = {
  /** `previousSecretExpiresAt`: when the replaced secret stops signing (null: it already has). */
  endpoint: WebhookEndpointRecord
  /** The new signing secret: shown once, stored encrypted. */
  secret: string
}

/**
 * Gives an endpoint a new signing secret. Until `overlapHours` have passed, every attempt is signed
 * with both (`webhook-signature: v1,<new> v1,<old>`); after that with the new one only. A rotation
 * during an overlap drops the oldest secret at once (only the one replaced now overlaps). Attempts
 * already in flight finish with the secrets they were claimed with. NotFoundError
 * WEBHOOK_ENDPOINT_NOT_FOUND (unknown, or another brand's).
 */
export async function rotateWebhookEndpointSecret(
  ctx: EngineContext,
  params: RotateWebhookEndpointSecretParameters,
): Promise<RotateWebhookEndpointSecretReturnType> {
  const p = parseInput(rotateWebhookEndpointSecretParametersSchema, params, 'Invalid secret rotation')
  const secret = generateWebhookSecret()
  const secretCiphertext = ctx.keyVault.encrypt(secret)
  const endpoint = await ctx.storage.transaction(async (tx) => {
    await requireWebhookEndpoint(tx, p.brandId, p.endpointId)
    const now = ctx.clock.now()
    const previousExpiresAt = p.overlapHours > 0 ? now + Math.round(p.overlapHours * HOUR_MS) : null
    await tx.webhooks.rotateEndpointSecret({ id: p.endpointId, secretCiphertext, previousExpiresAt, now })
    return requireWebhookEndpoint(tx, p.brandId, p.endpointId)
  })
  ctx.logger.info(
    { brandId: p.brandId, endpointId: p.endpointId, previousSecretExpiresAt: endpoint.previousSecretExpiresAt },
    'webhook endpoint secret rotated',
  )
  return { endpoint, secret }
}
