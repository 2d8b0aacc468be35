import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { WebhookEndpointRecord } from '../ports/webhook-store'
import { brandIdSchema } from '../schemas/brand-id'

export const listWebhookEndpointsParametersSchema = z.object({ brandId: brandIdSchema })

export type ListWebhookEndpointsParameters = z.input<typeof listWebhookEndpointsParametersSchema>

/** A brand's webhook endpoints, oldest first, never their secrets. BRAND_NOT_FOUND. */
export async function listWebhookEndpoints(
  ctx: EngineContext,
  params: ListWebhookEndpointsParameters,
): Promise<WebhookEndpointRecord[]> {
  const p = parseInput(listWebhookEndpointsParametersSchema, params)
  await requireBrand(ctx.storage, p.brandId)
  return ctx.storage.webhooks.listEndpoints(p.brandId)
}
