import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type { HealthResponse } from '../types/wire'

export type HealthResource = {
  /** GET /loyalty-api/health (no authentication; never rate limited). */
  get(options?: RequestOptions): Promise<HealthResponse>
}

export function healthResource(ctx: ClientContext): HealthResource {
  return {
    get: (options) => sendRequest(ctx, { name: 'health.get', method: 'GET', path: '/loyalty-api/health' }, options),
  }
}
