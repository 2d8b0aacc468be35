export type SendWebhookResult = (
  | { acknowledged: true; statusCode: number }
  | { acknowledged: false; statusCode: number | null; error: string }
) & {
  /** From sending the request to the response's status line (or the failure), in ms. */
  latencyMs: number
}

const ERROR_BODY_BYTES = 256

/**
 * One POST of a signed body. 2xx is an acknowledgement; any other status (redirects are not
 * followed), a network error or the timeout is a failure, described in `error` (with the start of
 * the response body, which never holds our secret).
 */
export async function sendWebhook(p: {
  url: string
  headers: Record<string, string>
  body: string
  timeoutMs: number
  fetch: typeof fetch
}): Promise<SendWebhookResult> {
  const signal = AbortSignal.timeout(p.timeoutMs)
  const started = performance.now()
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10
  let response: Response
  try {
    response = await p.fetch(p.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...p.headers },
      body: p.body,
      redirect: 'manual',
      signal,
    })
  } catch (error) {
    return { acknowledged: false, statusCode: null, error: describe(error, signal, p.timeoutMs), latencyMs: elapsed() }
  }
  const latencyMs = elapsed()
  if (response.status >= 200 && response.status < 300) {
    await response.body?.cancel().catch(() => undefined)
    return { acknowledged: true, statusCode: response.status, latencyMs }
  }
  const excerpt = await readExcerpt(response)
  return {
    acknowledged: false,
    statusCode: response.status,
    error: `HTTP ${response.status}${excerpt ? `: ${excerpt}` : ''}`,
    latencyMs,
  }
}

function describe(error: unknown, signal: AbortSignal, timeoutMs: number): string {
  if (signal.aborted) return `timeout after ${timeoutMs} ms`
  const e = error as { message?: string; cause?: { code?: string; message?: string } }
  const cause = e.cause?.code ?? e.cause?.message
  return `network error: ${e.message ?? String(error)}${cause ? ` (${cause})` : ''}`
}

async function readExcerpt(response: Response): Promise<string> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    while (size < ERROR_BODY_BYTES) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.byteLength
    }
  } catch {
    // A body cut short still says something; keep what arrived.
  } finally {
    await reader.cancel().catch(() => undefined)
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, ERROR_BODY_BYTES))
  return text.replace(/\s+/g, ' ').trim()
}
