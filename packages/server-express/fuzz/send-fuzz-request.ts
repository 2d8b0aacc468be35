import { type Agent, request } from 'node:http'
import type { FuzzRequest } from './fuzz-request'

/** What came back: status, headers and at most the first 64 KB of the body. */
export type FuzzAnswer = {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  ms: number
}

const MAX_BODY = 64 * 1024

function sendOnce(base: URL, r: FuzzRequest, agent: Agent, timeoutMs: number): Promise<FuzzAnswer> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        method: r.method,
        path: r.path,
        headers: { ...r.headers, ...(r.body ? { 'content-length': String(r.body.length) } : {}) },
        agent,
        timeout: timeoutMs,
        insecureHTTPParser: false,
      },
      (res) => {
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (c: Buffer) => {
          if (size < MAX_BODY) chunks.push(c)
          size += c.length
        })
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).subarray(0, MAX_BODY).toString('utf8'),
            ms: performance.now() - started,
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    req.on('error', reject)
    req.end(r.body)
  })
}

/** Sends the request over `agent` (`repeat` times: a replayed signature) and answers the last answer. */
export async function sendFuzzRequest(
  base: URL,
  r: FuzzRequest,
  agent: Agent,
  timeoutMs = 30_000,
): Promise<FuzzAnswer> {
  let answer = await sendOnce(base, r, agent, timeoutMs)
  for (let i = 1; i < (r.repeat ?? 1); i++) answer = await sendOnce(base, r, agent, timeoutMs)
  return answer
}
