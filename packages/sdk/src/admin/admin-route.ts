import type { RequestOptions } from '../client/client-options'
import type { HttpMethod, QueryValue } from '../core/api-route'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'

/** Where the server mounts the admin API (docs/admin-api.md). */
const ADMIN_BASE_PATH = '/admin/v1'

/** A path segment, encoded (brand ids, wallet addresses, emails, event types, ids). */
export const seg = (value: string) => encodeURIComponent(value)

/** One admin request with the client's `adminKey` (`Authorization: Bearer`); answers the whole body. */
export function adminRequest<T>(
  ctx: ClientContext,
  p: { name: string; method: HttpMethod; path: string; query?: Record<string, QueryValue>; body?: unknown },
  options?: RequestOptions,
): Promise<T> {
  return sendRequest<T>(
    ctx,
    {
      name: `admin.${p.name}`,
      method: p.method,
      path: `${ADMIN_BASE_PATH}${p.path}`,
      query: p.query,
      body: p.body,
      auth: 'adminKey',
    },
    options,
  )
}

/** The same, answering the body's `data` (every admin route that answers one object). */
export async function adminData<T>(
  ctx: ClientContext,
  p: Parameters<typeof adminRequest>[1],
  options?: RequestOptions,
): Promise<T> {
  return (await adminRequest<{ data: T }>(ctx, p, options)).data
}
