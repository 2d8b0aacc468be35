import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { brandIdSchema } from '../schemas/brand-id'
import { requireWebhookEndpoint } from './require-webhook-endpoint'
import { webhookEndpointIdSchema } from './webhook-endpoint-id'

export const deleteWebhookEndpointParametersSchema = z.object({
  brandId: brandIdSchema,
  endpointId: webhookEndpointIdSchema,
})

export type DeleteWebhookEndpointParameters = z.input<typeof deleteWebhookEndpointParametersSchema>

export type DeleteWebhookEndpointReturnType = { id: string; deleted: true }

/**
 * Deletes an endpoint, its secrets and its deliveries (log included; pending ones are never sent), in
 * one transaction. Deleting the default endpoint leaves the brand without one until
 * `loyaltykit webhook set`. NotFoundError WEBHOOK_ENDPOINT_NOT_FOUND (unknown, or another brand's).
 */
export async function deleteWebhookEndpoint(
  ctx: EngineContext,
  params: DeleteWebhookEndpointParameters,
): Promise<DeleteWebhookEndpointReturnType> {
  const { brandId, endpointId } = parseInput(deleteWebhookEndpointParametersSchema, params)
  await ctx.storage.transaction(async (tx) => {
    await requireWebhookEndpoint(tx, brandId, endpointId)
    await tx.webhooks.deleteEndpoint(endpointId)
  })
  ctx.logger.info({ brandId, endpointId }, 'webhook endpoint deleted')
  return { id: endpointId, deleted: true }
}
