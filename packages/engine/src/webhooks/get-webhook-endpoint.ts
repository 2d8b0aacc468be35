import type { EngineContext } from '../context'
import type { WebhookEndpointRecord } from '../ports/webhook-store'

/** A brand's webhook endpoint (URL, enabled), never its secret; undefined when it has none. */
export async function getWebhookEndpoint(
  ctx: EngineContext,
  params: { brandId: string },
): Promise<WebhookEndpointRecord | undefined> {
  return ctx.storage.webhooks.getEndpoint(params.brandId)
}
