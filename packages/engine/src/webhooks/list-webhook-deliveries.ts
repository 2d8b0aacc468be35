import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { brandIdSchema } from '../schemas/brand-id'
import { toWebhookDelivery, type WebhookDelivery } from './webhook-delivery'

export const listWebhookDeliveriesParametersSchema = z.object({
  brandId: brandIdSchema,
  /** Newest first; default 50, at most 1000. */
  limit: z.number().int().min(1).max(1000).default(50),
})

export type ListWebhookDeliveriesParameters = z.input<typeof listWebhookDeliveriesParametersSchema>

/** A brand's delivery log, newest first. */
export async function listWebhookDeliveries(
  ctx: EngineContext,
  params: ListWebhookDeliveriesParameters,
): Promise<WebhookDelivery[]> {
  const p = parseInput(listWebhookDeliveriesParametersSchema, params)
  const records = await ctx.storage.webhooks.listDeliveries({ brandId: p.brandId, limit: p.limit })
  return records.map(toWebhookDelivery)
}
