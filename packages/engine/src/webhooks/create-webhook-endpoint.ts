import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { ConflictError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import type { WebhookEndpointRecord } from '../ports/webhook-store'
import { brandIdSchema } from '../schemas/brand-id'
import { webhookEndpointDescriptionSchema } from './webhook-endpoint-description'
import { webhookEndpointEventTypesSchema } from './webhook-endpoint-event-types'
import { newWebhookEndpointId } from './webhook-endpoint-id'
import { generateWebhookSecret } from './webhook-secret'
import { webhookUrlSchema } from './webhook-url'

/** Endpoints a brand may have: each accepted event is written once per matching endpoint. */
const MAX_WEBHOOK_ENDPOINTS_PER_BRAND = 16

export const createWebhookEndpointParametersSchema = z.object({
  brandId: brandIdSchema,
  url: webhookUrlSchema,
  /** Which events it receives: names of `WEBHOOK_EVENT_TYPES`, or `['*']` for all. */
  eventTypes: webhookEndpointEventTypesSchema,
  description: webhookEndpointDescriptionSchema.optional(),
})

export type CreateWebhookEndpointParameters = z.input<typeof createWebhookEndpointParametersSchema>

export type CreateWebhookEndpointReturnType = {
  endpoint: WebhookEndpointRecord
  /** Its signing secret (`whsec_<base64 of 32 bytes>`): shown once, stored encrypted. */
  secret: string
}

/**
 * Adds a webhook endpoint to a brand (enabled, not its default endpoint) with its own signing secret,
 * stored encrypted by `ctx.keyVault` and answered once. Events accepted from now on whose type it
 * receives get a delivery to it. BRAND_NOT_FOUND; ConflictError WEBHOOK_ENDPOINT_LIMIT past
 * `MAX_WEBHOOK_ENDPOINTS_PER_BRAND` (counted in the transaction; two concurrent creations may pass
 * it together, which bounds the excess by the concurrency).
 */
export async function createWebhookEndpoint(
  ctx: EngineContext,
  params: CreateWebhookEndpointParameters,
): Promise<CreateWebhookEndpointReturnType> {
  const p = parseInput(createWebhookEndpointParametersSchema, params, 'Invalid webhook endpoint')
  const secret = generateWebhookSecret()
  const secretCiphertext = ctx.keyVault.encrypt(secret)
  const endpoint = await ctx.storage.transaction(async (tx) => {
    await requireBrand(tx, p.brandId)
    const existing = await tx.webhooks.listEndpoints(p.brandId)
    if (existing.length >= MAX_WEBHOOK_ENDPOINTS_PER_BRAND) {
      throw new ConflictError(
        `Brand ${p.brandId} has ${existing.length} webhook endpoints, the most it may have; delete one first`,
        'WEBHOOK_ENDPOINT_LIMIT',
        { brandId: p.brandId, limit: MAX_WEBHOOK_ENDPOINTS_PER_BRAND },
      )
    }
    const now = ctx.clock.now()
    return tx.webhooks.insertEndpoint({
      endpoint: {
        id: newWebhookEndpointId(ctx.ids),
        brandId: p.brandId,
        url: p.url,
        eventTypes: p.eventTypes,
        description: p.description ?? null,
        enabled: true,
        isDefault: false,
        previousSecretExpiresAt: null,
        createdAt: now,
        updatedAt: now,
      },
      secretCiphertext,
    })
  })
  ctx.logger.info({ brandId: p.brandId, endpointId: endpoint.id }, 'webhook endpoint created')
  return { endpoint, secret }
}
