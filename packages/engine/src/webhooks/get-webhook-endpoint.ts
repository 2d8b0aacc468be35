import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { WebhookEndpointRecord } from '../ports/webhook-store'

/** Any string: an unknown brand has no endpoint. */
export const getWebhookEndpointParametersSchema = z.object({ brandId: z.string() })

export type GetWebhookEndpointParameters = z.input<typeof getWebhookEndpointParametersSchema>

/** A brand's default webhook endpoint (the one `webhook set` manages), never its secret; undefined when it has none. */
export async function getWebhookEndpoint(
  ctx: EngineContext,
  params: GetWebhookEndpointParameters,
): Promise<WebhookEndpointRecord | undefined> {
  const p = parseInput(getWebhookEndpointParametersSchema, params)
  return ctx.storage.webhooks.getDefaultEndpoint(p.brandId)
}
