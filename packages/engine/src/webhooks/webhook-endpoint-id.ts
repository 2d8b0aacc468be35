import { z } from 'zod'
import type { Ids } from '../ports/ids'

/** A webhook endpoint id as a parameter: any short string (an unknown one is a 404, not a 400). */
export const webhookEndpointIdSchema = z.string().min(1).max(100)

/** A fresh endpoint id: `we_<32 hex>`. */
export function newWebhookEndpointId(ids: Ids): string {
  return `we_${ids.uuid().replaceAll('-', '')}`
}
