import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type { DiagnosticResponse } from '../types/wire'

export type DiagnosticResource = {
  /** GET /loyalty-api/diagnostic (no authentication). */
  get(options?: RequestOptions): Promise<DiagnosticResponse>
}

export function diagnosticResource(ctx: ClientContext): DiagnosticResource {
  return {
    get: (options) =>
      sendRequest(ctx, { name: 'diagnostic.get', method: 'GET', path: '/loyalty-api/diagnostic' }, options),
  }
}
