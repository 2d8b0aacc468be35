import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { WebhookEndpointChanges, WebhookEndpointRecord } from '../ports/webhook-store'
import { brandIdSchema } from '../schemas/brand-id'
import { requireWebhookEndpoint } from './require-webhook-endpoint'
import { webhookEndpointDescriptionSchema } from './webhook-endpoint-description'
import { webhookEndpointEventTypesSchema } from './webhook-endpoint-event-types'
import { webhookEndpointIdSchema } from './webhook-endpoint-id'
import { webhookUrlSchema } from './webhook-url'

export const updateWebhookEndpointParametersSchema = z.object({
  brandId: brandIdSchema,
  endpointId: webhookEndpointIdSchema,
  url: webhookUrlSchema.optional(),
  eventTypes: webhookEndpointEventTypesSchema.optional(),
  /** null clears it. */
  description: webhookEndpointDescriptionSchema.nullable().optional(),
  /** false: nothing is sent to it (new events enqueue nothing for it, pending deliveries are held). */
  enabled: z.boolean().optional(),
})

export type UpdateWebhookEndpointParameters = z.input<typeof updateWebhookEndpointParametersSchema>

/**
 * Changes an endpoint's URL, event types, description or enabled flag (the fields given; none: the
 * endpoint as it is). The secret is unchanged (`rotateWebhookEndpointSecret`). A new URL applies to
 * the pending deliveries too. Event types apply to events accepted from now on. NotFoundError
 * WEBHOOK_ENDPOINT_NOT_FOUND (unknown, or another brand's).
 */
export async function updateWebhookEndpoint(
  ctx: EngineContext,
  params: UpdateWebhookEndpointParameters,
): Promise<WebhookEndpointRecord> {
  const { brandId, endpointId, url, eventTypes, description, enabled } = parseInput(
    updateWebhookEndpointParametersSchema,
    params,
    'Invalid webhook endpoint',
  )
  return ctx.storage.transaction(async (tx) => {
    await requireWebhookEndpoint(tx, brandId, endpointId)
    const changes: WebhookEndpointChanges = {
      ...(url === undefined ? {} : { url }),
      ...(eventTypes === undefined ? {} : { eventTypes }),
      ...(description === undefined ? {} : { description }),
      ...(enabled === undefined ? {} : { enabled }),
    }
    const updated = await tx.webhooks.updateEndpoint({ id: endpointId, changes, now: ctx.clock.now() })
    if (!updated) throw new Error(`webhook endpoint ${endpointId} vanished during its update`)
    return updated
  })
}
