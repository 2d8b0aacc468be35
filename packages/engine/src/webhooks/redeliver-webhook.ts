import { z } from 'zod'
import type { EngineContext } from '../context'
import { NotFoundError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import { brandIdSchema } from '../schemas/brand-id'
import { toWebhookDelivery, type WebhookDelivery } from './webhook-delivery'

export const redeliverWebhookParametersSchema = z.object({
  deliveryId: z.string(),
  /** When given, a delivery of another brand is not found (the admin API's scope). */
  brandId: brandIdSchema.optional(),
})

export type RedeliverWebhookParameters = z.input<typeof redeliverWebhookParametersSchema>

/**
 * Schedules a delivery again now, whatever its state (delivered, failed, or pending: an attempt in
 * flight is voided): `pending`, attempts reset to 0, a full retry schedule ahead, the same
 * `webhook-id`. A running dispatcher in this process is woken by the caller (`dispatcher.wake()`);
 * others pick it up at their next poll. NotFoundError (WEBHOOK_DELIVERY_NOT_FOUND) for an unknown id
 * or, with `brandId`, another brand's delivery.
 */
export async function redeliverWebhook(
  ctx: EngineContext,
  params: RedeliverWebhookParameters,
): Promise<WebhookDelivery> {
  const { deliveryId, brandId } = parseInput(redeliverWebhookParametersSchema, params)
  const owner = brandId === undefined ? undefined : await ctx.storage.webhooks.getDelivery(deliveryId)
  const foreign = brandId !== undefined && owner?.brandId !== brandId
  const rescheduled = !foreign && (await ctx.storage.webhooks.reschedule({ id: deliveryId, now: ctx.clock.now() }))
  const record = rescheduled ? await ctx.storage.webhooks.getDelivery(deliveryId) : undefined
  if (!record) {
    throw new NotFoundError(`Webhook delivery ${deliveryId} not found`, 'WEBHOOK_DELIVERY_NOT_FOUND', {
      deliveryId,
    })
  }
  return toWebhookDelivery(record)
}
