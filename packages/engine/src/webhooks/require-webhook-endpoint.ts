import { NotFoundError } from '../errors/common-errors'
import type { Stores } from '../ports/storage'
import type { WebhookEndpointRecord } from '../ports/webhook-store'

/**
 * The brand's endpoint `endpointId`, or NotFoundError WEBHOOK_ENDPOINT_NOT_FOUND (also for another
 * brand's endpoint: its existence is not revealed). Works on `ctx.storage` or a transaction's stores.
 */
export async function requireWebhookEndpoint(
  stores: Pick<Stores, 'webhooks'>,
  brandId: string,
  endpointId: string,
): Promise<WebhookEndpointRecord> {
  const endpoint = await stores.webhooks.getEndpoint(endpointId)
  if (!endpoint || endpoint.brandId !== brandId) {
    throw new NotFoundError(`Webhook endpoint ${endpointId} not found`, 'WEBHOOK_ENDPOINT_NOT_FOUND', {
      brandId,
      endpointId,
    })
  }
  return endpoint
}
