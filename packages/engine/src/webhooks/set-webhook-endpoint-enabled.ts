import { z } from 'zod'
import type { EngineContext } from '../context'
import { NotFoundError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import type { WebhookEndpointRecord } from '../ports/webhook-store'
import { brandIdSchema } from '../schemas/brand-id'

export const setWebhookEndpointEnabledParametersSchema = z.object({ brandId: brandIdSchema, enabled: z.boolean() })

export type SetWebhookEndpointEnabledParameters = z.input<typeof setWebhookEndpointEnabledParametersSchema>

/**
 * Disables or re-enables a brand's default endpoint, keeping its URL and secret. While disabled,
 * accepted events enqueue no delivery for it and its pending deliveries are held; re-enabled, the held
 * ones are sent. NotFoundError (WEBHOOK_ENDPOINT_NOT_FOUND) when the brand has no default endpoint.
 * Any endpoint: `updateWebhookEndpoint({ enabled })`.
 */
export async function setWebhookEndpointEnabled(
  ctx: EngineContext,
  params: SetWebhookEndpointEnabledParameters,
): Promise<WebhookEndpointRecord> {
  const p = parseInput(setWebhookEndpointEnabledParametersSchema, params)
  return ctx.storage.transaction(async (tx) => {
    const current = await tx.webhooks.getDefaultEndpoint(p.brandId)
    const endpoint = current
      ? await tx.webhooks.updateEndpoint({ id: current.id, changes: { enabled: p.enabled }, now: ctx.clock.now() })
      : undefined
    if (!endpoint) {
      throw new NotFoundError(`Brand ${p.brandId} has no webhook endpoint`, 'WEBHOOK_ENDPOINT_NOT_FOUND', {
        brandId: p.brandId,
      })
    }
    return endpoint
  })
}
