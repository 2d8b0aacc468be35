import { AdminError } from './admin-error'

export type AdminRequest = {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  body?: unknown
  query?: Record<string, string | number | undefined>
}

/**
 * The dashboard's one door to the server: `fetch` to `/admin/v1` with the session cookie (same
 * origin; HttpOnly, so this code never sees it), `X-CSRF-Token` on every non-GET request and an
 * `Idempotency-Key` on every POST. A 401 means the session ended (expired or signed out elsewhere):
 * `onExpired` runs, then the error is thrown.
 */
export class AdminClient {
  csrfToken: string | null = null
  onExpired: () => void = () => {}

  async request<T>(path: string, r: AdminRequest = {}): Promise<T> {
    const method = r.method ?? 'GET'
    const headers: Record<string, string> = { accept: 'application/json' }
    if (r.body !== undefined) headers['content-type'] = 'application/json'
    if (method !== 'GET' && this.csrfToken) headers['x-csrf-token'] = this.csrfToken
    if (method === 'POST') headers['idempotency-key'] = crypto.randomUUID()
    const query = Object.entries(r.query ?? {}).filter((e): e is [string, string | number] => e[1] !== undefined)
    const search = query.length > 0 ? `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}` : ''
    let res: Response
    try {
      res = await fetch(`/admin/v1${path}${search}`, {
        method,
        headers,
        credentials: 'same-origin',
        ...(r.body !== undefined ? { body: JSON.stringify(r.body) } : {}),
      })
    } catch {
      throw new AdminError(0, 'network', 'The server cannot be reached.')
    }
    const text = await res.text()
    const json = text === '' ? undefined : safeJson(text)
    if (!res.ok) {
      const e = (json as { error?: { code?: string; message?: string } } | undefined)?.error
      const error = new AdminError(
        res.status,
        e?.code ?? 'http_error',
        e?.message ?? `The server answered ${res.status}.`,
      )
      if (res.status === 401 && path !== '/session') this.onExpired()
      throw error
    }
    return json as T
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
