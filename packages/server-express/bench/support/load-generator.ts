import { Pool } from 'undici'
import { type LatencySummary, latencySummary } from './latency-summary'

/** One request; `body` is sent as `application/json`. */
type LoadRequest = {
  method: 'GET' | 'POST'
  path: string
  body?: string
  headers?: Record<string, string>
}

/** What the load generator sends: `request(i)` is the i-th request (0-based, in send order). */
export type LoadTarget = {
  /** `http://127.0.0.1:PORT` */
  origin: string
  request(i: number): LoadRequest
}

/**
 * Closed loop (no `rate`): `connections` clients, each sending its next request as soon as its last
 * one is answered, for `seconds` → the most the server answers. Open loop (`rate` requests/s):
 * requests leave at fixed scheduled times whatever the answers, over a pool of `connections`
 * keep-alive connections (a request finding none free waits for one); each latency is measured
 * from the request's scheduled time, so a server that falls behind shows it in every later
 * latency (no coordinated omission).
 */
export type LoadShape = { connections: number; seconds: number; rate?: number | undefined }

/** One answer; `status` 0 when the request failed without an HTTP answer (its `body` is the error). */
export type LoadResponse = { index: number; status: number; body: string }

export type LoadResult = {
  mode: 'closed' | 'open'
  requests: number
  /** From the first send to the last answer. */
  seconds: number
  /** Count per HTTP status (`"error"`: no answer: connection refused, reset…). */
  statuses: Record<string, number>
  /** Answers that were not 200, network errors included. */
  failures: number
  latencyMs: LatencySummary
  /** Open loop: the largest delay between a request's scheduled time and when it actually left. */
  maxSendLagMs: number | undefined
  /** CPU used by this process (the load generator) per request. */
  clientCpuMsPerRequest: number
}

/** Drives `target` with `shape`; `onResponse` sees every answer (e.g. to read the 200 bodies). */
export async function runLoad(
  target: LoadTarget,
  shape: LoadShape,
  onResponse?: (r: LoadResponse) => void,
): Promise<LoadResult> {
  const pool = new Pool(target.origin, {
    connections: shape.connections,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    keepAliveMaxTimeout: 600_000,
  })
  const statuses: Record<string, number> = {}
  const latencies: number[] = []
  let last = 0

  /** Sends request `i`; its latency counts from `from` (send time, or scheduled time in open loop). */
  const send = async (i: number, from: number) => {
    let status = 0
    let body: string
    try {
      const r = target.request(i)
      const res = await pool.request({
        path: r.path,
        method: r.method,
        headers: r.body === undefined ? (r.headers ?? {}) : { 'content-type': 'application/json', ...r.headers },
        body: r.body ?? null,
      })
      status = res.statusCode
      body = await res.body.text()
    } catch (e) {
      body = e instanceof Error ? `${e.name}: ${e.message}` : String(e)
    }
    last = performance.now()
    latencies.push(last - from)
    const key = status === 0 ? 'error' : String(status)
    statuses[key] = (statuses[key] ?? 0) + 1
    onResponse?.({ index: i, status, body })
  }

  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const deadline = started + shape.seconds * 1000
  let sent = 0
  let maxSendLagMs: number | undefined
  try {
    if (shape.rate === undefined) {
      await Promise.all(
        Array.from({ length: shape.connections }, async () => {
          while (performance.now() < deadline) await send(sent++, performance.now())
        }),
      )
    } else {
      const rate = shape.rate
      const total = Math.max(1, Math.round(rate * shape.seconds))
      const inFlight: Promise<void>[] = []
      maxSendLagMs = 0
      await new Promise<void>((resolve) => {
        const tick = () => {
          const now = performance.now()
          const due = Math.min(total, Math.floor(((now - started) * rate) / 1000) + 1)
          for (; sent < due; sent++) {
            const scheduled = started + (sent * 1000) / rate
            maxSendLagMs = Math.max(maxSendLagMs ?? 0, now - scheduled)
            inFlight.push(send(sent, scheduled))
          }
          if (sent >= total) resolve()
          else setTimeout(tick, Math.max(0, started + (sent * 1000) / rate - performance.now()))
        }
        tick()
      })
      await Promise.all(inFlight)
    }
  } finally {
    await pool.close()
  }
  const cpu = process.cpuUsage(cpuBefore)
  const requests = latencies.length
  return {
    mode: shape.rate === undefined ? 'closed' : 'open',
    requests,
    seconds: (Math.max(last, started) - started) / 1000,
    statuses,
    failures: requests - (statuses['200'] ?? 0),
    latencyMs: latencySummary(latencies),
    maxSendLagMs,
    clientCpuMsPerRequest: requests === 0 ? 0 : (cpu.user + cpu.system) / 1000 / requests,
  }
}
