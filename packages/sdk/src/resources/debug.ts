import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type { DebugResponse } from '../types/wire'

export type DebugResource = {
  /** GET /loyalty-api/debug (no authentication). */
  get(options?: RequestOptions): Promise<DebugResponse>
}

export function debugResource(ctx: ClientContext): DebugResource {
  return {
    get: (options) => sendRequest(ctx, { name: 'debug.get', method: 'GET', path: '/loyalty-api/debug' }, options),
  }
}
