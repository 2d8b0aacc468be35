import { z } from 'zod'
import type { EngineContext } from '../context'
import { NotFoundError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import { toWebhookDelivery, type WebhookDelivery } from './webhook-delivery'

export const redeliverWebhookParametersSchema = z.object({ deliveryId: z.string() })

export type RedeliverWebhookParameters = z.input<typeof redeliverWebhookParametersSchema>

/**
 * Schedules a delivery again now, whatever its state (delivered, failed, or pending: an attempt in
 * flight is voided): `pending`, attempts reset to 0, a full retry schedule ahead, the same
 * `webhook-id`. A running dispatcher in this process is woken by the caller (`dispatcher.wake()`);
 * others pick it up at their next poll. NotFoundError (WEBHOOK_DELIVERY_NOT_FOUND) for an unknown id.
 */
export async function redeliverWebhook(
  ctx: EngineContext,
  params: RedeliverWebhookParameters,
): Promise<WebhookDelivery> {
  const { deliveryId } = parseInput(redeliverWebhookParametersSchema, params)
  const rescheduled = await ctx.storage.webhooks.reschedule({ id: deliveryId, now: ctx.clock.now() })
  const record = rescheduled ? await ctx.storage.webhooks.getDelivery(deliveryId) : undefined
  if (!record) {
    throw new NotFoundError(`Webhook delivery ${deliveryId} not found`, 'WEBHOOK_DELIVERY_NOT_FOUND', {
      deliveryId,
    })
  }
  return toWebhookDelivery(record)
}
