import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { brandIdSchema } from '../schemas/brand-id'
import { encodeListCursor, listCursorSchema } from '../schemas/cursor-list'
import { toWebhookDelivery, type WebhookDelivery } from './webhook-delivery'
import { webhookEndpointIdSchema } from './webhook-endpoint-id'

export const listWebhookDeliveryPageParametersSchema = z.object({
  brandId: brandIdSchema,
  /** Only this endpoint's deliveries. */
  endpointId: webhookEndpointIdSchema.optional(),
  status: z.enum(['pending', 'delivered', 'failed']).optional(),
  /** 1 to 200, default 50 (out of range: a validation error, never clamped). */
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** `nextCursor` of the previous page, with the same filters. */
  cursor: listCursorSchema.optional(),
})

export type ListWebhookDeliveryPageParameters = z.input<typeof listWebhookDeliveryPageParametersSchema>

export type ListWebhookDeliveryPageReturnType = {
  /** Newest first. */
  data: WebhookDelivery[]
  /** The `cursor` of the next page; null on the last one. */
  nextCursor: string | null
}

/**
 * One page of a brand's delivery log, newest first, optionally of one endpoint and one status
 * (keyset on (createdAt, id): a page never repeats or skips a delivery when newer ones arrive).
 * BRAND_NOT_FOUND; an endpoint id of no delivery gives an empty page.
 */
export async function listWebhookDeliveryPage(
  ctx: EngineContext,
  params: ListWebhookDeliveryPageParameters,
): Promise<ListWebhookDeliveryPageReturnType> {
  const p = parseInput(listWebhookDeliveryPageParametersSchema, params, 'Invalid deliveries query')
  await requireBrand(ctx.storage, p.brandId)
  const rows = await ctx.storage.webhooks.listDeliveries({
    brandId: p.brandId,
    endpointId: p.endpointId,
    status: p.status,
    before: p.cursor,
    limit: p.limit + 1,
  })
  const page = rows.slice(0, p.limit)
  const last = page.at(-1)
  return {
    data: page.map(toWebhookDelivery),
    nextCursor: rows.length > p.limit && last ? encodeListCursor({ createdAt: last.createdAt, id: last.id }) : null,
  }
}
