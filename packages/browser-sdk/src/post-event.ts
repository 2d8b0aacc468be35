import type { TrackResponse } from './types'

/**
 * POSTs one event (a JSON body) to `{endpoint}/loyalty-api/manual-event` and resolves with the answer; never
 * rejects. JSON answers resolve as they came (error bodies get `success: false` if they lack it);
 * anything else resolves with `{ success: false, error, code }`. No cookies are sent, and
 * `keepalive` lets the request finish when the page navigates away right after.
 */
export async function postEvent(endpoint: string, body: string): Promise<TrackResponse> {
  let response: Response
  try {
    response = await fetch(`${endpoint.replace(/\/+$/, '')}/loyalty-api/manual-event`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      credentials: 'omit',
      keepalive: true,
    })
  } catch {
    return {
      success: false,
      error: 'Network error: the loyalty server could not be reached or did not allow this site (CORS)',
      code: 'NETWORK_ERROR',
    }
  }
  let data: unknown
  try {
    data = await response.json()
  } catch {}
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return { success: false, error: `Unexpected response (HTTP ${response.status})`, code: 'BAD_RESPONSE' }
  }
  const record = data as Record<string, unknown>
  return response.ok ? { ...record, success: record.success !== false } : { ...record, success: false }
}
