import type { FetchLike } from '../client/client-options'

/** The result of one HTTP attempt; a thrown value only ever means the caller's signal aborted. */
export type AttemptResult =
  | { kind: 'response'; status: number; headers: Record<string, string>; rawBody: string }
  | { kind: 'network'; error: unknown }
  | { kind: 'timeout' }

export type AttemptFetchParameters = {
  fetch: FetchLike
  url: string
  init: { method: string; headers: Headers; body?: string }
  /** Covers the whole attempt: connecting, headers and reading the body. */
  timeout: number
  signal?: AbortSignal | undefined
}

function headersToRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {}
  headers.forEach((value, name) => {
    out[name.toLowerCase()] = value
  })
  return out
}

/**
 * One attempt with its own timeout. Network failures and timeouts are returned, not thrown, so the
 * retry loop can decide; an abort of the caller's `signal` is rethrown as the signal's reason.
 */
export async function attemptFetch(p: AttemptFetchParameters): Promise<AttemptResult> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, p.timeout)
  const onAbort = () => controller.abort(p.signal?.reason)
  p.signal?.addEventListener('abort', onAbort, { once: true })
  try {
    const response = await p.fetch(p.url, { ...p.init, signal: controller.signal })
    const rawBody = await response.text()
    return { kind: 'response', status: response.status, headers: headersToRecord(response.headers), rawBody }
  } catch (error) {
    if (p.signal?.aborted) throw p.signal.reason
    if (timedOut) return { kind: 'timeout' }
    return { kind: 'network', error }
  } finally {
    clearTimeout(timer)
    p.signal?.removeEventListener('abort', onAbort)
  }
}
